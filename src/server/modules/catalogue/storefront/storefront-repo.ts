import { sql, type SQL } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { executePrepared } from '../../../db/prepared';
import type { NameValue, ProductSort } from '../../../../shared/catalog';
import type { SearchMatch } from './search';
import { poundsToPence } from '../../../../shared/money';
import { NO_FILTERS, type ProductFilters } from '../../../../shared/product-filters';

/** Only these products exist as far as shoppers are concerned (issue 3: active and public). */
const LIVE = sql`p.status = 'active' and p.visibility = 'public'`;

export interface CardRow {
  id: string;
  name: string;
  slug: string;
  sku: string;
  brand: string | null;
  base_price: number;
  sale_price: number | null;
  average_rating: string | number | null;
  review_count: number;
  in_stock: boolean;
  has_variants: boolean;
  image_url: string | null;
  image_alt: string | null;
  categories: { slug: string; name: string }[] | null;
}

/** The listing price: what cards show and the price sorts use. */
const LISTING_PRICE = sql`coalesce(p.sale_price, p.base_price)`;
/** A product with variants holds their sums (decision 042): one comparison for every product. */
const IN_STOCK = sql`(not p.track_inventory or coalesce(p.stock_quantity, 0) - p.reserved_quantity > 0)`;

// The card's columns; subqueries stay index-backed (product_images_product_idx, product_variants_product_idx).
const CARD_COLUMNS = sql`
  p.id, p.name, p.slug, p.sku, p.brand, p.base_price, p.sale_price, p.average_rating, p.review_count,
  ${IN_STOCK} as in_stock,
  exists (select 1 from product_variants v where v.product_id = p.id) as has_variants,
  (select i.image_url from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_url,
  (select i.alt_text from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_alt,
  (select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.name)
     from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories`;

export interface ListFilter {
  /** The category and its children (the tree is two levels deep). */
  categoryIds: string[] | null;
  match: SearchMatch | null;
  featured: boolean;
  /** Price, brand, in stock and variant options (issue 27 item 8); NO_FILTERS for none. */
  filters?: ProductFilters;
}

/** The filters a facet query leaves out, so its counts say what choosing another value would give. */
export type FacetKey = 'price' | 'brand' | 'in_stock' | { option: string } | 'options';

/** How products.option_values holds one option value (migration 0041): name, U+001F, value. */
const OPTION_SEPARATOR = '\u001f';

/** A variant of the product has one of these values of the option (products.option_values keeps them). */
function optionCondition(name: string, values: readonly string[]): SQL {
  const wanted = sql.join(values.map((value) => sql`${name + OPTION_SEPARATOR + value}`), sql`, `);
  return sql`p.option_values && array[${wanted}]::text[]`;
}

function priceConditions(f: ProductFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.min_price !== null) parts.push(sql`${LISTING_PRICE} >= ${poundsToPence(f.min_price)}`);
  if (f.max_price !== null) parts.push(sql`${LISTING_PRICE} <= ${poundsToPence(f.max_price)}`);
  return parts;
}

function filterConditions(f: ProductFilters, except: readonly FacetKey[]): SQL[] {
  const leaves = (key: FacetKey) => except.includes(key);
  const parts: SQL[] = leaves('price') ? [] : priceConditions(f);
  if (!leaves('brand') && f.brands.length) parts.push(sql`p.brand in (${sql.join(f.brands.map((b) => sql`${b}`), sql`, `)})`);
  if (!leaves('in_stock') && f.in_stock) parts.push(IN_STOCK);
  for (const o of f.options) {
    if (leaves('options') || except.some((e) => typeof e === 'object' && e.option === o.name)) continue;
    parts.push(optionCondition(o.name, o.values));
  }
  return parts;
}

/**
 * The products listed: all of them, or a search's matches with their rank (search_rank). The matches
 * come from the search index through search_matches() (docs/decisions/008), which reads only this
 * tenant's live products with the GIN index; each match then joins its product by primary key, so the
 * filters, sorts and cards below stay the same for a search and a plain list.
 */
function fromFor(filter: ListFilter): SQL {
  const m = filter.match;
  if (!m) return sql`products p`;
  return sql`search_matches(${m.query}::tsquery, ${m.exact}::tsquery, ${m.wholeSku}) m join products p on p.id = m.product_id`;
}

function whereFor(ctx: StoreCtx, filter: ListFilter, except: readonly FacetKey[] = []): SQL {
  const parts: SQL[] = [sql`p.tenant_id = ${ctx.tenantId}`, LIVE, ...filterConditions(filter.filters ?? NO_FILTERS, except)];
  if (filter.featured) parts.push(sql`p.is_featured`);
  if (filter.categoryIds) {
    // Written as IN on (tenant_id, category_id) so the category index answers it without the heap.
    const ids = sql.join(filter.categoryIds.map((id) => sql`${id}::uuid`), sql`, `);
    parts.push(sql`p.id in (select pc.product_id from product_categories pc where pc.tenant_id = ${ctx.tenantId} and pc.category_id in (${ids}))`);
  }
  return sql.join(parts, sql` and `);
}

