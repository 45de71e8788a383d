import type { TenantCtx } from '../../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { penceToPounds, poundsToPence } from '../../../../shared/money';
import {
  PRODUCT_ERRORS,
  type AdminProduct,
  type AdminProductList,
  type AdminProductRow,
  type ProductBody,
  type ProductListQuery,
} from '../../../../shared/admin-products';
import type { FileStorage } from '../../../adapters/storage/storage';
import { addProductImage } from '../media/product-images-service';
import * as repo from './repo';
import { saveVariants } from './variants';
import { recordFormAdjustment } from '../../inventory';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();
const pounds = (pence: number | null) => (pence === null ? null : penceToPounds(pence));

const productMissing = () => notFound('Product not found');

function toRow(row: repo.ListRow): AdminProductRow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    base_price: penceToPounds(row.base_price),
    sale_price: pounds(row.sale_price),
    status: row.status,
    visibility: row.visibility,
    is_featured: row.is_featured,
    track_inventory: row.track_inventory,
    stock_quantity: row.stock_quantity,
    price_range: row.price_range ? { min: penceToPounds(row.price_range.min), max: penceToPounds(row.price_range.max), variants: row.price_range.variants } : null,
    product_images: row.product_images ?? [],
    product_categories: row.product_categories ?? [],
    created_at: iso(row.created_at),
  };
}

export async function listProducts(ctx: TenantCtx, q: ProductListQuery): Promise<AdminProductList> {
  const filter = { status: q.status, search: q.search || undefined };
  const [total, rows] = [await repo.countProducts(ctx, filter), await repo.listProducts(ctx, filter, q.sort, q.limit, (q.page - 1) * q.limit)];
  return { products: rows.map(toRow), pagination: { page: q.page, limit: q.limit, total, pages: Math.max(1, Math.ceil(total / q.limit)) } };
}

/** A product id from a path: anything that is not a uuid is simply not found (never a 500). */
async function loadProduct(ctx: TenantCtx, id: string, lock = false): Promise<repo.ProductRow> {
  const row = UUID.test(id) ? await repo.findProduct(ctx, id, lock) : null;
  if (!row) throw productMissing();
  return row;
}

export async function getProduct(ctx: TenantCtx, id: string): Promise<AdminProduct> {
  const row = await loadProduct(ctx, id);
  const [extras, variants] = [await repo.productExtras(ctx, id), await repo.listVariants(ctx, id)];
  return {
    ...toRow({ ...row, ...extras }),
    description: row.description,
    brand: row.brand,
    bullets: row.bullets ?? [],
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    reserved_quantity: row.reserved_quantity,
    category_ids: extras.product_categories.map((c) => c.categories.id),
    vat_rate: row.vat_rate,
    effective_vat_rate: row.effective_vat_rate,
    updated_at: iso(row.updated_at),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      price: penceToPounds(v.price),
      sale_price: pounds(v.sale_price),
      stock_quantity: v.stock_quantity,
      reserved_quantity: v.reserved_quantity,
      options: v.options ?? [],
      image_id: v.image_id,
    })),
  };
}

/** The category list the body names (category_ids, plus the wizard's single `category`), without repeats. */
function categoryIdsOf(body: ProductBody): string[] | undefined {
  if (body.category_ids === undefined && body.category === undefined) return undefined;
  const ids = [...(body.category_ids ?? []), ...(body.category ? [body.category] : [])].map((id) => id.toLowerCase());
  return [...new Set(ids)];
}

/**
 * The stored values after applying the body to the current row (null when creating): fields the body
 * leaves out keep their value, or take the spec's defaults on create (draft, public, tracked, not featured).
 */
function merge(body: ProductBody, current: repo.ProductRow | null): repo.ProductWrite {
  const pick = <K extends keyof repo.ProductWrite>(value: repo.ProductWrite[K] | undefined, key: K, fallback: repo.ProductWrite[K]) =>
    value !== undefined ? value : current ? current[key] : fallback;
  const track = pick(body.track_inventory, 'track_inventory', true);
  // Tracking off: no stock figure at all. Tracking on with no figure stays null until one is set (spec §5).
  const stock = track ? pick(body.stock_quantity, 'stock_quantity', null) : null;
  return {
    name: body.name,
    slug: body.slug,
    sku: body.sku,
    brand: pick(body.brand, 'brand', null),
    description: pick(body.description, 'description', null),
    base_price: poundsToPence(body.base_price),
    sale_price: body.sale_price !== undefined ? (body.sale_price === null ? null : poundsToPence(body.sale_price)) : (current?.sale_price ?? null),
    status: pick(body.status, 'status', 'draft'),
    visibility: pick(body.visibility, 'visibility', 'public'),
    is_featured: pick(body.is_featured, 'is_featured', false),
    track_inventory: track,
    stock_quantity: stock,
    bullets: pick(body.bullets, 'bullets', []),
    meta_title: pick(body.meta_title, 'meta_title', null),
    meta_description: pick(body.meta_description, 'meta_description', null),
    vat_rate: pick(body.vat_rate, 'vat_rate', null),
  };
}

