import type { StoreCtx } from '../../../http/context';
import { badRequest, notFound } from '../../../http/errors';
import {
  PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE_MAX, RELATED_PRODUCTS_LIMIT, SEARCH_MAX, freeUnits, parsePage, parseSort,
  type CategoryDetail, type CategoryNode, type ImageRef, type ProductCard, type ProductDetail, type ProductList, type ProductSort, type ProductVariant,
} from '../../../../shared/catalog';
import type { ProductFilterQuery, ProductListQuery } from '../../../../shared/catalog-schemas';
import { parseFilters, type ProductFacets, type ProductFilters } from '../../../../shared/product-filters';
import { isUuid } from '../../../../shared/ids';
import { penceToPounds } from '../../../../shared/money';
import { SEARCH_TEXT, SUGGEST, type SearchSuggestions } from '../../../../shared/search';
import * as repo from './storefront-repo';
import { searchMatch } from './search';
import { pictureSizes } from '../../media';

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

/**
 * Gives pictures their pixel size and resized copies once known (decision 052), in place: one query
 * for all of an answer's pictures. A picture not read yet, or an outside URL, stays as it was: the
 * page shows the original.
 */
async function withSizes<T extends { image: ImageRef | null }>(ctx: StoreCtx, holders: T[], more: ImageRef[] = []): Promise<T[]> {
  const images = [...holders.flatMap((h) => (h.image ? [h.image] : [])), ...more];
  const sizes = await pictureSizes(ctx, images.map((i) => i.image_url));
  for (const image of images) {
    const size = sizes.get(image.image_url);
    if (!size) continue;
    image.width = size.width;
    image.height = size.height;
    if (size.widths.length) image.widths = size.widths;
  }
  return holders;
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
  filters: ProductFilters;
  sort: ProductSort | 'relevance';
  limit: number;
  page: number;
}

/** What the facets answer depends on: the listing's scope and filters (no paging or sort). */
export type FacetRequest = Pick<ListRequest, 'category' | 'q' | 'filters'>;

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const filtersOf = (query: ProductFilterQuery) =>
  parseFilters((key) => {
    const raw = query[key];
    return asList(raw);
  });

function searchOf(query: ProductFilterQuery): string | null {
  const q = query.q || null;
  if (q && q.length > SEARCH_MAX) throw badRequest(SEARCH_TEXT.tooLong, { q: SEARCH_TEXT.tooLong });
  return q;
}

/** GET /api/products/facets after lenient parsing, as parseListQuery reads the same parameters. */
export function parseFacetQuery(query: ProductFilterQuery): FacetRequest {
  return { category: query.category ?? null, q: searchOf(query), filters: filtersOf(query) };
}

/**
 * Bad paging never errors (page falls back to 1, limit to 24, capped at 48); an unknown sort is name;
 * with a search and no sort, the best matches come first. Tracking parameters drop out here. The one
 * refusal is a search longer than the search box allows (400 on q; only a hand-made URL sends one, and
 * answering part of it would be a guess). Words past SEARCH_TERMS_MAX are ignored instead
 * (shared/search.ts), so a pasted product title still works.
 */
export function parseListQuery(query: ProductListQuery): ListRequest {
  const q = searchOf(query);
  return {
    category: query.category ?? null,
    q,
    featured: query.featured === 'true',
    filters: filtersOf(query),
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
    filters: req.filters,
  };
  const { rows, total } = await listPage(ctx, filter, req);
  return { items: await withSizes(ctx, rows.map(toCard)), total, pagination: { page: req.page, limit: req.limit, total, pages: Math.max(1, Math.ceil(total / req.limit)) } };
}

/** A panel a shopper can read: at most this many brands, options, and values of one option. */
/**
 * GET /api/search/suggestions (issue 27 item 8): the best few products for what is typed so far (the
 * search's own matching: the last word as a prefix, misspellings corrected) and the categories whose
 * names hold it. Under SUGGEST.minLength characters there is nothing to suggest.
 */
export async function suggest(ctx: StoreCtx, raw: string): Promise<SearchSuggestions> {
  const q = raw.trim();
  if (q.length < SUGGEST.minLength) return { products: [], categories: [] };
  const match = await searchMatch(ctx, q);
  const { rows } = await repo.listLiveProducts(ctx, { categoryIds: null, match, featured: false }, 'relevance', SUGGEST.products, 0);
  const needle = q.toLocaleLowerCase('en-GB');
  const categories = (await repo.listCategories(ctx)).filter((c) => c.name.toLocaleLowerCase('en-GB').includes(needle)).slice(0, SUGGEST.categories);
  return {
    products: await withSizes(
      ctx,
      rows.map((r) => {
        const card = toCard(r);
        return { name: card.name, slug: card.slug, price: card.price, sale_price: card.sale_price, image: card.image };
      }),
    ),
    categories: categories.map((c) => ({ name: c.name, slug: c.slug })),
  };
}

