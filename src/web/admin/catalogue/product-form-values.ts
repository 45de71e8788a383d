import { PRODUCT_ERRORS, productBody, splitHighlights, type AdminProduct, type ProductBodyInput, type ProductStatus, type ProductVisibility } from '@shared/admin-products';
import type { VatRate } from '@shared/vat';

// The product form's values (text as typed) and their conversion to the API body. The body is checked
// with the same schema the server applies (src/shared/admin-products.ts), so the messages match.

export interface VariantValues {
  /** The stored variant's id; empty for a row added in the form. Not `id`: useFieldArray owns that key. */
  variant_id: string;
  sku: string;
  price: string;
  sale_price: string;
  stock_quantity: string;
  /** One of the product's pictures; empty for none. */
  image_id: string;
  options: { name: string; value: string }[];
}

export interface ProductFormValues {
  name: string;
  slug: string;
  sku: string;
  brand: string;
  description: string;
  base_price: string;
  sale_price: string;
  track_inventory: boolean;
  stock_quantity: string;
  bullets: string;
  meta_title: string;
  meta_description: string;
  status: ProductStatus;
  visibility: ProductVisibility;
  is_featured: boolean;
  /** The product's own VAT rate; '' takes its main category's default (sent as null). */
  vat_rate: VatRate | '';
  category_ids: string[];
  variants: VariantValues[];
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  slug: '',
  sku: '',
  brand: '',
  description: '',
  base_price: '',
  sale_price: '',
  track_inventory: true,
  stock_quantity: '',
  bullets: '',
  meta_title: '',
  meta_description: '',
  status: 'draft',
  visibility: 'public',
  is_featured: false,
  vat_rate: '',
  category_ids: [],
  variants: [],
};

const text = (n: number | null) => (n === null ? '' : String(n));
/** Pounds as typed in a price field: 2 decimals shown for stored prices. */
const priceText = (n: number | null) => (n === null ? '' : n.toFixed(2));

export function toFormValues(p: AdminProduct): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    brand: p.brand ?? '',
    description: p.description ?? '',
    base_price: priceText(p.base_price),
    sale_price: priceText(p.sale_price),
    track_inventory: p.track_inventory,
    stock_quantity: text(p.stock_quantity),
    bullets: p.bullets.join('\n'),
    meta_title: p.meta_title ?? '',
    meta_description: p.meta_description ?? '',
    status: p.status,
    visibility: p.visibility,
    is_featured: p.is_featured,
    vat_rate: p.vat_rate ?? '',
    category_ids: p.category_ids,
    variants: p.variants.map((v) => ({
      variant_id: v.id,
      sku: v.sku,
      price: priceText(v.price),
      sale_price: priceText(v.sale_price),
      stock_quantity: text(v.stock_quantity),
      image_id: v.image_id ?? '',
      options: v.options,
    })),
  };
}

/** A typed number: empty is "not given" (undefined or null), anything else a number (NaN fails the schema). */
const numberOrEmpty = <E extends null | undefined>(raw: string, empty: E): number | E => (raw.trim() === '' ? empty : Number(raw.trim()));

/** The request body: text trimmed by the schema, empty optional values null, tracking off sends no stock. */
export function toBody(v: ProductFormValues): ProductBodyInput {
  return {
    name: v.name,
    slug: v.slug,
    sku: v.sku,
    brand: v.brand,
    description: v.description,
    base_price: numberOrEmpty(v.base_price, undefined) as number,
    sale_price: numberOrEmpty(v.sale_price, null),
    status: v.status,
    visibility: v.visibility,
    track_inventory: v.track_inventory,
    // With variants the product's stock is theirs (decision 042): the form sends none of its own.
    stock_quantity: !v.track_inventory ? null : v.variants.length ? undefined : numberOrEmpty(v.stock_quantity, null),
    is_featured: v.is_featured,
    vat_rate: v.vat_rate || null,
    bullets: splitHighlights(v.bullets),
    meta_title: v.meta_title,
    meta_description: v.meta_description,
    category_ids: v.category_ids,
    variants: v.variants.map((row) => ({
      ...(row.variant_id ? { id: row.variant_id } : {}),
      sku: row.sku,
      price: numberOrEmpty(row.price, undefined) as number,
      sale_price: numberOrEmpty(row.sale_price, null),
      stock_quantity: numberOrEmpty(row.stock_quantity, null),
      image_id: row.image_id || null,
      options: row.options,
    })),
  };
}

/**
 * Every problem with the form, keyed by field path (variants.0.sku), as spec §5 words them. The
 * schema stops before its cross-field checks when a field fails, so sale < base is checked here too:
 * all the messages show at once.
 */
export function validateForm(v: ProductFormValues): { body: ProductBodyInput; errors: Record<string, string> } {
  const body = toBody(v);
  const parsed = productBody.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issue.message;
    }
  }
  const base = body.base_price;
  const sale = body.sale_price;
  if (!errors.sale_price && typeof base === 'number' && typeof sale === 'number' && base >= 0 && sale >= 0 && sale >= base) errors.sale_price = PRODUCT_ERRORS.salePrice;
  return { body, errors };
}
