import type { TenantCtx } from '../../../http/context';
import type { ProductDraft, RowError, VariantDraft } from '../../../../shared/import/rows';
import type { ProductCsvField } from '../../../../shared/product-csv';
import { fieldHeader } from '../../../../shared/import/mapping';
import { MAX_PRODUCT_IMAGES } from '../../../../shared/media';
import { recordImportAdjustments, type ImportAdjustment } from '../../inventory';
import { recordImportedFiles, type ImportedFile } from '../../media';
import * as read from './apply-reads';
import * as write from './apply-writes';
import { pathKey, resolveCategoryPaths } from './apply-categories';
import { AttachedAddresses } from './attached-addresses';
import { chooseSlugs } from './apply-slugs';

// Writes a chunk of imported products (issue 15 item 3) through the catalogue's own rules (the admin
// form's: defaults, sale below price, stock not below units held, unique slugs and SKUs), in the
// caller's transaction. A fixed number of statements per chunk, whatever its size: a 100,000-row file
// is 80 chunks of 500 products, and a statement per product would be most of the import's time.

/** A picture the import fetched and already put in storage (under tenants/<id>/media/). */
export interface ImportedImage {
  /** The address in the file. */
  sourceUrl: string;
  /** What product_images.image_url gets (the storage adapter's public URL). */
  url: string;
  key: string;
  contentType: string;
  size: number;
}

export interface ApplyImportOptions {
  /** The file maps Variant SKU: each product's variants become exactly the file's (none when it lists none). Else variants are kept. */
  variantsMapped: boolean;
  /** Pictures fetched for these drafts, by source URL. A URL not here is skipped (already attached, or it failed: the caller reports that). */
  images: ReadonlyMap<string, ImportedImage>;
  /** The stock ledger's note for changes the import makes. */
  stockNote: string;
}

export type ImportOutcome =
  | { sku: string; line: number; result: 'created' | 'updated' | 'unchanged'; productId: string; imagesAdded: number }
  | { sku: string; line: number; result: 'rejected'; errors: RowError[] };

export const IMPORT_MESSAGES = {
  slugTaken: (slug: string) => `Slug "${slug}" is already used by another product in your store`,
  variantSkuTaken: (sku: string) => `Variant SKU "${sku}" is already used by another product in your store`,
  salePrice: 'Sale Price must be lower than Price',
  belowHeld: (held: number) => `Stock cannot be lower than the ${held} unit(s) held by unpaid checkouts`,
  stockOnVariants: (sum: number | null) =>
    `This product's stock is the sum of its variants' stock${sum === null ? '' : ` (${sum})`}: leave Stock empty or give each variant's stock in Variant Stock`,
  variantHeld: 'A variant in a checkout waiting for payment cannot be removed yet',
};

const cellError = (line: number, field: ProductCsvField, message: string): RowError => ({ line, column: fieldHeader(field), field, message });

/** The draft's value for a field: absent keeps (or defaults); null keeps too unless `clears`. */
function pick<T>(draft: ProductDraft, field: keyof ProductDraft, current: T | undefined, fallback: T, clears: boolean): T {
  if (!(field in draft)) return current !== undefined ? current : fallback;
  const value = draft[field] as T | null | undefined;
  if (value === null || value === undefined) return clears ? (null as T) : current !== undefined ? current : fallback;
  return value;
}

/** The stored columns after applying the draft to the current row (undefined when creating). */
function merge(draft: ProductDraft, current: read.StoredProduct | undefined): write.ProductValues {
  const keep = <K extends keyof read.StoredProduct>(field: K & keyof ProductDraft, fallback: read.StoredProduct[K]) => pick(draft, field, current?.[field], fallback, false);
  const clear = <K extends keyof read.StoredProduct>(field: K & keyof ProductDraft) => pick<read.StoredProduct[K]>(draft, field, current?.[field], null as read.StoredProduct[K], true);
  const track = keep('track_inventory', true);
  return {
    sku: draft.sku,
    name: draft.name,
    slug: current?.slug ?? '',
    base_price: draft.base_price,
    sale_price: clear('sale_price'),
    description: clear('description'),
    brand: clear('brand'),
    gtin: clear('gtin'),
    mpn: clear('mpn'),
    meta_title: clear('meta_title'),
    meta_description: clear('meta_description'),
    status: keep('status', 'draft'),
    visibility: keep('visibility', 'public'),
    is_featured: keep('is_featured', false),
    track_inventory: track,
    // Tracking off: no stock figure at all (as the form).
    stock_quantity: track ? clear('stock_quantity') : null,
    bullets: draft.bullets !== undefined ? draft.bullets : (current?.bullets ?? []),
  };
}

