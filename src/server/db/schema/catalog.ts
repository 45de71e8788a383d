import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenants } from './platform';
import { VAT_RATES } from '../../../shared/vat';

/** A VAT rate column: one of the four, or null for "inherit". */
export const VAT_RATE_CHECK = sql.raw(`vat_rate is null or vat_rate in (${VAT_RATES.map((r) => `'${r}'`).join(', ')})`);

const tenantId = () => uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

/** Shopper reviews. New ones wait for moderation; only approved ones are shown and counted. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    customerEmail: text('customer_email').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    createdAt: createdAt(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_product_idx').on(t.tenantId, t.productId, t.status, t.createdAt),
    index('reviews_status_idx').on(t.tenantId, t.status, t.createdAt),
    check('reviews_rating_check', sql`rating between 1 and 5`),
    check('reviews_status_check', sql`status in ('pending', 'approved', 'rejected')`),
  ],
);

/** Counted actions for per-address rate limits (review posting); every server instance sees the same. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.tenantId, t.bucket, t.key, t.createdAt)],
);
