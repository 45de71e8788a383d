// No Zod here: the storefront imports this file, and Zod alone is ~24 kB gzipped (docs/decisions/004).
// The request and response schemas live in catalog-schemas.ts (server; imported here for types only, which
// the bundler drops); the review rules in review-check.ts.
import type { z } from 'zod';
import type { publicReviewSchema, reviewListResponse } from './catalog-schemas';
import { CART_MAX_QUANTITY } from './cart';
import { LOW_STOCK_THRESHOLD } from './stock';

/** Storefront spec §9. */
export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE_MAX = 48;
export const RELATED_PRODUCTS_LIMIT = 4;
export const PRODUCT_THUMBNAILS = 4;
export const SEARCH_MAX = 100;

/** The storefront's sorts (category page select); unknown values fall back to name. */
export const PRODUCT_SORTS = ['name', 'name_desc', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  name: 'Name A-Z',
  name_desc: 'Name Z-A',
  price_asc: 'Price Low-High',
  price_desc: 'Price High-Low',
  newest: 'Newest First',
};

/** A page number from a query string: a positive integer, else 1 (storefront spec §5). */
export function parsePage(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export function parseSort(raw: unknown): ProductSort | null {
  return PRODUCT_SORTS.includes(raw as ProductSort) ? (raw as ProductSort) : null;
}

/** A stored picture's pixel size and the widths of its resized copies (shared/pictures.ts; decision 052). */
export interface PictureSize {
  width: number;
  height: number;
  widths?: number[];
}

export interface ImageRef {
  image_url: string;
  alt_text: string | null;
  /** The original's pixel size, once read (decision 052): the page reserves the picture's space. */
  width?: number;
  height?: number;
  /** Widths of its resized copies in AVIF and WebP (shared/pictures.ts names them); absent until made. */
  widths?: number[];
}

export interface CategoryRef {
  slug: string;
  name: string;
}

/** A product in a grid: enough for the card and its add-to-cart button. Prices in pounds. */
export interface ProductCard {
  id: string;
  name: string;
  slug: string;
  sku: string;
  brand: string | null;
  price: number;
  sale_price: number | null;
  image: ImageRef | null;
  average_rating: number | null;
  review_count: number;
  in_stock: boolean;
  has_variants: boolean;
  categories: CategoryRef[];
}

export interface ProductList {
  items: ProductCard[];
  total: number;
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface NameValue {
  name: string;
  value: string;
}

export interface ProductVariant {
  id: string;
  sku: string;
  price: number;
  sale_price: number | null;
  options_json: NameValue[];
  in_stock: boolean;
  /** Units free to buy (a variant's own; a product with variants has their sum); null when stock is not tracked. */
  stock_available: number | null;
  /** The variant's own picture, one of the product's: the page shows it when the variant is chosen. */
  image: ImageRef | null;
}

/** Storefront spec §3 Product, as the product page reads it. */
export interface ProductDetail extends ProductCard {
  description: string | null;
  bullets: string[];
  specs: NameValue[];
  gtin: string | null;
  mpn: string | null;
  meta_title: string | null;
  meta_description: string | null;
  product_images: ImageRef[];
  product_variants: ProductVariant[];
  /** Units of the product's own stock free to buy; null when not tracked. Variants carry their own. */
  stock_available: number | null;
}

/**
 * Units free to sell from one stock row: stock less the units unpaid checkouts hold (a tracked row
 * with no figure has none). Null when the product's stock is not tracked: no limit.
 */
export function freeUnits(tracked: boolean, stock: number | null, reserved: number): number | null {
  return tracked ? Math.max(0, (stock ?? 0) - reserved) : null;
}

/**
 * 'Only N left' shows at this many free units or fewer: the admin's low-stock line (admin spec §9), so
 * shoppers and staff see "running low" at the same point (docs/decisions/010).
 */
export const FEW_LEFT_THRESHOLD = LOW_STOCK_THRESHOLD;
export const fewLeftText = (units: number) => `Only ${units} left`;
/** True when the count is worth telling the shopper: some left, but few. */
export const isFewLeft = (units: number | null): units is number => units !== null && units > 0 && units <= FEW_LEFT_THRESHOLD;

/**
 * The most one line may hold: the free units, or the cart's own ceiling when stock is not tracked
 * (the storefront spec's stepper has no maximum; tracked stock caps it, decision 010).
 */
export const maxQuantity = (available: number | null): number => Math.min(available ?? CART_MAX_QUANTITY, CART_MAX_QUANTITY);

export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  hero_image_url: string | null;
  /** The hero picture's size and resized copies once known (GET /api/categories only; decision 052). */
  hero_size?: PictureSize;
  is_featured: boolean;
  display_order: number;
  children: CategoryNode[];
}

export interface CategoryDetail extends Omit<CategoryNode, 'children'> {
  meta_title: string | null;
  meta_description: string | null;
  parent: CategoryRef | null;
  children: CategoryRef[];
}

/** Storefront spec §3 Review, as shown: the email is masked before it leaves the server. */
export type PublicReview = z.infer<typeof publicReviewSchema>;
export type ReviewList = z.infer<typeof reviewListResponse>;

export const REVIEW_TEXT = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all required fields',
  submitFailed: 'Failed to submit review. Please try again.',
  moderation: 'Thank you! Your review has been submitted and will appear once it has been approved.',
  rateLimited: 'You have posted several reviews in a short time. Please try again later.',
} as const;

/** POST /api/products/{id}/reviews body as sent (storefront spec §7; rating defaults to 5). */
export interface ReviewBody {
  rating?: number;
  title: string;
  body: string;
  customer_email: string;
}

/** Storefront spec §9: the first two characters, then asterisks (the rest of the address is never sent). */
export function maskEmail(email: string): string {
  const visible = [...email].slice(0, 2).join('');
  return `${visible}${'*'.repeat(Math.max(3, [...email].length - 2))}`;
}