const PRODUCT_KEYS: (keyof write.ProductValues)[] = ['name', 'slug', 'brand', 'description', 'base_price', 'sale_price', 'status', 'visibility', 'is_featured', 'track_inventory', 'stock_quantity', 'gtin', 'mpn', 'meta_title', 'meta_description'];
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const productChanged = (next: write.ProductValues, current: read.StoredProduct) =>
  PRODUCT_KEYS.some((k) => next[k] !== current[k]) || !sameJson(next.bullets, current.bullets ?? []);

interface Plan {
  draft: ProductDraft;
  current: read.StoredProduct | undefined;
  next: write.ProductValues;
  errors: RowError[];
  variants: { draft: VariantDraft; existing: read.StoredVariant | undefined; position: number }[];
  removedVariants: read.StoredVariant[];
}

const variantChanged = (v: VariantDraft, position: number, e: read.StoredVariant) =>
  v.price !== e.price || v.sale_price !== e.sale_price || v.stock_quantity !== e.stock_quantity || position !== e.position || !sameJson(v.options, e.options ?? []);

/**
 * One outcome per draft, in the drafts' order. A rejected draft writes nothing to the catalogue; the
 * others are written. Every picture in options.images gets a media library row (it is in storage).
 */
export async function applyImportedProducts(ctx: TenantCtx, drafts: readonly ProductDraft[], options: ApplyImportOptions): Promise<ImportOutcome[]> {
  if (drafts.length === 0) return [];
  const stored = new Map((await read.productsBySku(ctx, drafts.map((d) => d.sku))).map((p) => [p.sku, p]));
  const storedIds = [...stored.values()].map((p) => p.id);
  const variantRows = options.variantsMapped ? await read.variantsOf(ctx, storedIds) : [];
  const variantsByProduct = groupBy(variantRows, (v) => v.product_id);
  const owners = await read.variantOwners(ctx, options.variantsMapped ? drafts.flatMap((d) => d.variants.map((v) => v.sku)) : []);

  const plans: Plan[] = drafts.map((draft) => {
    const current = stored.get(draft.sku);
    const next = merge(draft, current);
    const errors: RowError[] = [];
    stockFromVariants(draft, current, next, options.variantsMapped, errors);
    if (next.sale_price !== null && next.sale_price >= next.base_price) errors.push(cellError(draft.line, 'sale_price' in draft ? 'sale_price' : 'base_price', IMPORT_MESSAGES.salePrice));
    if (current && next.stock_quantity !== null && next.stock_quantity < current.reserved_quantity) errors.push(cellError(draft.line, 'stock_quantity', IMPORT_MESSAGES.belowHeld(current.reserved_quantity)));
    const plan: Plan = { draft, current, next, errors, variants: [], removedVariants: [] };
    if (options.variantsMapped) planVariants(plan, current ? (variantsByProduct.get(current.id) ?? []) : [], owners);
    return plan;
  });

  const slugErrors = await chooseSlugs(ctx, plans.filter((p) => p.errors.length === 0));
  for (const [plan, error] of slugErrors) plan.errors.push(error);

  const ok = plans.filter((p) => p.errors.length === 0);
  const links = groupBy(await read.categoryLinksOf(ctx, ok.filter((p) => p.draft.category !== undefined && p.current).map((p) => p.current!.id)), (l) => l.product_id);
  const images = groupBy(await read.imagesOf(ctx, ok.filter((p) => p.draft.image_urls?.length && p.current).map((p) => p.current!.id)), (i) => i.product_id);

  // Categories: the leaf each product should sit in, created when missing (only for products written).
  const paths = ok.flatMap((p) => (p.draft.category ? [p.draft.category] : []));
  const leafOf = paths.length ? await resolveCategoryPaths(ctx, uniqueBy(paths, pathKey)) : new Map<string, string>();
  const wantedLeaf = (p: Plan) => (p.draft.category ? leafOf.get(pathKey(p.draft.category))! : null);
  // The file holds one category per product, the main one (the export writes no others). So a product
  // whose main category already is the file's keeps its other categories, and re-importing an exported
  // file changes nothing; a different category replaces all of its links.
  const categoriesChanged = (p: Plan) => {
    if (p.draft.category === undefined) return false;
    const have = p.current ? (links.get(p.current.id) ?? []) : [];
    const leaf = wantedLeaf(p);
    return leaf === null ? have.length > 0 : read.mainLink(have)?.category_id !== leaf;
  };
  const picturesToAdd = (p: Plan) => newPictures(p, p.current ? (images.get(p.current.id) ?? []) : [], options.images);

  // What each product needs written; nothing at all for a product the file leaves as it is.
  const work = ok.map((p) => {
    const pictures = picturesToAdd(p);
    const fields = !p.current || productChanged(p.next, p.current);
    const variants = p.variants.some((v) => !v.existing || variantChanged(v.draft, v.position, v.existing)) || p.removedVariants.length > 0;
    const categories = categoriesChanged(p);
    return { plan: p, pictures, changed: fields || variants || categories || pictures.length > 0, variants, categories };
  });
  const changed = work.filter((w) => w.changed);

  // Variants a product loses go first: a product left with none keeps the stock the file gives it,
  // which its variants' sums would otherwise overwrite (decision 042).
  await write.deleteVariants(ctx, changed.filter((w) => w.variants).flatMap((w) => w.plan.removedVariants.map((v) => v.id)));
  const createdIds = await write.insertProducts(ctx, changed.filter((w) => !w.plan.current).map((w) => w.plan.next));
  await write.updateProducts(ctx, changed.flatMap((w) => (w.plan.current ? [{ ...w.plan.next, id: w.plan.current.id }] : [])));
  const idOf = (p: Plan) => p.current?.id ?? createdIds.get(p.draft.sku)!;

  const ledger: ImportAdjustment[] = [];
  for (const w of changed) {
    const before = w.plan.current?.stock_quantity ?? 0;
    const after = w.plan.next.stock_quantity ?? 0;
    if (after !== before) ledger.push({ productId: idOf(w.plan), variantId: null, change: after - before, resulting: after });
  }

  await writeVariants(ctx, changed.filter((w) => w.variants).map((w) => ({ plan: w.plan, productId: idOf(w.plan) })), ledger);
  await write.replaceCategoryLinks(ctx, changed.filter((w) => w.categories).map((w) => ({ product_id: idOf(w.plan), category_id: wantedLeaf(w.plan) })));
  await write.insertImages(ctx, changed.flatMap((w) => w.pictures.map((pic) => ({ product_id: idOf(w.plan), image_url: pic.image.url, source_url: pic.image.sourceUrl, position: pic.position }))));
  // Every picture the caller stored gets its library row, attached or not (its product rejected, or
  // already at the picture limit): a stored file is never left where the merchant cannot see or delete it.
  const files = uniqueBy([...options.images.values()], (i) => i.key);
  await recordImportedFiles(ctx, files.map((i): ImportedFile => ({ key: i.key, url: i.url, contentType: i.contentType, size: i.size, sourceUrl: i.sourceUrl })));
  await recordImportAdjustments(ctx, ledger, options.stockNote);
  if (changed.length > 0) ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });

  const workOf = new Map(work.map((w) => [w.plan, w]));
  return plans.map((p): ImportOutcome => {
    const { sku, line } = p.draft;
    if (p.errors.length) return { sku, line, result: 'rejected', errors: p.errors };
    const w = workOf.get(p)!;
    return { sku, line, result: !p.current ? 'created' : w.changed ? 'updated' : 'unchanged', productId: idOf(p), imagesAdded: w.pictures.length };
  });
}

