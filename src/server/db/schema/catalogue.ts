import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, customType, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VAT_RATES } from '../../../shared/vat';
import { createdAt, tenantId, updatedAt } from './columns';

// Tables of the catalogue module (src/server/modules/catalogue): categories, products, their pictures,
// variants and category links, and the storefront search index.

/** A VAT rate column: one of the four, or null for "inherit". */
export const VAT_RATE_CHECK = sql.raw(`vat_rate is null or vat_rate in (${VAT_RATES.map((r) => `'${r}'`).join(', ')})`);

/** A name/value pair: variant options ("Colour: Sage") and product specifications ("Material: Linen"). */
export interface NameValue {
  name: string;
  value: string;
}

/** Catalogue categories: a tree two levels deep, ordered by display_order then name. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    displayOrder: integer('display_order').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    heroImageUrl: text('hero_image_url'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** The VAT rate of its products that name none (issue 25); null: standard. */
    vatRate: text('vat_rate', { enum: VAT_RATES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('categories_vat_rate_check', VAT_RATE_CHECK), uniqueIndex('categories_tenant_slug_uq').on(t.tenantId, t.slug), index('categories_tenant_parent_idx').on(t.tenantId, t.parentId)],
);

/**
 * Products. Money is integer pence (DESIGN rule 3). Only status 'active' with visibility 'public' is
 * shown on the storefront. Rating figures are kept from approved reviews when a review is moderated.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    brand: text('brand'),
    description: text('description'),
    basePrice: integer('base_price').notNull(),
    salePrice: integer('sale_price'),
    status: text('status', { enum: ['draft', 'active', 'archived'] }).notNull().default('draft'),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull().default('public'),
    isFeatured: boolean('is_featured').notNull().default(false),
    trackInventory: boolean('track_inventory').notNull().default(true),
    stockQuantity: integer('stock_quantity'),
    /** Units held by unpaid checkouts; available = stock_quantity - reserved_quantity. */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    bullets: jsonb('bullets').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    specs: jsonb('specs').$type<NameValue[]>().notNull().default(sql`'[]'::jsonb`),
    gtin: text('gtin'),
    mpn: text('mpn'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    reviewCount: integer('review_count').notNull().default(0),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    /** Its VAT rate (issue 25); null: its main category's default, else standard. */
    vatRate: text('vat_rate', { enum: VAT_RATES }),
    /**
     * Its variants' option values as 'Name' U+001F 'Value', without repeats, kept by the database from
     * product_variants (migration 0041): the storefront's option filters and counts read this one
     * column instead of every variant (issue 27 item 8). Never written by the app.
     */
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_tenant_slug_uq').on(t.tenantId, t.slug),
    uniqueIndex('products_tenant_sku_uq').on(t.tenantId, t.sku),
    // The storefront lists only live products. Each partial index carries a sort's whole key, ties
    // included (name, id), so a page is read in index order and stops at LIMIT: no sort, and the count
    // is an index-only scan. Featured-first serves the home page and related products.
    index('products_live_name_idx').on(t.tenantId, t.name, t.id).where(sql`status = 'active' and visibility = 'public'`),
    index('products_live_price_idx').on(t.tenantId, sql`coalesce(sale_price, base_price)`, t.name, t.id).where(sql`status = 'active' and visibility = 'public'`),
    index('products_live_created_idx').on(t.tenantId, t.createdAt, t.id).where(sql`status = 'active' and visibility = 'public'`),
    index('products_live_featured_idx').on(t.tenantId, t.isFeatured.desc().nullsFirst(), t.name, t.id).where(sql`status = 'active' and visibility = 'public'`),
    check('products_prices_check', sql`base_price >= 0 and (sale_price is null or (sale_price >= 0 and sale_price < base_price))`),
    check('products_stock_check', sql`stock_quantity is null or stock_quantity >= 0`),
    check('products_reserved_check', sql`reserved_quantity >= 0 and (stock_quantity is null or reserved_quantity <= stock_quantity)`),
    check('products_status_check', sql`status in ('draft', 'active', 'archived')`),
    check('products_visibility_check', sql`visibility in ('public', 'private')`),
    check('products_vat_rate_check', VAT_RATE_CHECK),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    altText: text('alt_text'),
    position: integer('position').notNull().default(0),
    /** The address a CSV import fetched this picture from (issue 15): a re-import never fetches it twice. */
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
  },
  // The card's first picture is ordered by (position, created_at): the index gives it without a sort.
  (t) => [index('product_images_product_idx').on(t.productId, t.position, t.createdAt)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    price: integer('price').notNull(),
    salePrice: integer('sale_price'),
    options: jsonb('options').$type<NameValue[]>().notNull().default(sql`'[]'::jsonb`),
    /** The variant's own stock; null means it sells from the product's stock. */
    stockQuantity: integer('stock_quantity'),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    position: integer('position').notNull().default(0),
    /**
     * The variant's own picture, one of its product's pictures (the admin service checks that); the
     * product page shows it when the variant is chosen. Deleting the picture unlinks it.
     */
    imageId: uuid('image_id').references(() => productImages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_variants_tenant_sku_uq').on(t.tenantId, t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
    // Deleting a picture finds the variants that show it without reading them all.
    index('product_variants_image_idx').on(t.imageId),
    check('product_variants_stock_check', sql`reserved_quantity >= 0 and (stock_quantity is null or (stock_quantity >= 0 and reserved_quantity <= stock_quantity))`),
    check('product_variants_prices_check', sql`price >= 0 and (sale_price is null or (sale_price >= 0 and sale_price < price))`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    /** 0 for the product's main category (its breadcrumb). */
    position: integer('position').notNull().default(0),
  },
  // A category's products as an index-only scan (category filter and its count, related products).
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.tenantId, t.categoryId, t.productId)],
);

