import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import type { StoredProduct, StoredVariant } from './apply-reads';

// The import writer's bulk writes: each is one statement for the whole chunk, its rows as one jsonb
// parameter read by jsonb_to_recordset (no parameter limit, one plan).

/** A product's columns as the import writes them. */
export type ProductValues = Omit<StoredProduct, 'id' | 'reserved_quantity' | 'has_variants'>;
export type VariantValues = Pick<StoredVariant, 'sku' | 'price' | 'sale_price' | 'stock_quantity' | 'options' | 'position'>;

const json = (rows: readonly unknown[]) => JSON.stringify(rows);

const PRODUCT_RECORD = sql`r(ord int, id uuid, name text, slug text, sku text, brand text, description text, base_price int, sale_price int,
  status text, visibility text, is_featured boolean, track_inventory boolean, stock_quantity int, bullets jsonb, gtin text, mpn text,
  meta_title text, meta_description text)`;

/** Inserts the products (in order) and answers SKU -> new id. */
export async function insertProducts(ctx: TenantCtx, rows: ProductValues[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const result = rowsOf<{ id: string; sku: string }>(await ctx.tx.execute(sql`
    insert into products (tenant_id, name, slug, sku, brand, description, base_price, sale_price, status, visibility, is_featured,
                          track_inventory, stock_quantity, bullets, gtin, mpn, meta_title, meta_description)
    select ${ctx.tenantId}::uuid, r.name, r.slug, r.sku, r.brand, r.description, r.base_price, r.sale_price, r.status, r.visibility,
           r.is_featured, r.track_inventory, r.stock_quantity, coalesce(r.bullets, '[]'::jsonb), r.gtin, r.mpn, r.meta_title, r.meta_description
    from jsonb_to_recordset(${json(rows.map((r, ord) => ({ ...r, ord })))}::jsonb) as ${PRODUCT_RECORD}
    order by r.ord
    returning id, sku`));
  return new Map(result.map((r) => [r.sku, r.id]));
}

/** Rewrites these products' columns (and updated_at): only products where something changed come here. */
export async function updateProducts(ctx: TenantCtx, rows: (ProductValues & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.tx.execute(sql`
    update products p set name = r.name, slug = r.slug, brand = r.brand, description = r.description, base_price = r.base_price,
      sale_price = r.sale_price, status = r.status, visibility = r.visibility, is_featured = r.is_featured,
      track_inventory = r.track_inventory, stock_quantity = r.stock_quantity, bullets = coalesce(r.bullets, '[]'::jsonb), gtin = r.gtin,
      mpn = r.mpn, meta_title = r.meta_title, meta_description = r.meta_description, updated_at = now()
    from jsonb_to_recordset(${json(rows.map((r, ord) => ({ ...r, ord })))}::jsonb) as ${PRODUCT_RECORD}
    where p.tenant_id = ${ctx.tenantId} and p.id = r.id`);
}

export async function deleteVariants(ctx: TenantCtx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.tx.execute(sql`
    delete from product_variants where tenant_id = ${ctx.tenantId} and id = any(array(select (jsonb_array_elements_text(${json(ids)}::jsonb))::uuid))`);
}

const VARIANT_RECORD = sql`r(ord int, id uuid, product_id uuid, sku text, price int, sale_price int, stock_quantity int, options jsonb, position int)`;

/** Changes variants in place: id, picture and units held stay. */
export async function updateVariants(ctx: TenantCtx, rows: (VariantValues & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.tx.execute(sql`
    update product_variants v set price = r.price, sale_price = r.sale_price, stock_quantity = r.stock_quantity,
      options = coalesce(r.options, '[]'::jsonb), position = r.position
    from jsonb_to_recordset(${json(rows)}::jsonb) as ${VARIANT_RECORD}
    where v.tenant_id = ${ctx.tenantId} and v.id = r.id`);
}

/** Inserts variants and answers variant SKU -> new id. */
export async function insertVariants(ctx: TenantCtx, rows: (VariantValues & { product_id: string })[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const result = rowsOf<{ id: string; sku: string }>(await ctx.tx.execute(sql`
    insert into product_variants (tenant_id, product_id, sku, price, sale_price, stock_quantity, options, position)
    select ${ctx.tenantId}::uuid, r.product_id, r.sku, r.price, r.sale_price, r.stock_quantity, coalesce(r.options, '[]'::jsonb), r.position
    from jsonb_to_recordset(${json(rows.map((r, ord) => ({ ...r, ord })))}::jsonb) as ${VARIANT_RECORD}
    order by r.ord
    returning id, sku`));
  return new Map(result.map((r) => [r.sku, r.id]));
}

/** Makes each listed product's categories exactly its one main category (or none). */
export async function replaceCategoryLinks(ctx: TenantCtx, links: { product_id: string; category_id: string | null }[]): Promise<void> {
  if (links.length === 0) return;
  await ctx.tx.execute(sql`
    delete from product_categories
    where tenant_id = ${ctx.tenantId} and product_id = any(array(select (jsonb_array_elements_text(${json(links.map((l) => l.product_id))}::jsonb))::uuid))`);
  const rows = links.filter((l) => l.category_id !== null);
  if (rows.length === 0) return;
  await ctx.tx.execute(sql`
    insert into product_categories (tenant_id, product_id, category_id, position)
    select ${ctx.tenantId}::uuid, r.product_id, r.category_id, 0
    from jsonb_to_recordset(${json(rows)}::jsonb) as r(product_id uuid, category_id uuid)`);
}

export async function insertImages(ctx: TenantCtx, rows: { product_id: string; image_url: string; source_url: string; position: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.tx.execute(sql`
    insert into product_images (tenant_id, product_id, image_url, source_url, position, alt_text)
    select ${ctx.tenantId}::uuid, r.product_id, r.image_url, r.source_url, r.position, null
    from jsonb_to_recordset(${json(rows)}::jsonb) as r(product_id uuid, image_url text, source_url text, position int)`);
}
