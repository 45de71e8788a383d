import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoreTx, TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { categories, productImages, products } from '../../../db/schema/index';

export interface ImageRow {
  id: string;
  image_url: string;
  alt_text: string | null;
  position: number;
  created_at: Date;
}

const imageColumns = {
  id: productImages.id,
  image_url: productImages.imageUrl,
  alt_text: productImages.altText,
  position: productImages.position,
  created_at: productImages.createdAt,
};

/**
 * The product, locked for this transaction when `lock`: picture writes of one product then run one
 * after another, so two reorders never interleave their positions.
 */
export async function findProduct(ctx: TenantCtx, productId: string, lock = false) {
  const query = ctx.tx
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, productId)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** In thumbnail order: position, then the older first (the storefront reads them the same way). */
export function listImages(ctx: TenantCtx, productId: string): Promise<ImageRow[]> {
  return ctx.tx
    .select(imageColumns)
    .from(productImages)
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, productId)))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
}

export async function insertImage(ctx: TenantCtx, productId: string, values: { imageUrl: string; altText: string | null; position: number }): Promise<ImageRow> {
  const [row] = await ctx.tx.insert(productImages).values({ tenantId: ctx.tenantId, productId, ...values }).returning(imageColumns);
  return row;
}

export async function updateAltText(ctx: TenantCtx, productId: string, imageId: string, altText: string | null): Promise<void> {
  await ctx.tx
    .update(productImages)
    .set({ altText })
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, productId), eq(productImages.id, imageId)));
}

/** Positions 0..n-1 in the order given, in one statement. */
export async function setOrder(ctx: TenantCtx, productId: string, orderedIds: string[]): Promise<void> {
  if (!orderedIds.length) return;
  const ids = sql`array[${sql.join(orderedIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  await ctx.tx
    .update(productImages)
    .set({ position: sql`array_position(${ids}, ${productImages.id}) - 1` })
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, productId), sql`${productImages.id} = any(${ids})`));
}

export async function deleteImage(ctx: TenantCtx, productId: string, imageId: string): Promise<void> {
  await ctx.tx
    .delete(productImages)
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, productId), eq(productImages.id, imageId)));
}

/** Whether anything in the store still shows this URL (a picture row, a category hero). */
export async function isUrlStillUsed(ctx: TenantCtx, url: string): Promise<boolean> {
  const [image] = await ctx.tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.imageUrl, url)))
    .limit(1);
  if (image) return true;
  const [category] = await ctx.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.heroImageUrl, url)))
    .limit(1);
  return Boolean(category);
}

/** Products whose pictures, and categories whose hero, show this URL (for the media library). */
export async function placesShowingUrl(ctx: StoreTx, url: string): Promise<{ products: { id: string; name: string }[]; categories: { id: string; name: string }[] }> {
  const productRows = await ctx.tx
    .selectDistinct({ id: products.id, name: products.name })
    .from(productImages)
    .innerJoin(products, and(eq(products.tenantId, productImages.tenantId), eq(products.id, productImages.productId)))
    .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.imageUrl, url)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(50);
  const categoryRows = await ctx.tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.heroImageUrl, url)))
    .orderBy(asc(categories.name), asc(categories.id))
    .limit(50);
  return { products: productRows, categories: categoryRows };
}

/** Every picture URL the store's products and categories show (decision 052: the pictures backfill). */
export async function shownPictureUrls(ctx: StoreTx): Promise<string[]> {
  const rows = await ctx.tx.execute<{ url: string }>(sql`
    select distinct image_url as url from product_images where tenant_id = ${ctx.tenantId}
    union
    select distinct hero_image_url from categories where tenant_id = ${ctx.tenantId} and hero_image_url is not null`);
  return rowsOf<{ url: string }>(rows).map((r) => r.url);
}
