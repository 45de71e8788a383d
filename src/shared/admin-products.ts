import { z } from 'zod';
import { VAT_RATES } from './vat';
import { optionalText } from './text-schemas';
import { MAX_PRODUCT_IMAGES } from './media';
import { altText } from './media-schemas';
import { paginationSchema } from './pagination';

// Admin catalogue: the products list and the product form (admin spec §2, §3, §5, §7, §9). One set of
// rules for the form (client) and the routes (server). Admin-only: the storefront never imports Zod.

export const ADMIN_PRODUCT_PAGE_SIZE = 20;
export const ADMIN_PRODUCT_PAGE_SIZE_MAX = 100;
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
/** Stock at or below this is shown red in the list (spec §9). */
export const LOW_STOCK_THRESHOLD = 5;
const PRICE_MAX = 1_000_000;
const STOCK_MAX = 10_000_000;

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_VISIBILITIES = ['public', 'private'] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

export const ADMIN_PRODUCT_SORTS = ['created_at_desc', 'created_at_asc', 'name_asc', 'name_desc', 'price_asc', 'price_desc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  created_at_desc: 'Newest First',
  created_at_asc: 'Oldest First',
  name_asc: 'Name A-Z',
  name_desc: 'Name Z-A',
  price_asc: 'Price Low to High',
  price_desc: 'Price High to Low',
};

/** Spec §5's exact messages, plus ours where the spec gives none. */
export const PRODUCT_ERRORS = {
  name: 'Product name is required',
  sku: 'SKU is required',
  slugRequired: 'Slug is required',
  slugPattern: 'Use only lowercase letters, digits and hyphens',
  slugTaken: 'This slug is already used by another product',
  skuTaken: 'This SKU is already used by another product',
  basePrice: 'Base price must be zero or greater',
  /** The spec gives one message for a missing or negative base price. */
  basePriceRequired: 'Base price must be zero or greater',
  salePriceNegative: 'Sale price must be zero or greater',
  salePrice: 'Sale price must be lower than base price',
  pence: 'Use at most 2 decimal places',
  priceMax: `Prices must be below £${PRICE_MAX.toLocaleString('en-GB')}`,
  stock: 'Stock quantity must be a whole number of 0 or more',
  metaTitle: `Meta title must be ${META_TITLE_MAX} characters or fewer`,
  metaDescription: `Meta description must be ${META_DESCRIPTION_MAX} characters or fewer`,
  status: 'Choose a status',
  visibility: 'Choose a visibility',
  vatRate: 'Choose a VAT rate: standard, reduced, zero or exempt',
  categories: 'Choose categories from this store',
  variantSku: 'Variant SKU is required',
  variantSkuRepeated: 'Each variant needs its own SKU',
  variantSkuTaken: 'This SKU is already used by another variant',
  /** Decision 042: a product with variants has no stock of its own. */
  stockOnVariants: "This product's stock is the sum of its variants' stock: change each variant's stock instead",
  variantPrice: 'Variant price must be zero or greater',
  variantSalePrice: 'Sale price must be lower than the variant price',
  variantUnknown: 'This variant does not belong to the product',
  variantImage: "Choose one of this product's pictures",
  imagesOnCreate: 'Pictures of a saved product are added on its Images card',
  optionName: 'Option name is required',
  optionValue: 'Option value is required',
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True when a pounds amount has at most two decimals (checked in integer pence, not floats). */
export function isWholePence(pounds: number): boolean {
  return Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-6;
}

const money = (required: string, negative: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : negative) })
    .min(0, negative)
    .lt(PRICE_MAX, PRODUCT_ERRORS.priceMax)
    .refine(isWholePence, PRODUCT_ERRORS.pence);

const stock = z.number({ error: PRODUCT_ERRORS.stock }).int(PRODUCT_ERRORS.stock).min(0, PRODUCT_ERRORS.stock).max(STOCK_MAX, PRODUCT_ERRORS.stock);

/** Highlights: one per line. A text is split on line breaks; every entry trimmed, blanks dropped (spec §5). */
export function splitHighlights(input: string | readonly string[]): string[] {
  const lines = typeof input === 'string' ? [input] : input;
  return lines.flatMap((line) => line.split(/\r?\n/)).map((line) => line.trim()).filter(Boolean);
}

const bullets = z
  .union([z.string().max(20_000), z.array(z.string().max(1000)).max(50)], { error: 'Highlights must be text, one per line' })
  .transform((v) => splitHighlights(v))
  .refine((list) => list.length <= 30, 'Keep highlights to 30 lines or fewer')
  .refine((list) => list.every((line) => line.length <= 300), 'Each highlight must be 300 characters or fewer');

