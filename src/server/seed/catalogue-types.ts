import { z } from 'zod';

/**
 * The shape of the demo catalogue the seed writes (storefront issue), checked when demo-catalogue.json
 * is loaded. Money is integer pence (DESIGN rule 3). Slugs are lower-case, digits and hyphens; SKUs are
 * unique within a tenant (catalogue-demo.test.ts checks those and the links between entries).
 */

export const SEED_IMAGE_MOTIFS = [
  'mug', 'plate', 'bowl', 'teapot', 'pan', 'knife', 'board', 'jar',
  'lamp', 'candle', 'cushion', 'throw', 'vase', 'plant', 'pot', 'mirror', 'clock', 'frame',
  'chair', 'table', 'shelf', 'basket', 'towel', 'soap',
  'watering-can', 'trowel', 'gloves', 'seeds', 'bird-feeder', 'lantern',
  'drill', 'hammer', 'screwdriver', 'saw', 'spanner', 'tape', 'toolbox', 'ladder', 'torch', 'paint',
] as const;

export type SeedImageMotif = (typeof SEED_IMAGE_MOTIFS)[number];

const pence = z.number().int().positive();
const text = z.string().min(1);

/** A product or category picture, drawn at seed time as an SVG (no network, no binary files). */
export const seedImageSpec = z.strictObject({
  /** What the picture shows; each motif is a simple, recognisable drawing. */
  motif: z.enum(SEED_IMAGE_MOTIFS),
  /** Main colour of the object, as a hue 0-359. */
  hue: z.number().int().min(0).max(359),
  /** Alt text a screen reader reads, e.g. "Sage green linen cushion on a cream background". */
  alt: text,
});
export type SeedImageSpec = z.infer<typeof seedImageSpec>;

export const seedCategory = z.strictObject({
  slug: text,
  name: text,
  description: text,
  /** Slug of the parent category; the tree is at most two levels deep. */
  parent: text.optional(),
  display_order: z.number().int(),
  is_featured: z.boolean(),
  hero: seedImageSpec,
  meta_title: text.optional(),
  meta_description: text.optional(),
});
export type SeedCategory = z.infer<typeof seedCategory>;

export const seedOption = z.strictObject({ name: text, value: text });
export type SeedOption = z.infer<typeof seedOption>;

export const seedVariant = z.strictObject({
  sku: text,
  /** Pence. */
  price: pence,
  /** Pence; lower than price when on sale. */
  sale_price: pence.optional(),
  options: z.array(seedOption),
  stock_quantity: z.number().int().min(0),
  /** Which of the product's pictures (index into images) shows this variant, when one does. */
  image: z.number().int().min(0).optional(),
});
export type SeedVariant = z.infer<typeof seedVariant>;

export const seedReview = z.strictObject({
  rating: z.literal([1, 2, 3, 4, 5]),
  title: text,
  body: text,
  customer_email: text,
  status: z.enum(['approved', 'pending']),
  /** How long ago it was written, so dates look real. */
  days_ago: z.number().int().min(0),
});
export type SeedReview = z.infer<typeof seedReview>;

export const seedProduct = z.strictObject({
  slug: text,
  name: text,
  sku: text,
  brand: text,
  /** Plain text, 2-4 sentences, UK English. */
  description: text,
  /** Pence. */
  base_price: pence,
  /** Pence; lower than base_price when on sale. */
  sale_price: pence.optional(),
  /** Category slugs; the first is the product's main category (breadcrumb). */
  categories: z.array(text).min(1),
  is_featured: z.boolean(),
  status: z.enum(['active', 'draft', 'archived']),
  visibility: z.enum(['public', 'private']),
  track_inventory: z.boolean(),
  /** null when not tracked. */
  stock_quantity: z.number().int().min(0).nullable(),
  /** Key features, 3-5 short lines. */
  bullets: z.array(text),
  /** Specifications shown in the Specifications tab. */
  specs: z.array(seedOption),
  gtin: text.optional(),
  mpn: text.optional(),
  meta_title: text.optional(),
  meta_description: text.optional(),
  /** 1 to 5 pictures; the first is the main image. */
  images: z.array(seedImageSpec).min(1),
  variants: z.array(seedVariant).optional(),
  reviews: z.array(seedReview).optional(),
});
export type SeedProduct = z.infer<typeof seedProduct>;

export const seedCatalogue = z.strictObject({ categories: z.array(seedCategory), products: z.array(seedProduct) });
export type SeedCatalogue = z.infer<typeof seedCatalogue>;
