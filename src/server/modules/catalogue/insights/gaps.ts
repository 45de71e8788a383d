import { sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';

/** Stock at or below this counts as low (admin spec §9). */
export const LOW_STOCK_AT = 5;
/** Names quoted in one suggestion's wording. */
const EXAMPLES = 3;

export interface Gap {
  total: number;
  names: string[];
  /** The first product's id, for a direct edit link when it is the only one. */
  firstId: string | null;
}

/** Products not archived that match a condition: how many, and the first few names (newest first). */
async function productGap(ctx: TenantCtx, condition: SQL, order: SQL = sql`p.updated_at desc, p.id`, label: SQL = sql`p.name`): Promise<Gap> {
  const rows = rowsOf<{ id: string; label: string; total: number }>(
    await ctx.tx.execute(sql`
      select p.id, ${label} as label, (count(*) over ())::int as total
      from products p
      where p.tenant_id = ${ctx.tenantId} and p.status <> 'archived' and (${condition})
      order by ${order} limit ${EXAMPLES}`),
  );
  return { total: rows[0]?.total ?? 0, names: rows.map((r) => r.label), firstId: rows[0]?.id ?? null };
}

const noDescription = sql`p.description is null or btrim(p.description) = ''`;
const noImages = sql`not exists (select 1 from product_images i where i.tenant_id = p.tenant_id and i.product_id = p.id)`;
const noMeta = sql`coalesce(btrim(p.meta_title), '') = '' or coalesce(btrim(p.meta_description), '') = ''`;
const lowStock = sql`p.track_inventory and p.stock_quantity is not null and p.stock_quantity <= ${LOW_STOCK_AT}`;
const noCategory = sql`not exists (select 1 from product_categories pc where pc.tenant_id = p.tenant_id and pc.product_id = p.id)`;

export interface StoreGaps {
  missingDescription: Gap;
  missingImages: Gap;
  missingMeta: Gap;
  lowStock: Gap;
  emptyCategories: Gap;
}

/** What the store's data says needs doing (Store Brain, quick wins). */
export async function storeGaps(ctx: TenantCtx): Promise<StoreGaps> {
  return {
    missingDescription: await productGap(ctx, noDescription),
    missingImages: await productGap(ctx, noImages),
    missingMeta: await productGap(ctx, noMeta),
    lowStock: await productGap(ctx, lowStock, sql`p.stock_quantity, p.name`, sql`p.name || ' (' || p.stock_quantity || ' left)'`),
    emptyCategories: await emptyCategories(ctx),
  };
}

/** Products (not archived) with no description: the dashboard's Content Issues figure. */
export const missingDescription = (ctx: TenantCtx): Promise<Gap> => productGap(ctx, noDescription);

/** Categories with no products of their own and no subcategories (a parent may hold only children). */
async function emptyCategories(ctx: TenantCtx): Promise<Gap> {
  const rows = rowsOf<{ id: string; name: string; total: number }>(
    await ctx.tx.execute(sql`
      select c.id, c.name, (count(*) over ())::int as total
      from categories c
      where c.tenant_id = ${ctx.tenantId}
        and not exists (select 1 from product_categories pc where pc.tenant_id = c.tenant_id and pc.category_id = c.id)
        and not exists (select 1 from categories ch where ch.tenant_id = c.tenant_id and ch.parent_id = c.id)
      order by c.display_order, c.name limit ${EXAMPLES}`),
  );
  return { total: rows[0]?.total ?? 0, names: rows.map((r) => r.name), firstId: rows[0]?.id ?? null };
}

export interface ProductGaps {
  id: string;
  name: string;
  stock_quantity: number | null;
  missingDescription: boolean;
  missingImages: boolean;
  missingMeta: boolean;
  lowStock: boolean;
  noCategory: boolean;
}

/** One product's gaps (the product page's suggestions); null when it is not this store's. */
export async function productGaps(ctx: TenantCtx, productId: string): Promise<ProductGaps | null> {
  const rows = rowsOf<ProductGaps>(
    await ctx.tx.execute(sql`
      select p.id, p.name, p.stock_quantity,
        (${noDescription}) as "missingDescription", (${noImages}) as "missingImages", (${noMeta}) as "missingMeta",
        coalesce((${lowStock}), false) as "lowStock", (${noCategory}) as "noCategory"
      from products p
      where p.tenant_id = ${ctx.tenantId} and p.id = ${productId}::uuid`),
  );
  return rows[0] ?? null;
}

/** A product of this store for the form helpers' context; null when not found here. */
export async function productForContext(ctx: TenantCtx, productId: string) {
  const rows = rowsOf<{ name: string; description: string | null; brand: string | null; sku: string; bullets: string[]; meta_title: string | null; meta_description: string | null }>(
    await ctx.tx.execute(sql`
      select name, description, brand, sku, bullets, meta_title, meta_description
      from products where tenant_id = ${ctx.tenantId} and id = ${productId}::uuid`),
  );
  return rows[0] ?? null;
}