function orderFor(sort: ProductSort | 'relevance', match: SearchMatch | null): SQL {
  switch (sort) {
    case 'relevance':
      // search_rank puts a whole SKU first, then name matches, then the rest (see search_matches()).
      return match ? sql`search_rank desc, p.name asc, p.id` : sql`p.name asc, p.id`;
    case 'name_desc':
      // Ties reversed too (id desc), so Z-A is exactly A-Z backwards and one backward index scan.
      return sql`p.name desc, p.id desc`;
    case 'price_asc':
      return sql`coalesce(p.sale_price, p.base_price) asc, p.name asc, p.id`;
    case 'price_desc':
      return sql`coalesce(p.sale_price, p.base_price) desc, p.name asc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id desc`;
    default:
      return sql`p.name asc, p.id`;
  }
}

export async function countLiveProducts(ctx: StoreCtx, filter: ListFilter): Promise<number> {
  const [row] = await executePrepared<{ n: number }>(ctx.tx, sql`select count(*)::int as n from ${fromFor(filter)} where ${whereFor(ctx, filter)}`);
  return row.n;
}

/** Per brand (null included) of the products in scope, each figure under the filters its facet keeps. */
export interface BrandFacetRow {
  brand: string | null;
  /** Listing prices, with every filter but price (and brand, applied by the caller over the rows). */
  min: number | null;
  max: number | null;
  /** In stock, with every filter but stock. */
  in_stock: number;
  /** With every filter but brand: what choosing this brand would list. */
  count: number;
}

export interface FacetRows {
  brands: BrandFacetRow[];
  options: { name: string; value: string; count: number }[];
}

const all = sql`true`;
const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : all);

/**
 * The facets of a listing (issue 27 item 8) in two passes. Each count leaves out its own filter (a
 * brand's count is what choosing it would give with the other filters as they are). Price, stock and
 * brand share one scan grouped by brand: the rows pass every other filter, and each figure applies the
 * filters its facet keeps with FILTER clauses; the caller adds up the brands the brand filter keeps.
 * Option values come from products.option_values, which the database keeps from the variants (0041).
 */
export async function listFacets(ctx: StoreCtx, filter: ListFilter): Promise<FacetRows> {
  const from = fromFor(filter);
  const f = filter.filters ?? NO_FILTERS;
  const priceOk = and(priceConditions(f));
  const stockOk = f.in_stock ? IN_STOCK : all;
  const brands = await executePrepared<BrandFacetRow>(ctx.tx, sql`
    select p.brand, min(${LISTING_PRICE}) filter (where ${stockOk})::int as min, max(${LISTING_PRICE}) filter (where ${stockOk})::int as max,
           (count(*) filter (where ${IN_STOCK} and ${priceOk}))::int as in_stock, (count(*) filter (where ${priceOk} and ${stockOk}))::int as count
    from ${from} where ${whereFor(ctx, filter, ['price', 'in_stock', 'brand'])}
    group by p.brand`);
  // Option values: each chosen option counted without its own values, every other one with all filters.
  const optionCounts = async (except: FacetKey[]) =>
    (
      await executePrepared<{ pair: string; count: number }>(ctx.tx, sql`
        select ov as pair, count(*)::int as count from ${from} cross join lateral unnest(p.option_values) ov
        where ${whereFor(ctx, filter, except)} group by ov`)
    ).map(({ pair, count }) => {
      const at = pair.indexOf(OPTION_SEPARATOR);
      return { name: pair.slice(0, at), value: pair.slice(at + 1), count };
    });
  const chosen = f.options.map((o) => o.name);
  const options = (await optionCounts([])).filter((o) => !chosen.includes(o.name));
  for (const name of chosen) options.push(...(await optionCounts([{ option: name }])).filter((o) => o.name === name));
  options.sort((a, b) => (a.name === b.name ? (a.value < b.value ? -1 : 1) : a.name < b.name ? -1 : 1));
  return { brands, options };
}

/**
 * One page of cards and the number of matches, in one statement. The inner query picks the page's ids
 * (narrow rows: a search may sort thousands of matches) and only those rows get the card's columns and
 * subqueries (pictures, stock, categories). A plain list reads the page in sort-index order and stops
 * at LIMIT, and counts apart (an index-only scan); a search reads all its matches anyway (to rank or
 * sort them), so its count rides on that pass (count(*) over ()).
 * Past the last page no row carries the count: total is null then, and the caller counts.
 */
