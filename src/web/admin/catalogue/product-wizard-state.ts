import { META_DESCRIPTION_MAX, META_TITLE_MAX, WIZARD_DEFAULTS, type AiAudience, type AiTone, type NameValue, type ProductCopySections, type ProductDraft } from '@shared/ai';
import { productBody, type ProductBodyInput } from '@shared/admin-products';
import { slugify } from '@shared/slugify';

// The AI Product Wizard's rules and texts (admin spec §2, §4, §5, §8, §9), kept apart from the dialog
// so they are unit-tested.

export const WIZARD_TEXT = {
  noTenant: 'Select a tenant before using the product wizard.',
  essentialsRequired: 'Name, SKU and price are required before generating copy.',
  seedRequired: 'Provide a short summary so AI knows what to emphasise.',
  loading: 'Summoning product copy…',
  noContent: 'No AI content available. You can move on and craft the copy manually.',
  reviewTitle: 'Review & publish',
  reviewNote: 'Everything remains local until you hit publish.',
  publish: 'Publish product',
  publishing: 'Publishing…',
  publishFailed: 'Failed to create product',
  published: 'Product created successfully',
  noCategories: 'No categories available',
} as const;

export interface Essentials {
  name: string;
  sku: string;
  price: string;
  categoryId: string;
  brand: string;
  audience: AiAudience;
  tone: AiTone;
  seed: string;
  specsText: string;
}

export const emptyEssentials = (): Essentials => ({
  name: '',
  sku: '',
  price: '',
  categoryId: '',
  brand: '',
  audience: WIZARD_DEFAULTS.audience,
  tone: WIZARD_DEFAULTS.tone,
  seed: '',
  specsText: '',
});

/** Key specifications: one per line, name and value separated by a colon or an equals sign. */
export function parseSpecs(text: string): NameValue[] {
  const specs: NameValue[] = [];
  for (const line of text.split(/\r?\n/)) {
    const at = line.search(/[:=]/);
    if (at < 0) continue;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (name && value) specs.push({ name: name.slice(0, 80), value: value.slice(0, 200) });
  }
  return specs.slice(0, 30);
}

/** Pounds typed by a person: a number of 0 or more with at most two decimals, else null. */
export function parsePrice(text: string): number | null {
  const t = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n <= 1_000_000 ? n : null;
}

/** Step 1's check before generating (spec §5): the first problem's message, or null. */
export function essentialsProblem(e: Essentials, hasTenant: boolean): string | null {
  if (!hasTenant) return WIZARD_TEXT.noTenant;
  if (!e.name.trim() || !e.sku.trim() || parsePrice(e.price) === null) return WIZARD_TEXT.essentialsRequired;
  if (!e.seed.trim()) return WIZARD_TEXT.seedRequired;
  return null;
}

export function toDraft(e: Essentials, categoryName: string | null): ProductDraft {
  return {
    name: e.name.trim(),
    seed_description: e.seed.trim(),
    category: categoryName,
    price: parsePrice(e.price),
    sku: e.sku.trim() || null,
    brand: e.brand.trim() || null,
    specs: parseSpecs(e.specsText),
    tone: e.tone,
    target_audience: e.audience,
  };
}

export interface Review {
  name: string;
  sku: string;
  price: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  bulletsText: string;
}

/** Step 3's starting point: the accepted copy, or for "I'll write it manually" the seed description. */
export function reviewFrom(e: Essentials, copy: ProductCopySections | null): Review {
  return {
    name: e.name.trim(),
    sku: e.sku.trim(),
    price: e.price.trim(),
    description: copy ? copy.description_md : e.seed.trim(),
    metaTitle: copy ? copy.seo.title.slice(0, META_TITLE_MAX) : '',
    metaDescription: copy ? copy.seo.description.slice(0, META_DESCRIPTION_MAX) : '',
    bulletsText: copy ? copy.bullets.join('\n') : '',
  };
}

/** Step 3's problems by field, plus `form` for one the step has no field for (the brand or category from step 1). */
export type ReviewErrors = Partial<Record<keyof Review | 'form', string>>;

/** Where a body field is edited on step 3 (the slug comes from the name). */
const REVIEW_FIELD: Partial<Record<string, keyof Review>> = {
  name: 'name',
  slug: 'name',
  sku: 'sku',
  base_price: 'price',
  description: 'description',
  meta_title: 'metaTitle',
  meta_description: 'metaDescription',
  bullets: 'bulletsText',
};

/** Step 3's check: the body it would publish, run through the route's own schema (productBody); its first message per field. */
export function reviewErrors(r: Review, e: Essentials): ReviewErrors {
  const parsed = productBody.safeParse(publishPayload(r, e));
  const errors: ReviewErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[REVIEW_FIELD[String(issue.path[0])] ?? 'form'] ??= issue.message;
  return errors;
}

/** Pounds as typed on step 3 ('£1,299.99' too); empty is missing and anything else unreadable is NaN, both refused by the schema. */
function poundsOf(text: string): number | undefined {
  const t = text.trim().replace(/^£/, '').replace(/,/g, '');
  return t === '' ? undefined : Number(t);
}

/** POST /api/admin/products as the wizard sends it: always active, stock 0, tracking on (spec §4, §9). */
export function publishPayload(r: Review, e: Essentials): ProductBodyInput {
  return {
    name: r.name.trim(),
    sku: r.sku.trim(),
    slug: slugify(r.name),
    description: r.description.trim() || null,
    base_price: poundsOf(r.price) as number,
    status: 'active' as const,
    stock_quantity: 0,
    track_inventory: true,
    brand: e.brand.trim() || null,
    category_ids: e.categoryId ? [e.categoryId] : [],
    bullets: r.bulletsText.split(/\r?\n/).map((b) => b.trim()).filter(Boolean),
    meta_title: r.metaTitle.trim() || null,
    meta_description: r.metaDescription.trim() || null,
  };
}

/** A fresh seed for Regenerate (admin spec §4). */
export const freshSeed = () => Math.random().toString(36).slice(2, 12);