/** Checks that need the database; all of them before any write, so a refused save writes nothing. */
async function checkWrite(ctx: TenantCtx, next: repo.ProductWrite, categoryIds: string[] | undefined, current: repo.ProductRow | null): Promise<void> {
  const fields: Record<string, string> = {};
  if (next.sale_price !== null && next.sale_price >= next.base_price) fields.sale_price = PRODUCT_ERRORS.salePrice;
  if (current && next.stock_quantity !== null && next.stock_quantity < current.reserved_quantity) {
    fields.stock_quantity = `Stock cannot be lower than the ${current.reserved_quantity} unit(s) held by unpaid checkouts`;
  }
  if (categoryIds?.length) {
    const known = await repo.existingCategoryIds(ctx, categoryIds);
    if (categoryIds.some((id) => !known.has(id))) fields.category_ids = PRODUCT_ERRORS.categories;
  }
  if (Object.keys(fields).length) throw badRequest('Some fields are missing or invalid.', fields);
  const taken: Record<string, string> = {};
  if (await repo.slugTaken(ctx, next.slug, current?.id ?? null)) taken.slug = PRODUCT_ERRORS.slugTaken;
  if (await repo.skuTaken(ctx, next.sku, current?.id ?? null)) taken.sku = PRODUCT_ERRORS.skuTaken;
  if (Object.keys(taken).length) throw conflict('already_used', taken.slug ?? taken.sku, taken);
}

/** The form set the stock: the ledger records the difference so its running quantity stays true. */
async function recordStockChange(ctx: TenantCtx, productId: string, before: number | null, after: number | null, notes = repo.FORM_STOCK_NOTE) {
  const change = (after ?? 0) - (before ?? 0);
  if (change !== 0) await recordFormAdjustment(ctx, { productId, variantId: null, change, resulting: after ?? 0, notes });
}

/**
 * The pictures chosen on the new-product form, attached in order as media's own route would attach
 * them (this store's uploads only, each once). A refusal names the picture's row: images.{n}.key.
 */
async function attachNewImages(ctx: TenantCtx, storage: FileStorage, productId: string, images: NonNullable<ProductBody['images']>): Promise<void> {
  for (const [i, image] of images.entries()) {
    try {
      await addProductImage(ctx, storage, productId, { key: image.key, alt_text: image.alt_text ?? null });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        throw new AppError(error.status, error.code, error.message, { [`images.${i}.key`]: Object.values(error.fields ?? {})[0] ?? error.message });
      }
      throw error;
    }
  }
}

export async function createProduct(ctx: TenantCtx, storage: FileStorage, body: ProductBody): Promise<AdminProduct> {
  const variants = body.variants ?? [];
  const next = onVariants(merge(body, null), variants.length > 0 ? variants : null, null);
  const categoryIds = categoryIdsOf(body);
  await checkWrite(ctx, next, categoryIds, null);
  const id = await repo.insertProduct(ctx, next);
  if (categoryIds?.length) await repo.replaceCategories(ctx, id, categoryIds);
  if (body.images?.length) await attachNewImages(ctx, storage, id, body.images);
  if (variants.length) await saveVariants(ctx, id, variants);
  else await recordStockChange(ctx, id, null, next.stock_quantity);
  return getProduct(ctx, id);
}

export async function updateProduct(ctx: TenantCtx, id: string, body: ProductBody): Promise<AdminProduct> {
  const current = await loadProduct(ctx, id, true);
  if (body.images !== undefined) throw badRequest(PRODUCT_ERRORS.imagesOnCreate, { images: PRODUCT_ERRORS.imagesOnCreate });
  const variants = body.variants ?? (await repo.listVariants(ctx, id));
  const next = onVariants(merge(body, current), variants.length > 0 ? variants : null, current);
  const categoryIds = categoryIdsOf(body);
  await checkWrite(ctx, next, categoryIds, current);
  // Variants first: the product's own stock written next stands only when it has none left.
  if (body.variants !== undefined) await saveVariants(ctx, id, body.variants);
  await repo.updateProduct(ctx, id, next);
  if (categoryIds !== undefined) await repo.replaceCategories(ctx, id, categoryIds);
  if (variants.length === 0) await recordStockChange(ctx, id, current.stock_quantity, next.stock_quantity);
  return getProduct(ctx, id);
}

