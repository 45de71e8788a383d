import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';

// The import writer's reads: one statement each per chunk, whatever its size (lists go in as one
// jsonb parameter, so the 65,535-parameter limit never applies).

export const jsonList = (items: readonly unknown[]) => JSON.stringify(items);
const run = async <T>(ctx: TenantCtx, query: ReturnType<typeof sql>): Promise<T[]> => rowsOf<T>(await ctx.tx.execute(query));
// A list as one parameter (no bind limit), turned into an array once (an InitPlan), compared with
// `= any(...)`: an index scan. `in (select jsonb_array_elements…)` let PostgreSQL re-read the list for
// every row it looked at (seconds per chunk once a store had 50,000 products).
const textList = (items: readonly string[]) => sql`any(array(select jsonb_array_elements_text(${jsonList(items)}::jsonb)))`;
const idList = (ids: readonly string[]) => sql`any(array(select (jsonb_array_elements_text(${jsonList(ids)}::jsonb))::uuid))`;

/** The product columns the import writes and compares. */
export interface StoredProduct {
  id: string;
  sku: string;
  name: string;
  slug: string;
  brand: string | null;
  description: string | null;
  base_price: number;
  sale_price: number | null;
  status: 'draft' | 'active' | 'archived';
  visibility: 'public' | 'private';
  is_featured: boolean;
  track_inventory: boolean;
  stock_quantity: number | null;
  reserved_quantity: number;
  bullets: string[];
  gtin: string | null;
  mpn: string | null;
  meta_title: string | null;
  meta_description: string | null;
  /** Its stock is then its variants' sum (decision 042). */
  has_variants: boolean;
}

export interface StoredVariant {
  id: string;
  product_id: string;
  sku: string;
  price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  reserved_quantity: number;
  options: { name: string; value: string }[];
  position: number;
}

export interface StoredImage {
  product_id: string;
  image_url: string;
  source_url: string | null;
}

export interface StoredLink {
  product_id: string;
  category_id: string;
  position: number;
}

/** A product's main category: first by position, then name, as the export picks the one it writes. */
export const mainLink = (links: readonly StoredLink[]): StoredLink | undefined => links[0];

/**
 * This store's products with these SKUs, locked until the chunk commits: stock is compared with units
 * held by checkouts, which must not change underneath.
 */
export async function productsBySku(ctx: TenantCtx, skus: readonly string[]): Promise<StoredProduct[]> {
  if (skus.length === 0) return [];
  return run<StoredProduct>(ctx, sql`
    select id, sku, name, slug, brand, description, base_price, sale_price, status, visibility, is_featured, track_inventory,
           stock_quantity, reserved_quantity, bullets, gtin, mpn, meta_title, meta_description,
           exists (select 1 from product_variants v where v.product_id = products.id) as has_variants
    from products where tenant_id = ${ctx.tenantId} and sku = ${textList(skus)}
    for update`);
}

/** The variants of these products, locked like their products. */
export async function variantsOf(ctx: TenantCtx, productIds: readonly string[]): Promise<StoredVariant[]> {
  if (productIds.length === 0) return [];
  return run<StoredVariant>(ctx, sql`
    select id, product_id, sku, price, sale_price, stock_quantity, reserved_quantity, options, position
    from product_variants where tenant_id = ${ctx.tenantId} and product_id = ${idList(productIds)}
    order by product_id, position, sku
    for update`);
}

/** Variant SKU -> the product that has it, among these SKUs. */
export async function variantOwners(ctx: TenantCtx, skus: readonly string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await run<{ sku: string; product_id: string }>(ctx, sql`
    select sku, product_id from product_variants where tenant_id = ${ctx.tenantId} and sku = ${textList(skus)}`);
  return new Map(rows.map((r) => [r.sku, r.product_id]));
}

/** Slug -> the product that has it, among these slugs. */
export async function slugOwners(ctx: TenantCtx, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await run<{ slug: string; id: string }>(ctx, sql`
    select slug, id from products where tenant_id = ${ctx.tenantId} and slug = ${textList(slugs)}`);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function imagesOf(ctx: TenantCtx, productIds: readonly string[]): Promise<StoredImage[]> {
  if (productIds.length === 0) return [];
  return run<StoredImage>(ctx, sql`
    select product_id, image_url, source_url from product_images
    where tenant_id = ${ctx.tenantId} and product_id = ${idList(productIds)}
    order by product_id, position, created_at`);
}

export async function categoryLinksOf(ctx: TenantCtx, productIds: readonly string[]): Promise<StoredLink[]> {
  if (productIds.length === 0) return [];
  return run<StoredLink>(ctx, sql`
    select pc.product_id, pc.category_id, pc.position from product_categories pc join categories c on c.id = pc.category_id
    where pc.tenant_id = ${ctx.tenantId} and pc.product_id = ${idList(productIds)}
    order by pc.product_id, pc.position, c.name`);
}

/** The pictures of the products with these SKUs (the import's "already attached" check). */
export async function imagesBySku(ctx: TenantCtx, skus: readonly string[]): Promise<(StoredImage & { sku: string })[]> {
  if (skus.length === 0) return [];
  return run(ctx, sql`
    select p.sku, i.product_id, i.image_url, i.source_url
    from product_images i join products p on p.id = i.product_id
    where p.tenant_id = ${ctx.tenantId} and i.tenant_id = ${ctx.tenantId} and p.sku = ${textList(skus)}`);
}
