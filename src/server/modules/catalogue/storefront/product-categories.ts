import { sql } from 'drizzle-orm';
import type { StoreTx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';

/**
 * The categories each product is in, with every category above them (a product in "Mugs" under
 * "Kitchen" is in both): a discount for a category covers its sub-categories (issue 28).
 */
export async function productCategoryIds(ctx: StoreTx, productIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productIds.length === 0) return out;
  const rows = rowsOf<{ product_id: string; category_ids: string[] }>(
    await ctx.tx.execute(sql`
      with recursive up(product_id, category_id, depth) as (
        select pc.product_id, pc.category_id, 0 from product_categories pc
        where pc.tenant_id = ${ctx.tenantId} and pc.product_id = any(${`{${productIds.join(',')}}`}::uuid[])
        union
        select up.product_id, c.parent_id, up.depth + 1 from up join categories c on c.id = up.category_id and c.tenant_id = ${ctx.tenantId}
        where c.parent_id is not null and up.depth < 20
      )
      select product_id, array_agg(distinct category_id) as category_ids from up group by product_id`),
  );
  for (const row of rows) out.set(row.product_id, row.category_ids);
  return out;
}