const FACET_BRANDS_MAX = 50;
const FACET_OPTIONS_MAX = 10;
const FACET_VALUES_MAX = 50;

/**
 * GET /api/products/facets (issue 27 item 8): the price range, brands, in-stock count and variant
 * options of what a category or search lists, each count as choosing that value would leave it.
 */
export async function listFacets(ctx: StoreCtx, req: FacetRequest): Promise<ProductFacets> {
  const rows = await repo.listFacets(ctx, {
    categoryIds: req.category ? await categoryScope(ctx, req.category) : null,
    match: req.q ? await searchMatch(ctx, req.q) : null,
    featured: false,
    filters: req.filters,
  });
  const options = new Map<string, { value: string; count: number }[]>();
  for (const o of rows.options) {
    if (!o.name || !o.value) continue;
    const values = options.get(o.name) ?? [];
    if (values.length < FACET_VALUES_MAX && (options.has(o.name) || options.size < FACET_OPTIONS_MAX)) options.set(o.name, [...values, { value: o.value, count: o.count }]);
  }
  // Price and stock figures count the brands the brand filter keeps (all of them when none is chosen).
  const kept = rows.brands.filter((b) => req.filters.brands.length === 0 || (b.brand !== null && req.filters.brands.includes(b.brand)));
  const mins = kept.flatMap((b) => (b.min === null ? [] : [b.min]));
  const maxes = kept.flatMap((b) => (b.max === null ? [] : [b.max]));
  return {
    price: mins.length ? { min: penceToPounds(Math.min(...mins)), max: penceToPounds(Math.max(...maxes)) } : null,
    brands: rows.brands
      .filter((b): b is repo.BrandFacetRow & { brand: string } => Boolean(b.brand) && b.count > 0)
      .sort((a, b) => (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0))
      .slice(0, FACET_BRANDS_MAX)
      .map((b) => ({ value: b.brand, count: b.count })),
    in_stock: kept.reduce((n, b) => n + b.in_stock, 0),
    options: [...options.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => ({ name, values })),
  };
}

/** A variant as the product page shows it: its own stock (decision 042; never set is none) and picture. */
function toVariant(v: repo.DetailVariantRow, row: repo.DetailRow): ProductVariant {
  const available = freeUnits(row.track_inventory, v.stock_quantity, v.reserved_quantity);
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
  const card = toCard(row);
  const images: ImageRef[] = row.images ?? [];
  const variants = (row.variants ?? []).map((v) => toVariant(v, row));
  await withSizes(ctx, [card, ...variants], images);
  return {
    ...card,
    description: row.description,
    bullets: row.bullets ?? [],
    specs: row.specs ?? [],
    gtin: row.gtin,
    mpn: row.mpn,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    product_images: images,
    product_variants: variants,
    stock_available: freeUnits(row.track_inventory, row.stock_quantity, row.reserved_quantity),
  };
}

export async function relatedProducts(ctx: StoreCtx, productId: string): Promise<ProductCard[]> {
  const product = isUuid(productId) ? await repo.findLiveProduct(ctx, { id: productId }) : null;
  if (!product) throw notFound('Product not found');
  return withSizes(ctx, (await repo.listRelated(ctx, productId, RELATED_PRODUCTS_LIMIT)).map(toCard));
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

/**
 * GET /api/categories: the tree, with each top category's hero picture sized once known (the home
 * page shows them). Only here: other readers of the tree (the store's menu) have no pictures.
 */
export async function storefrontCategoryTree(ctx: StoreCtx): Promise<CategoryNode[]> {
  const tree = await categoryTree(ctx);
  const sizes = await pictureSizes(ctx, tree.flatMap((c) => (c.hero_image_url ? [c.hero_image_url] : [])));
  for (const category of tree) {
    const size = category.hero_image_url ? sizes.get(category.hero_image_url) : undefined;
    if (size) category.hero_size = { width: size.width, height: size.height, ...(size.widths.length ? { widths: size.widths } : {}) };
  }
  return tree;
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
