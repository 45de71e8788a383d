import { sql, type SQL } from 'drizzle-orm';
import type { VatRate } from '../../../../shared/vat';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import type { AdminProductSort, ProductStatus, ProductVisibility } from '../../../../shared/admin-products';

// Admin reads and writes of products. Every statement names ctx.tenantId as well as relying on
// row-level security (DESIGN rule 2). Money is integer pence here.

/** The ledger note for stock the product form (or the list's tracking switch) set directly. */
export const FORM_STOCK_NOTE = 'Set on product form';

const run = async <T>(ctx: TenantCtx, query: SQL): Promise<T[]> => rowsOf<T>(await ctx.tx.execute(query));

/** The product fields the form writes (money in pence). */
export interface ProductWrite {
  name: string;
  slug: string;
  sku: string;
  brand: string | null;
  description: string | null;
  base_price: number;
  sale_price: number | null;
  status: ProductStatus;
  visibility: ProductVisibility;
  is_featured: boolean;
  track_inventory: boolean;
  stock_quantity: number | null;
  bullets: string[];
  meta_title: string | null;
  meta_description: string | null;
  /** Its own VAT rate; null: its main category's default, else standard (issue 25). */
  vat_rate: VatRate | null;
}

/** A stored product: what the form writes, plus what the database keeps. */
export interface ProductRow extends ProductWrite {
  id: string;
  /** The rate it sells at: its own, else its main category's, else standard. */
  effective_vat_rate: VatRate;
  reserved_quantity: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ListRow extends Pick<ProductRow, 'id' | 'name' | 'slug' | 'sku' | 'base_price' | 'sale_price' | 'status' | 'visibility' | 'is_featured' | 'track_inventory' | 'stock_quantity' | 'created_at'> {
  product_images: { image_url: string; alt_text: string | null }[];
  product_categories: { categories: { id: string; name: string } }[];
  price_range: { min: number; max: number; variants: number } | null;
}

export interface VariantRow {
  id: string;
  sku: string;
  price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  reserved_quantity: number;
  options: { name: string; value: string }[];
  image_id: string | null;
}

/** Pictures in display order (the first is the thumbnail) and categories main first, as JSON arrays. */
const IMAGES = sql`coalesce((select json_agg(json_build_object('image_url', i.image_url, 'alt_text', i.alt_text) order by i.position, i.created_at)
  from product_images i where i.product_id = p.id), '[]'::json)`;
const CATEGORIES = sql`coalesce((select json_agg(json_build_object('categories', json_build_object('id', c.id, 'name', c.name)) order by pc.position, c.name)
  from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json)`;
// What a shopper pays for one of its variants (a sale price is always below its price), in pence.
const PRICE_RANGE = sql`(select json_build_object('min', min(coalesce(v.sale_price, v.price)), 'max', max(coalesce(v.sale_price, v.price)), 'variants', count(*))
  from product_variants v where v.product_id = p.id having count(*) > 0)`;

const ORDER: Record<AdminProductSort, SQL> = {
  created_at_desc: sql`p.created_at desc, p.id desc`,
  created_at_asc: sql`p.created_at asc, p.id asc`,
  name_asc: sql`lower(p.name) asc, p.id asc`,
  name_desc: sql`lower(p.name) desc, p.id desc`,
  // The price a shopper pays: the sale price when there is one (as the storefront sorts).
  price_asc: sql`coalesce(p.sale_price, p.base_price) asc, lower(p.name) asc, p.id asc`,
  price_desc: sql`coalesce(p.sale_price, p.base_price) desc, lower(p.name) asc, p.id asc`,
};

/** A LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListFilter {
  status?: ProductStatus;
  search?: string;
}

function whereFor(ctx: TenantCtx, filter: ListFilter): SQL {
  const parts = [sql`p.tenant_id = ${ctx.tenantId}`];
  if (filter.status) parts.push(sql`p.status = ${filter.status}`);
  if (filter.search) {
    const like = containsPattern(filter.search);
    parts.push(sql`(p.name ilike ${like} or p.sku ilike ${like} or p.description ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export async function countProducts(ctx: TenantCtx, filter: ListFilter): Promise<number> {
  const [row] = await run<{ n: number }>(ctx, sql`select count(*)::int as n from products p where ${whereFor(ctx, filter)}`);
  return row.n;
}

export async function listProducts(ctx: TenantCtx, filter: ListFilter, sort: AdminProductSort, limit: number, offset: number): Promise<ListRow[]> {
  return run<ListRow>(ctx, sql`
    select p.id, p.name, p.slug, p.sku, p.base_price, p.sale_price, p.status, p.visibility, p.is_featured, p.track_inventory,
           p.stock_quantity, p.created_at, ${IMAGES} as product_images, ${CATEGORIES} as product_categories, ${PRICE_RANGE} as price_range
    from products p
    where ${whereFor(ctx, filter)}
    order by ${ORDER[sort]}
    limit ${limit} offset ${offset}`);
}

const PRODUCT_COLUMNS = sql`p.id, p.name, p.slug, p.sku, p.brand, p.description, p.base_price, p.sale_price, p.status, p.visibility,
  p.is_featured, p.track_inventory, p.stock_quantity, p.reserved_quantity, p.bullets, p.meta_title, p.meta_description, p.created_at, p.updated_at,
  p.vat_rate, coalesce(p.vat_rate, (select c.vat_rate from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = p.id order by pc.position, c.name limit 1), 'standard') as effective_vat_rate`;

/** One product of this tenant; `lock` holds the row until the transaction ends (edits, deletes). */
export async function findProduct(ctx: TenantCtx, id: string, lock = false): Promise<ProductRow | null> {
  const rows = await run<ProductRow>(ctx, sql`
    select ${PRODUCT_COLUMNS} from products p
    where p.tenant_id = ${ctx.tenantId} and p.id = ${id}::uuid ${lock ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export async function productExtras(ctx: TenantCtx, id: string) {
  const [row] = await run<Pick<ListRow, 'product_images' | 'product_categories' | 'price_range'>>(ctx, sql`
    select ${IMAGES} as product_images, ${CATEGORIES} as product_categories, ${PRICE_RANGE} as price_range from products p where p.id = ${id}::uuid and p.tenant_id = ${ctx.tenantId}`);
  return row;
}

export async function listVariants(ctx: TenantCtx, productId: string): Promise<VariantRow[]> {
  return run<VariantRow>(ctx, sql`
    select id, sku, price, sale_price, stock_quantity, reserved_quantity, options, image_id from product_variants
    where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid
    order by position, sku`);
}

export async function slugTaken(ctx: TenantCtx, slug: string, exceptId: string | null): Promise<boolean> {
  const rows = await run(ctx, sql`select 1 from products where tenant_id = ${ctx.tenantId} and slug = ${slug} ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`);
  return rows.length > 0;
}

export async function skuTaken(ctx: TenantCtx, sku: string, exceptId: string | null): Promise<boolean> {
  const rows = await run(ctx, sql`select 1 from products where tenant_id = ${ctx.tenantId} and sku = ${sku} ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`);
  return rows.length > 0;
}

/** Which of these SKUs other products' variants already use. */
export async function variantSkusTaken(ctx: TenantCtx, skus: string[], exceptProductId: string | null): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const list = sql.join(skus.map((s) => sql`${s}`), sql`, `);
  const rows = await run<{ sku: string }>(ctx, sql`
    select sku from product_variants where tenant_id = ${ctx.tenantId} and sku in (${list})
    ${exceptProductId ? sql`and product_id <> ${exceptProductId}::uuid` : sql``}`);
  return new Set(rows.map((r) => r.sku));
}

/** The ids among these that are categories of this tenant. */
export async function existingCategoryIds(ctx: TenantCtx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = await run<{ id: string }>(ctx, sql`select id from categories where tenant_id = ${ctx.tenantId} and id in (${list})`);
  return new Set(rows.map((r) => r.id));
}

export async function insertProduct(ctx: TenantCtx, p: ProductWrite): Promise<string> {
  const [row] = await run<{ id: string }>(ctx, sql`
    insert into products (tenant_id, name, slug, sku, brand, description, base_price, sale_price, status, visibility, is_featured,
                          track_inventory, stock_quantity, bullets, meta_title, meta_description, vat_rate)
    values (${ctx.tenantId}, ${p.name}, ${p.slug}, ${p.sku}, ${p.brand}, ${p.description}, ${p.base_price}, ${p.sale_price}, ${p.status},
            ${p.visibility}, ${p.is_featured}, ${p.track_inventory}, ${p.stock_quantity}, ${JSON.stringify(p.bullets)}::jsonb, ${p.meta_title},
            ${p.meta_description}, ${p.vat_rate})
    returning id`);
  return row.id;
}

export async function updateProduct(ctx: TenantCtx, id: string, p: ProductWrite): Promise<void> {
  await ctx.tx.execute(sql`
    update products set name = ${p.name}, slug = ${p.slug}, sku = ${p.sku}, brand = ${p.brand}, description = ${p.description},
      base_price = ${p.base_price}, sale_price = ${p.sale_price}, status = ${p.status}, visibility = ${p.visibility},
      is_featured = ${p.is_featured}, track_inventory = ${p.track_inventory}, stock_quantity = ${p.stock_quantity},
      bullets = ${JSON.stringify(p.bullets)}::jsonb, meta_title = ${p.meta_title}, meta_description = ${p.meta_description}, vat_rate = ${p.vat_rate}, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id}::uuid`);
}

export async function setFeatured(ctx: TenantCtx, id: string, featured: boolean): Promise<boolean> {
  const rows = await run(ctx, sql`
    update products set is_featured = ${featured}, updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}::uuid returning id`);
  return rows.length > 0;
}

export async function setTracking(ctx: TenantCtx, id: string, track: boolean, stock: number | null): Promise<void> {
  await ctx.tx.execute(sql`
    update products set track_inventory = ${track}, stock_quantity = ${stock}, updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}::uuid`);
}

/** Replaces the product's categories; the first is its main one (position 0, the breadcrumb). */
export async function replaceCategories(ctx: TenantCtx, productId: string, categoryIds: string[]): Promise<void> {
  await ctx.tx.execute(sql`delete from product_categories where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid`);
  for (const [position, categoryId] of categoryIds.entries()) {
    await ctx.tx.execute(sql`
      insert into product_categories (tenant_id, product_id, category_id, position) values (${ctx.tenantId}, ${productId}::uuid, ${categoryId}::uuid, ${position})`);
  }
}

export interface VariantWrite {
  sku: string;
  price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  options: { name: string; value: string }[];
  position: number;
  image_id: string | null;
}

export async function insertVariant(ctx: TenantCtx, productId: string, v: VariantWrite): Promise<string> {
  const [row] = await run<{ id: string }>(ctx, sql`
    insert into product_variants (tenant_id, product_id, sku, price, sale_price, stock_quantity, options, position, image_id)
    values (${ctx.tenantId}, ${productId}::uuid, ${v.sku}, ${v.price}, ${v.sale_price}, ${v.stock_quantity}, ${JSON.stringify(v.options)}::jsonb, ${v.position},
            ${v.image_id}::uuid)
    returning id`);
  return row.id;
}

export async function updateVariant(ctx: TenantCtx, id: string, v: VariantWrite): Promise<void> {
  await ctx.tx.execute(sql`
    update product_variants set sku = ${v.sku}, price = ${v.price}, sale_price = ${v.sale_price}, stock_quantity = ${v.stock_quantity},
      options = ${JSON.stringify(v.options)}::jsonb, position = ${v.position}, image_id = ${v.image_id}::uuid
    where tenant_id = ${ctx.tenantId} and id = ${id}::uuid`);
}

/** The ids of this product's own pictures: the only ones its variants may show. */
export async function productImageIds(ctx: TenantCtx, productId: string): Promise<Set<string>> {
  const rows = await run<{ id: string }>(ctx, sql`select id from product_images where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid`);
  return new Set(rows.map((r) => r.id));
}

/** Parks a variant's SKU on its own id, so two variants can swap SKUs in one save without a clash. */
export async function parkVariantSku(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.tx.execute(sql`update product_variants set sku = id::text where tenant_id = ${ctx.tenantId} and id = ${id}::uuid`);
}

export async function deleteVariants(ctx: TenantCtx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  await ctx.tx.execute(sql`delete from product_variants where tenant_id = ${ctx.tenantId} and id in (${list})`);
}

/** Units of this product (or its variants) held by unpaid checkouts. */
export async function heldUnits(ctx: TenantCtx, productId: string): Promise<number> {
  const [row] = await run<{ n: number }>(ctx, sql`
    select (select reserved_quantity from products where tenant_id = ${ctx.tenantId} and id = ${productId}::uuid)
         + coalesce((select sum(reserved_quantity) from product_variants where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid), 0) as n`);
  return Number(row.n);
}

export async function deleteProduct(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.tx.execute(sql`delete from products where tenant_id = ${ctx.tenantId} and id = ${id}::uuid`);
}


export interface ProductSearchRow {
  id: string;
  slug: string;
  name: string;
  sku: string;
  base_price: number;
  status: ProductStatus;
}

/**
 * The link pickers' product search: every word typed is in the name or the SKU ("storage jars set"
 * finds "Glass Storage Jars with Beech Lids, Set of 3"); names starting with the text first.
 */
export async function searchProducts(ctx: TenantCtx, q: string, limit: number): Promise<ProductSearchRow[]> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const each = sql.join(
    words.map((w) => sql`(name ilike ${containsPattern(w)} or sku ilike ${containsPattern(w)})`),
    sql` and `,
  );
  return run(ctx, sql`
    select id, slug, name, sku, base_price, status from products
    where tenant_id = ${ctx.tenantId} and ${each}
    order by (lower(name) like lower(${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})) desc, lower(name), id
    limit ${limit}`);
}
