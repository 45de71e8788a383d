import type { StoreCtx } from '../../../http/context';
import { badRequest, notFound } from '../../../http/errors';
import {
  PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE_MAX, RELATED_PRODUCTS_LIMIT, SEARCH_MAX, freeUnits, parsePage, parseSort,
  type CategoryDetail, type CategoryNode, type ProductCard, type ProductDetail, type ProductList, type ProductSort, type ProductVariant,
} from '../../../../shared/catalog';
import type { ProductListQuery } from '../../../../shared/catalog-schemas';
import { isUuid } from '../../../../shared/ids';
import { penceToPounds } from '../../../../shared/money';
import { SEARCH_TEXT } from '../../../../shared/search';
import * as repo from './storefront-repo';
import { searchMatch } from './search';

const money = (pence: number | null) => (pence === null ? null : penceToPounds(pence));
const rating = (value: string | number | null) => (value === null ? null : Number(value));

export function toCard(row: repo.CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    brand: row.brand,
    price: penceToPounds(row.base_price),
    sale_price: money(row.sale_price),
    image: row.image_url ? { image_url: row.image_url, alt_text: row.image_alt } : null,
    average_rating: rating(row.average_rating),
    review_count: row.review_count,
    in_stock: row.in_stock,
    has_variants: row.has_variants,
    categories: row.categories ?? [],
  };
}

function limitFrom(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return PRODUCT_PAGE_SIZE;
  return Math.min(n, PRODUCT_PAGE_SIZE_MAX);
}

/** A category by slug or id, with its children: the products of both are listed together. */
async function categoryScope(ctx: StoreCtx, key: string): Promise<string[]> {
  const all = await repo.listCategories(ctx);
  const category = all.find((c) => c.slug === key || c.id === key);
  if (!category) throw notFound('Category not found');
  return [category.id, ...all.filter((c) => c.parent_id === category.id).map((c) => c.id)];
}

/** GET /api/products after the lenient parsing: what the answer depends on, and the cache key. */
export interface ListRequest {
  category: string | null;
  q: string | null;
  featured: boolean;
  sort: ProductSort | 'relevance';
  limit: number;
  page: number;
}

/**
 * Bad paging never errors (page falls back to 1, limit to 24, capped at 48); an unknown sort is name;
 * with a search and no sort, the best matches come first. Tracking parameters drop out here. The one
 * refusal is a search longer than the search box allows (400 on q; only a hand-made URL sends one, and
 * answering part of it would be a guess). Words past SEARCH_TERMS_MAX are ignored instead
 * (shared/search.ts), so a pasted product title still works.
 */
export function parseListQuery(query: ProductListQuery): ListRequest {
  const q = query.q || null;
  if (q && q.length > SEARCH_MAX) throw badRequest(SEARCH_TEXT.tooLong, { q: SEARCH_TEXT.tooLong });
  return {
    category: query.category ?? null,
    q,
    featured: query.featured === 'true',
    sort: parseSort(query.sort) ?? (q && query.sort === undefined ? 'relevance' : 'name'),
    limit: limitFrom(query.limit),
    page: parsePage(query.page),
  };
}

/** One page and its total; only a page past the last match carries no count and is counted apart. */
async function listPage(ctx: StoreCtx, filter: repo.ListFilter, req: ListRequest) {
  const offset = (req.page - 1) * req.limit;
  const found = await repo.listLiveProducts(ctx, filter, req.sort, req.limit, offset);
  return { rows: found.rows, total: found.total ?? (await repo.countLiveProducts(ctx, filter)) };
}

/**
 * GET /api/products. A search matches words as typed, the last one also as a prefix, and a word no
 * product has by its closest spellings in the shop's vocabulary (search.ts); or a whole SKU.
 */
export async function listProducts(ctx: StoreCtx, req: ListRequest): Promise<ProductList> {
  const filter: repo.ListFilter = {
    categoryIds: req.category ? await categoryScope(ctx, req.category) : null,
    match: req.q ? await searchMatch(ctx, req.q) : null,
    featured: req.featured,
  };
  const { rows, total } = await listPage(ctx, filter, req);
  return { items: rows.map(toCard), total, pagination: { page: req.page, limit: req.limit, total, pages: Math.max(1, Math.ceil(total / req.limit)) } };
}

/** A variant as the product page shows it: its stock (own, or the product's it sells from) and picture. */
function toVariant(v: repo.DetailVariantRow, row: repo.DetailRow): ProductVariant {
  const available = v.stock_quantity === null ? freeUnits(row.track_inventory, row.stock_quantity, row.reserved_quantity) : freeUnits(row.track_inventory, v.stock_quantity, v.reserved_quantity);
  return {
    id: v.id,
    sku: v.sku,
    price: penceToPounds(v.price),
    sale_price: money(v.sale_price),
    options_json: v.options,
    in_stock: available === null || available > 0,
    stock_available: available,
    image: v.image_url ? { image_url: v.image_url, alt_text: v.image_alt } : null,
  };
}

export async function getProduct(ctx: StoreCtx, by: { slug: string } | { id: string }): Promise<ProductDetail> {
  const row = await repo.findLiveProduct(ctx, by);
  if (!row) throw notFound('Product not found');
  return {
    ...toCard(row),
    description: row.description,
    bullets: row.bullets ?? [],
    specs: row.specs ?? [],
    gtin: row.gtin,
    mpn: row.mpn,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    product_images: row.images ?? [],
    product_variants: (row.variants ?? []).map((v) => toVariant(v, row)),
    stock_available: freeUnits(row.track_inventory, row.stock_quantity, row.reserved_quantity),
  };
}

export async function relatedProducts(ctx: StoreCtx, productId: string): Promise<ProductCard[]> {
  const product = isUuid(productId) ? await repo.findLiveProduct(ctx, { id: productId }) : null;
  if (!product) throw notFound('Product not found');
  return (await repo.listRelated(ctx, productId, RELATED_PRODUCTS_LIMIT)).map(toCard);
}

function nodeOf(row: repo.CategoryRow, children: CategoryNode[]): CategoryNode {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    hero_image_url: row.hero_image_url,
    is_featured: row.is_featured,
    display_order: row.display_order,
    children,
  };
}

/** The category tree, two levels deep, in display order. */
export async function categoryTree(ctx: StoreCtx): Promise<CategoryNode[]> {
  const rows = await repo.listCategories(ctx);
  const childrenOf = (id: string) => rows.filter((r) => r.parent_id === id).map((r) => nodeOf(r, []));
  return rows.filter((r) => r.parent_id === null).map((r) => nodeOf(r, childrenOf(r.id)));
}

export async function getCategory(ctx: StoreCtx, slug: string): Promise<CategoryDetail> {
  const rows = await repo.listCategories(ctx);
  const row = rows.find((r) => r.slug === slug);
  if (!row) throw notFound('Category not found');
  const parent = row.parent_id ? rows.find((r) => r.id === row.parent_id) : undefined;
  return {
    ...nodeOf(row, []),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    parent: parent ? { slug: parent.slug, name: parent.name } : null,
    children: rows.filter((r) => r.parent_id === row.id).map((r) => ({ slug: r.slug, name: r.name })),
  };
}
