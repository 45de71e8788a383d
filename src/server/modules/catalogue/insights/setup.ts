import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { rowsOf } from '../../../db/rows';

/** Whether the store has any categories and any products that are not archived (the dashboard's setup steps). */
export async function catalogueSetup(tx: Tx, tenantId: string): Promise<{ has_categories: boolean; has_products: boolean }> {
  return rowsOf<{ has_categories: boolean; has_products: boolean }>(
    await tx.execute(sql`
      select exists (select 1 from categories where tenant_id = ${tenantId}) as has_categories,
             exists (select 1 from products where tenant_id = ${tenantId} and status <> 'archived') as has_products`),
  )[0];
}
