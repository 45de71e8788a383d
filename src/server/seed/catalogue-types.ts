/**
 * The shape of the demo catalogue the seed writes (storefront issue). Money is integer pence (DESIGN
 * rule 3). Slugs are lower-case, digits and hyphens; SKUs are unique within a tenant.
 */

/** A product or category picture, drawn at seed time as an SVG (no network, no binary files). */
export interface SeedImageSpec {
  /** What the picture shows; each motif is a simple, recognisable drawing. */
  motif: SeedImageMotif;
  /** Main colour of the object, as a hue 0-359. */
  hue: number;
  /** Alt text a screen reader reads, e.g. "Sage green linen cushion on a cream background". */
  alt: string;
}

export type SeedImageMotif =
  | 'mug' | 'plate' | 'bowl' | 'teapot' | 'pan' | 'knife' | 'board' | 'jar'
  | 'lamp' | 'candle' | 'cushion' | 'throw' | 'vase' | 'plant' | 'pot' | 'mirror' | 'clock' | 'frame'
  | 'chair' | 'table' | 'shelf' | 'basket' | 'towel' | 'soap'
  | 'watering-can' | 'trowel' | 'gloves' | 'seeds' | 'bird-feeder' | 'lantern'
  | 'drill' | 'hammer' | 'screwdriver' | 'saw' | 'spanner' | 'tape' | 'toolbox' | 'ladder' | 'torch' | 'paint';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** Slug of the parent category; the tree is at most two levels deep. */
  parent?: string;
  display_order: number;
  is_featured: boolean;
  hero: SeedImageSpec;
  meta_title?: string;
  meta_description?: string;
}

export interface SeedOption {
  name: string;
  value: string;
}

export interface SeedVariant {
  sku: string;
  /** Pence. */
  price: number;
  /** Pence; lower than price when on sale. */
  sale_price?: number;
  options: SeedOption[];
  stock_quantity: number;
  /** Which of the product's pictures (index into images) shows this variant, when one does. */
  image?: number;
}

export interface SeedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  customer_email: string;
  status: 'approved' | 'pending';
  /** How long ago it was written, so dates look real. */
  days_ago: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  sku: string;
  brand: string;
  /** Plain text, 2-4 sentences, UK English. */
  description: string;
  /** Pence. */
  base_price: number;
  /** Pence; lower than base_price when on sale. */
  sale_price?: number;
  /** Category slugs; the first is the product's main category (breadcrumb). */
  categories: string[];
  is_featured: boolean;
  status: 'active' | 'draft' | 'archived';
  visibility: 'public' | 'private';
  track_inventory: boolean;
  /** null when not tracked. */
  stock_quantity: number | null;
  /** Key features, 3-5 short lines. */
  bullets: string[];
  /** Specifications shown in the Specifications tab. */
  specs: SeedOption[];
  gtin?: string;
  mpn?: string;
  meta_title?: string;
  meta_description?: string;
  /** 1 to 5 pictures; the first is the main image. */
  images: SeedImageSpec[];
  variants?: SeedVariant[];
  reviews?: SeedReview[];
}

export interface SeedCatalogue {
  categories: SeedCategory[];
  products: SeedProduct[];
}