/**
 * A product with variants (after this file) has no stock of its own (decision 042): the database keeps
 * their sum on it. A Stock cell that differs from that sum and from the stored figure is refused rather
 * than ignored; one that repeats either (an exported file does) is fine.
 */
function stockFromVariants(draft: ProductDraft, current: read.StoredProduct | undefined, next: write.ProductValues, variantsMapped: boolean, errors: RowError[]) {
  const hasVariants = variantsMapped ? draft.variants.length > 0 : !!current?.has_variants;
  if (!hasVariants || !next.track_inventory) return;
  const stored = current?.stock_quantity ?? null;
  const sum = !variantsMapped ? stored : draft.variants.some((v) => v.stock_quantity !== null) ? draft.variants.reduce((n, v) => n + (v.stock_quantity ?? 0), 0) : null;
  const cell = draft.stock_quantity;
  if (cell !== undefined && cell !== null && cell !== sum && cell !== stored) errors.push(cellError(draft.line, 'stock_quantity', IMPORT_MESSAGES.stockOnVariants(sum)));
  next.stock_quantity = stored;
}

/** Matches the file's variants to the stored ones by SKU and checks what the form would refuse. */
function planVariants(plan: Plan, stored: read.StoredVariant[], owners: Map<string, string>) {
  const bySku = new Map(stored.map((v) => [v.sku, v]));
  const ownId = plan.current?.id;
  plan.draft.variants.forEach((v, position) => {
    const owner = owners.get(v.sku);
    if (owner !== undefined && owner !== ownId) plan.errors.push(cellError(v.line, 'variant_sku', IMPORT_MESSAGES.variantSkuTaken(v.sku)));
    const existing = bySku.get(v.sku);
    if (existing && v.stock_quantity !== null && v.stock_quantity < existing.reserved_quantity) {
      plan.errors.push(cellError(v.line, 'variant_stock', IMPORT_MESSAGES.belowHeld(existing.reserved_quantity)));
    }
    plan.variants.push({ draft: v, existing, position });
  });
  const kept = new Set(plan.draft.variants.map((v) => v.sku));
  plan.removedVariants = stored.filter((v) => !kept.has(v.sku));
  if (plan.removedVariants.some((v) => v.reserved_quantity > 0)) plan.errors.push(cellError(plan.draft.line, 'variant_sku', IMPORT_MESSAGES.variantHeld));
}