/**
 * A product with variants has no stock of its own (decision 042): the database keeps the sum of its
 * variants' there. A body that names a different figure than the one stored or the one its variants
 * add up to is refused, so no client believes it set one; one that echoes either is fine.
 */
function onVariants(next: repo.ProductWrite, variants: readonly { stock_quantity?: number | null }[] | null, current: repo.ProductRow | null): repo.ProductWrite {
  if (!variants) return next;
  const sum = variants.some((v) => v.stock_quantity != null) ? variants.reduce((n, v) => n + (v.stock_quantity ?? 0), 0) : null;
  const stored = current?.stock_quantity ?? null;
  if (next.track_inventory && next.stock_quantity !== null && next.stock_quantity !== sum && next.stock_quantity !== stored) {
    throw badRequest(PRODUCT_ERRORS.stockOnVariants, { stock_quantity: PRODUCT_ERRORS.stockOnVariants });
  }
  return { ...next, stock_quantity: next.track_inventory ? stored : null };
}

/** The list's inventory switch: off clears the stock figure; on leaves it empty until stock is set. */
export async function setTracking(ctx: TenantCtx, id: string, track: boolean): Promise<AdminProduct> {
  const current = await loadProduct(ctx, id, true);
  const stock = track ? current.stock_quantity : null;
  await repo.setTracking(ctx, id, track, stock);
  // With variants, the stock lives on them and stays there either way; the product's figure follows.
  if ((await repo.listVariants(ctx, id)).length === 0) await recordStockChange(ctx, id, current.stock_quantity, stock, track ? repo.FORM_STOCK_NOTE : 'Inventory tracking turned off');
  return getProduct(ctx, id);
}

export async function setFeatured(ctx: TenantCtx, id: string, featured: boolean): Promise<AdminProduct> {
  if (!UUID.test(id) || !(await repo.setFeatured(ctx, id, featured))) throw productMissing();
  return getProduct(ctx, id);
}

/**
 * Deletes the product with its pictures' rows, variants, category links, reviews, cart lines and stock
 * ledger (ON DELETE CASCADE). Past orders keep their lines: order_items hold their own copies of the
 * name, SKU, price and options, and their product_id becomes null (ON DELETE SET NULL). A product with
 * units held by an unpaid checkout is refused, so a payment arriving later still finds its stock.
 */
export async function deleteProduct(ctx: TenantCtx, id: string): Promise<{ imageUrls: string[] }> {
  await loadProduct(ctx, id, true);
  if ((await repo.heldUnits(ctx, id)) > 0) {
    throw conflict('product_in_checkout', 'This product is in a checkout waiting for payment. Try again once it is paid or expires, or archive the product instead.');
  }
  const { product_images } = await repo.productExtras(ctx, id);
  await repo.deleteProduct(ctx, id);
  // The caller decides which of these files nothing shows any more (media's unusedUploadKeys).
  return { imageUrls: product_images.map((i) => i.image_url) };
}

/** The link pickers' search: names, SKUs, prices in pounds and statuses tell similar products apart. */
export async function searchProducts(ctx: TenantCtx, q: string, limit: number) {
  const rows = await repo.searchProducts(ctx, q, limit);
  return { items: rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, sku: r.sku, price: penceToPounds(r.base_price), status: r.status })) };
}

/** A unique index the pre-checks could not see (two saves racing): the same answer as the pre-check. */
export function uniqueViolationError(error: unknown): AppError | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') {
      if (constraint === 'products_tenant_slug_uq') return conflict('already_used', PRODUCT_ERRORS.slugTaken, { slug: PRODUCT_ERRORS.slugTaken });
      if (constraint === 'products_tenant_sku_uq') return conflict('already_used', PRODUCT_ERRORS.skuTaken, { sku: PRODUCT_ERRORS.skuTaken });
      if (constraint === 'product_variants_tenant_sku_uq') return conflict('already_used', PRODUCT_ERRORS.variantSkuTaken, { variants: PRODUCT_ERRORS.variantSkuTaken });
      return conflict('already_used', 'Another record already uses one of these values.');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
