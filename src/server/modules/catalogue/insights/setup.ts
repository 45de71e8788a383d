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

/**
 * A product a shopper could buy now (the set-up checklist, launch): active, public, and in stock
 * (stock not tracked, some of its own stock free, or a variant with some free).
 */
export async function hasSellableProduct(tx: Tx, tenantId: string): Promise<boolean> {
  const [row] = rowsOf<{ sellable: boolean }>(
    await tx.execute(sql`
      select exists (
        select 1 from products p
        where p.tenant_id = ${tenantId} and p.status = 'active' and p.visibility = 'public'
          and (not p.track_inventory
               or coalesce(p.stock_quantity, 0) > p.reserved_quantity
               or exists (select 1 from product_variants v
                          where v.tenant_id = ${tenantId} and v.product_id = p.id and v.stock_quantity > v.reserved_quantity))
      ) as sellable`),
  );
  return Boolean(row?.sellable);
}