async function writeVariants(ctx: TenantCtx, products: { plan: Plan; productId: string }[], ledger: ImportAdjustment[]) {
  const updates = products.flatMap(({ plan }) => plan.variants.filter((v) => v.existing && variantChanged(v.draft, v.position, v.existing)));
  await write.updateVariants(ctx, updates.map((v) => ({ ...variantValues(v.draft, v.position), id: v.existing!.id, product_id: v.existing!.product_id })));
  const inserts = products.flatMap(({ plan, productId }) => plan.variants.filter((v) => !v.existing).map((v) => ({ ...variantValues(v.draft, v.position), product_id: productId })));
  const newIds = await write.insertVariants(ctx, inserts);
  for (const v of updates) {
    const change = (v.draft.stock_quantity ?? 0) - (v.existing!.stock_quantity ?? 0);
    if (change !== 0) ledger.push({ productId: v.existing!.product_id, variantId: v.existing!.id, change, resulting: v.draft.stock_quantity ?? 0 });
  }
  for (const v of inserts) {
    if (v.stock_quantity) ledger.push({ productId: v.product_id, variantId: newIds.get(v.sku)!, change: v.stock_quantity, resulting: v.stock_quantity });
  }
}

const variantValues = (v: VariantDraft, position: number): write.VariantValues => ({
  sku: v.sku,
  price: v.price,
  sale_price: v.sale_price,
  stock_quantity: v.stock_quantity,
  options: v.options,
  position,
});

/** The draft's pictures that were fetched and are not on the product yet, after its current ones (at most MAX_PRODUCT_IMAGES in all). */
function newPictures(plan: Plan, current: read.StoredImage[], fetched: ReadonlyMap<string, ImportedImage>): { image: ImportedImage; position: number }[] {
  const attached = new AttachedAddresses(current.flatMap((i) => [i.image_url, ...(i.source_url ? [i.source_url] : [])]));
  const out: { image: ImportedImage; position: number }[] = [];
  for (const url of plan.draft.image_urls ?? []) {
    const image = fetched.get(url);
    if (!image || attached.has(url) || attached.has(image.url)) continue;
    if (current.length + out.length >= MAX_PRODUCT_IMAGES) break;
    attached.add(url);
    attached.add(image.url);
    out.push({ image, position: current.length + out.length });
  }
  return out;
}

/**
 * The picture addresses these SKUs' products already have (as source_url or as their own image_url),
 * so the import fetches only new ones: SKU -> addresses. An exported file names a picture stored on
 * the site by its absolute address (export-rows.ts absoluteUrl): the set also answers for those.
 */
export async function attachedImageSources(ctx: TenantCtx, skus: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const row of await read.imagesBySku(ctx, [...new Set(skus)])) {
    let set = out.get(row.sku);
    if (!set) out.set(row.sku, (set = new AttachedAddresses()));
    set.add(row.image_url);
    if (row.source_url) set.add(row.source_url);
  }
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