export const variantOption = z.strictObject({
  name: z.string({ error: PRODUCT_ERRORS.optionName }).trim().min(1, PRODUCT_ERRORS.optionName).max(40, 'Option name must be 40 characters or fewer'),
  value: z.string({ error: PRODUCT_ERRORS.optionValue }).trim().min(1, PRODUCT_ERRORS.optionValue).max(80, 'Option value must be 80 characters or fewer'),
});

/** A picture chosen on the new-product form: the uploaded file's key and its alt text. */
export const newProductImage = z.strictObject({
  key: z.string({ error: 'Upload the picture first' }).trim().min(1, 'Upload the picture first').max(300),
  alt_text: altText.optional(),
});
export type NewProductImageInput = z.input<typeof newProductImage>;

/** A variant row as the form sends it: with id to change an existing one, without to add one. */
export const variantInput = z
  .strictObject({
    id: z.uuid({ error: PRODUCT_ERRORS.variantUnknown }).optional(),
    sku: z.string({ error: PRODUCT_ERRORS.variantSku }).trim().min(1, PRODUCT_ERRORS.variantSku).max(64, 'SKU must be 64 characters or fewer'),
    price: money(PRODUCT_ERRORS.variantPrice, PRODUCT_ERRORS.variantPrice),
    sale_price: money(PRODUCT_ERRORS.salePriceNegative, PRODUCT_ERRORS.salePriceNegative).nullable().optional(),
    /** Null: none set (none to sell while the product tracks stock; decision 042). */
    stock_quantity: stock.nullable().optional(),
    options: z.array(variantOption).max(5, 'Use at most 5 options per variant').default([]),
    /** One of the product's own pictures, shown when the variant is chosen; null or left out: none. */
    image_id: z.uuid({ error: PRODUCT_ERRORS.variantImage }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sale_price != null && v.sale_price >= v.price) ctx.addIssue({ code: 'custom', path: ['sale_price'], message: PRODUCT_ERRORS.variantSalePrice });
  });
export type VariantInput = z.infer<typeof variantInput>;

/**
 * POST /api/admin/products and PUT /api/admin/products/{id}. name, slug, sku and base_price are always
 * sent; any other field left out keeps its current value (PUT) or its default (POST). Unknown fields,
 * tenant_id, id and created_at included, are refused (DESIGN rule 4).
 */