// The storefront search index (docs/decisions/008-search-index-behind-definer-functions.md). Triggers on
// products keep both tables in step; the app role holds no privilege on them and reads them only through
// the SECURITY DEFINER functions search_terms() and search_matches(), which scope every read to
// app.tenant_id themselves. That is what lets the GIN indexes serve: row-level security would check the
// tenant policy on every row before a non-LEAKPROOF @@.

/** Postgres full-text search vector; only ever written by the database (triggers). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One row per live (active, public) product: its words, weighted name and SKU, then brand, then description. */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    /** lower(sku): a search for a whole SKU ("AB-12/3") finds it whatever its punctuation. */
    skuKey: text('sku_key').notNull(),
    /** English stems and the words as written (prefix matching needs the unstemmed words). */
    document: tsvector('document').notNull(),
  },
  (t) => [
    // (tenant_id, document) in one GIN index (btree_gin): a common word is looked up in one shop's
    // products, not in every shop's.
    index('product_search_document_idx').using('gin', t.tenantId, t.document),
    index('product_search_sku_idx').on(t.tenantId, t.skuKey),
  ],
);

/**
 * Each shop's vocabulary: the words (letters only, 3-40 long, no English stop words) of its live
 * products, which a misspelt search word is compared against. No unique key on purpose: concurrent
 * product writes then never wait on (or deadlock over) a shared word row; a rare duplicate is harmless.
 */
export const searchWords = pgTable(
  'search_words',
  {
    tenantId: tenantId(),
    word: text('word').notNull(),
  },
  (t) => [
    index('search_words_word_idx').on(t.tenantId, t.word),
    // A word within two edits of the typed one is at most two letters longer or shorter; the word itself
    // rides in the index so the comparison needs no table read.
    index('search_words_length_idx').on(t.tenantId, sql`char_length(${t.word})`, t.word),
  ],
);

/**
 * Tables the app role holds no privilege on, read only through SECURITY DEFINER functions that scope to
 * app.tenant_id themselves: their row-level security is enabled but not forced (the functions run as
 * the owner and must reach the GIN indexes). src/server/db/rls.test.ts checks both halves.
 */
export const DEFINER_ONLY_TABLES = ['product_search', 'search_words'] as const;
