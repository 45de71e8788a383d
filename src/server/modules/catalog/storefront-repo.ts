import { sql, type SQL } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import type { NameValue, ProductSort } from '../../../shared/catalog';

/** Only these products exist as far as shoppers are concerned (issue 3: active and public). */
const LIVE = sql`p.status = 'active' and p.visibility = 'public'`;

/** Word similarity a misspelt word needs to match a product name ("teracotta" ~ "Terracotta"). */
const TYPO_THRESHOLD = '0.5';

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

// The card's columns; subqueries stay index-backed (product_images_product_idx, product_variants_product_idx).
const CARD_COLUMNS = sql`
  p.id, p.name, p.slug, p.sku, p.brand, p.base_price, p.sale_price, p.average_rating, p.review_count,
  (not p.track_inventory or coalesce(p.stock_quantity, 0) > 0
    or exists (select 1 from product_variants v where v.product_id = p.id and coalesce(v.stock_quantity, 1) > 0)) as in_stock,
  exists (select 1 from product_variants v where v.product_id = p.id) as has_variants,
  (select i.image_url from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_url,
  (select i.alt_text from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_alt,
  (select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.name)
     from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories`;

export interface ListFilter {
  /** The category and its children (the tree is two levels deep). */
  categoryIds: string[] | null;
  q: string | null;
  featured: boolean;
}

function whereFor(ctx: StoreCtx, filter: ListFilter): SQL {
  const parts: SQL[] = [sql`p.tenant_id = ${ctx.tenantId}`, LIVE];
  if (filter.featured) parts.push(sql`p.is_featured`);
  if (filter.categoryIds) {
    parts.push(sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in (${sql.join(filter.categoryIds.map((id) => sql`${id}::uuid`), sql`, `)}))`);
  }
  if (filter.q) {
    // Full text on name, SKU, brand and description; a whole SKU; or a near miss on a name word.
    parts.push(sql`(p.search @@ websearch_to_tsquery('english', ${filter.q}) or lower(p.sku) = lower(${filter.q}) or ${filter.q} <% p.name)`);
  }
  return sql.join(parts, sql` and `);
}

function orderFor(sort: ProductSort | 'relevance', q: string | null): SQL {
  switch (sort) {
    case 'relevance':
      return sql`ts_rank_cd(p.search, websearch_to_tsquery('english', ${q})) + word_similarity(${q}, p.name) desc, p.name asc, p.id`;
    case 'name_desc':
      return sql`p.name desc, p.id`;
    case 'price_asc':
      return sql`coalesce(p.sale_price, p.base_price) asc, p.name asc, p.id`;
    case 'price_desc':
      return sql`coalesce(p.sale_price, p.base_price) desc, p.name asc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id`;
    default:
      return sql`p.name asc, p.id`;
  }
}

async function allowTypos(ctx: StoreCtx, filter: ListFilter) {
  if (filter.q) await ctx.tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
}

export async function listLiveProducts(ctx: StoreCtx, filter: ListFilter, sort: ProductSort | 'relevance', limit: number, offset: number): Promise<CardRow[]> {
  await allowTypos(ctx, filter);
  const result = await ctx.tx.execute(sql`
    select ${CARD_COLUMNS} from products p
    where ${whereFor(ctx, filter)}
    order by ${orderFor(sort, filter.q)}
    limit ${limit} offset ${offset}`);
  return rowsOf<CardRow>(result);
}

export async function countLiveProducts(ctx: StoreCtx, filter: ListFilter): Promise<number> {
  await allowTypos(ctx, filter);
  const result = await ctx.tx.execute(sql`select count(*)::int as n from products p where ${whereFor(ctx, filter)}`);
  return rowsOf<{ n: number }>(result)[0].n;
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
  variants: { id: string; sku: string; price: number; sale_price: number | null; options: NameValue[]; stock_quantity: number | null }[] | null;
  track_inventory: boolean;
}

export async function findLiveProduct(ctx: StoreCtx, by: { slug: string } | { id: string }): Promise<DetailRow | null> {
  const match = 'slug' in by ? sql`p.slug = ${by.slug}` : sql`p.id = ${by.id}::uuid`;
  const result = await ctx.tx.execute(sql`
    select ${CARD_COLUMNS}, p.description, p.bullets, p.specs, p.gtin, p.mpn, p.meta_title, p.meta_description, p.track_inventory,
      (select json_agg(json_build_object('image_url', i.image_url, 'alt_text', i.alt_text) order by i.position, i.created_at)
         from product_images i where i.product_id = p.id) as images,
      (select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price', v.price, 'sale_price', v.sale_price,
                                         'options', v.options, 'stock_quantity', v.stock_quantity) order by v.position, v.sku)
         from product_variants v where v.product_id = p.id) as variants
    from products p
    where p.tenant_id = ${ctx.tenantId} and ${LIVE} and ${match}
    limit 1`);
  return rowsOf<DetailRow>(result)[0] ?? null;
}

/** Other live products sharing a category, featured first; topped up with featured ones when few share. */
export async function listRelated(ctx: StoreCtx, productId: string, limit: number): Promise<CardRow[]> {
  const result = await ctx.tx.execute(sql`
    select ${CARD_COLUMNS} from products p
    where p.tenant_id = ${ctx.tenantId} and ${LIVE} and p.id <> ${productId}::uuid
    order by exists (select 1 from product_categories a join product_categories b on a.category_id = b.category_id
                     where a.product_id = p.id and b.product_id = ${productId}::uuid) desc,
             p.is_featured desc, p.name asc
    limit ${limit}`);
  return rowsOf<CardRow>(result);
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
  const result = await ctx.tx.execute(sql`
    select id, parent_id, name, slug, description, hero_image_url, is_featured, display_order, meta_title, meta_description
    from categories where tenant_id = ${ctx.tenantId}
    order by display_order, name`);
  return rowsOf<CategoryRow>(result);
}