export const productBody = z
  .strictObject({
    name: z.string({ error: PRODUCT_ERRORS.name }).trim().min(1, PRODUCT_ERRORS.name).max(200, 'Product name must be 200 characters or fewer'),
    slug: z.string({ error: PRODUCT_ERRORS.slugRequired }).trim().min(1, PRODUCT_ERRORS.slugRequired).max(200, 'Slug must be 200 characters or fewer').regex(SLUG_PATTERN, PRODUCT_ERRORS.slugPattern),
    sku: z.string({ error: PRODUCT_ERRORS.sku }).trim().min(1, PRODUCT_ERRORS.sku).max(64, 'SKU must be 64 characters or fewer'),
    description: optionalText(20_000, 'Description must be 20,000 characters or fewer'),
    brand: optionalText(120, 'Brand must be 120 characters or fewer'),
    base_price: money(PRODUCT_ERRORS.basePriceRequired, PRODUCT_ERRORS.basePrice),
    sale_price: money(PRODUCT_ERRORS.salePriceNegative, PRODUCT_ERRORS.salePriceNegative).nullable().optional(),
    status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_ERRORS.status }).optional(),
    visibility: z.enum(PRODUCT_VISIBILITIES, { error: PRODUCT_ERRORS.visibility }).optional(),
    stock_quantity: stock.nullable().optional(),
    track_inventory: z.boolean({ error: 'Choose whether to track inventory' }).optional(),
    is_featured: z.boolean({ error: 'Choose whether the product is featured' }).optional(),
    /** Its VAT rate (issue 25); null: its main category's default, else standard. */
    vat_rate: z.enum(VAT_RATES, { error: PRODUCT_ERRORS.vatRate }).nullable().optional(),
    bullets: bullets.optional(),
    meta_title: optionalText(META_TITLE_MAX, PRODUCT_ERRORS.metaTitle),
    meta_description: optionalText(META_DESCRIPTION_MAX, PRODUCT_ERRORS.metaDescription),
    category_ids: z.array(z.uuid({ error: PRODUCT_ERRORS.categories }), { error: PRODUCT_ERRORS.categories }).max(20, 'Choose at most 20 categories').optional(),
    /** The spec's wizard payload names one category; taken as category_ids: [category]. */
    category: z.uuid({ error: PRODUCT_ERRORS.categories }).nullable().optional(),
    variants: z.array(variantInput).max(50, 'Use at most 50 variants').optional(),
    /**
     * Create only: files uploaded to this store (POST /api/admin/media) that become the new product's
     * pictures in this order, in the same transaction as the product.
     */
    images: z.array(newProductImage).max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} pictures`).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.sale_price != null && p.sale_price >= p.base_price) ctx.addIssue({ code: 'custom', path: ['sale_price'], message: PRODUCT_ERRORS.salePrice });
    const seen = new Set<string>();
    p.variants?.forEach((v, i) => {
      const key = v.sku.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: PRODUCT_ERRORS.variantSkuRepeated });
      seen.add(key);
    });
  });
export type ProductBodyInput = z.input<typeof productBody>;
export type ProductBody = z.output<typeof productBody>;

/** PUT /api/admin/products/{id} with only the tracking switch (list toggle, spec §7). */
export const trackingBody = z.strictObject({ track_inventory: z.boolean({ error: 'Choose whether to track inventory' }) });
/** PUT /api/admin/products/{id}/feature. */
export const featureBody = z.strictObject({ is_featured: z.boolean({ error: 'Choose whether the product is featured' }) });

/** GET /api/admin/products query: a bad page, limit or sort is a 400 (staff tools, not shopper links). */
const positiveInt = (max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

// Lenient about unknown keys (cache busters); strict about the values it reads.
export const productListQuery = z.object({
  page: positiveInt(1_000_000, 'Page must be a whole number of 1 or more').default(1),
  limit: positiveInt(ADMIN_PRODUCT_PAGE_SIZE_MAX, `Limit must be from 1 to ${ADMIN_PRODUCT_PAGE_SIZE_MAX}`).default(ADMIN_PRODUCT_PAGE_SIZE),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: 'Unknown sort' }).default('created_at_desc'),
  status: z.enum(PRODUCT_STATUSES, { error: 'Unknown status' }).optional(),
  search: z.string().trim().max(200, 'Search must be 200 characters or fewer').optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;

// ---- Responses (prices in pounds, as the storefront API) ----

export const adminProductRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  base_price: z.number(),
  sale_price: z.number().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  visibility: z.enum(PRODUCT_VISIBILITIES),
  is_featured: z.boolean(),
  track_inventory: z.boolean(),
  /** For a product with variants, the sum of theirs (decision 042). */
  stock_quantity: z.number().nullable(),
  /** A product with variants: the lowest and highest price a shopper pays for one (sale prices counted); null without variants. */
  price_range: z.object({ min: z.number(), max: z.number(), variants: z.number() }).nullable(),
  product_images: z.array(z.object({ image_url: z.string(), alt_text: z.string().nullable() })),
  product_categories: z.array(z.object({ categories: z.object({ id: z.string(), name: z.string() }) })),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export type { Pagination } from './pagination';

/** GET /api/admin/products */
export const adminProductListResponse = z.object({ products: z.array(adminProductRowSchema), pagination: paginationSchema });
export type AdminProductList = z.infer<typeof adminProductListResponse>;

export const adminVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  price: z.number(),
  sale_price: z.number().nullable(),
  stock_quantity: z.number().nullable(),
  reserved_quantity: z.number(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  /** One of the product's pictures (GET /api/admin/products/{id}/images), or none. */
  image_id: z.string().nullable(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** GET /api/admin/products/{id}: every form field, plus what the form shows beside them. */
export const adminProductSchema = adminProductRowSchema.extend({
  description: z.string().nullable(),
  brand: z.string().nullable(),
  bullets: z.array(z.string()),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  reserved_quantity: z.number(),
  category_ids: z.array(z.string()),
  /** The product's own VAT rate, or null when it takes its main category's (or standard). */
  vat_rate: z.enum(VAT_RATES).nullable(),
  /** The rate it is sold at: its own, else its main category's default, else standard. */
  effective_vat_rate: z.enum(VAT_RATES),
  variants: z.array(adminVariantSchema),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
/** GET, POST (201), PUT /api/admin/products[/{id}[/feature]] */
export const adminProductResponse = z.object({ product: adminProductSchema });


/** Shown 'Published' only when active and public; otherwise the capitalised status (spec §2, §4). */
export function statusLabel(status: ProductStatus, visibility: ProductVisibility): string {
  if (status === 'active' && visibility === 'public') return 'Published';
  return status.charAt(0).toUpperCase() + status.slice(1);
}