export async function listLiveProducts(
  ctx: StoreCtx,
  filter: ListFilter,
  sort: ProductSort | 'relevance',
  limit: number,
  offset: number,
): Promise<{ rows: CardRow[]; total: number | null }> {
  const where = whereFor(ctx, filter);
  const order = orderFor(sort, filter.match);
  const total = filter.match ? sql`page.total` : sql`(select count(*) from products p where ${where})`;
  const rows = await executePrepared<CardRow & { total: number }>(ctx.tx, sql`
    select ${CARD_COLUMNS}, ${total}::int as total from (
      select p.id${filter.match ? sql`, search_rank, count(*) over () as total` : sql``} from ${fromFor(filter)}
      where ${where}
      order by ${order}
      limit ${limit} offset ${offset}) page
    join products p on p.id = page.id
    order by ${order}`);
  return { rows, total: rows.length ? rows[0].total : offset === 0 ? 0 : null };
}

export interface DetailRow extends CardRow {
  description: string | null;
  bullets: string[];
  specs: NameValue[];
  gtin: string | null;
  mpn: string | null;
  meta_title: string | null;
  meta_description: string | null;
  images: { image_url: string; alt_text: string | null }[] | null;
  variants: DetailVariantRow[] | null;
  track_inventory: boolean;
  stock_quantity: number | null;
  reserved_quantity: number;
}

export interface DetailVariantRow {
  id: string;
  sku: string;
  price: number;
  sale_price: number | null;
  options: NameValue[];
  stock_quantity: number | null;
  reserved_quantity: number;
  /** The variant's own picture (one of the product's), when one is linked. */
  image_url: string | null;
  image_alt: string | null;
}

export async function findLiveProduct(ctx: StoreCtx, by: { slug: string } | { id: string }): Promise<DetailRow | null> {
  const match = 'slug' in by ? sql`p.slug = ${by.slug}` : sql`p.id = ${by.id}::uuid`;
  const rows = await executePrepared<DetailRow>(ctx.tx, sql`
    select ${CARD_COLUMNS}, p.description, p.bullets, p.specs, p.gtin, p.mpn, p.meta_title, p.meta_description, p.track_inventory,
      p.stock_quantity, p.reserved_quantity,
      (select json_agg(json_build_object('image_url', i.image_url, 'alt_text', i.alt_text) order by i.position, i.created_at)
         from product_images i where i.product_id = p.id) as images,
      (select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price', v.price, 'sale_price', v.sale_price, 'options', v.options,
                                         'stock_quantity', v.stock_quantity, 'reserved_quantity', v.reserved_quantity,
                                         'image_url', vi.image_url, 'image_alt', vi.alt_text) order by v.position, v.sku)
         from product_variants v left join product_images vi on vi.id = v.image_id and vi.product_id = p.id
         where v.product_id = p.id) as variants
    from products p
    where p.tenant_id = ${ctx.tenantId} and ${LIVE} and ${match}
    limit 1`);
  return rows[0] ?? null;
}

/**
 * Other live products sharing a category, featured first then by name; topped up with other live
 * products (again featured first) when few share. Two bounded reads on the featured index instead of
 * ranking every product in the store.
 */
export async function listRelated(ctx: StoreCtx, productId: string, limit: number): Promise<CardRow[]> {
  const shared = sql`p.id in (select b.product_id from product_categories a
                             join product_categories b on b.tenant_id = a.tenant_id and b.category_id = a.category_id
                             where a.tenant_id = ${ctx.tenantId} and a.product_id = ${productId}::uuid)`;
  const page = async (sharing: boolean, n: number) =>
    executePrepared<CardRow>(ctx.tx, sql`
      select ${CARD_COLUMNS} from (
        select p.* from products p
        where p.tenant_id = ${ctx.tenantId} and ${LIVE} and p.id <> ${productId}::uuid and ${sharing ? shared : sql`not ${shared}`}
        order by p.is_featured desc, p.name asc, p.id
        limit ${n}) p
      order by p.is_featured desc, p.name asc, p.id`);
  const rows = await page(true, limit);
  return rows.length < limit ? [...rows, ...(await page(false, limit - rows.length))] : rows;
}

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  slug: string;
  description: string | null;
  hero_image_url: string | null;
  is_featured: boolean;
  display_order: number;
  meta_title: string | null;
  meta_description: string | null;
}

export async function listCategories(ctx: StoreCtx): Promise<CategoryRow[]> {
  return executePrepared<CategoryRow>(ctx.tx, sql`
    select id, parent_id, name, slug, description, hero_image_url, is_featured, display_order, meta_title, meta_description
    from categories where tenant_id = ${ctx.tenantId}
    order by display_order, name`);
}
