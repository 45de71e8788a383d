import { CATEGORY_MESSAGES, createCategoryBody, type CreateCategoryBody } from '@shared/admin-categories';
import { slugify } from '@shared/slugify';
import { displayOrderOf, type CategoryVatChoice } from './category-form';
import type { CategoryCopy } from './category-copy';

export type WizardStep = 1 | 2 | 3;
export const WIZARD_STEPS = ['Category Basics', 'AI Content Generation', 'Review & Publish'] as const;

/** Step 1 (spec §2): the basics and the seed description the AI writes from. */
export interface WizardBasics {
  name: string;
  slug: string;
  /** The slug was typed by hand: it no longer follows the name. */
  slugTyped: boolean;
  display_order: string;
  hero_image_url: string;
  is_featured: boolean;
  /** "Default VAT rate": '' is standard (sent as null). */
  vat_rate: CategoryVatChoice;
  seed_description: string;
}

/** The public copy, edited in steps 2 and 3. */
export interface WizardContent {
  description: string;
  meta_title: string;
  meta_description: string;
}

export type AiState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; copy: CategoryCopy } | { status: 'failed' };
export type FieldErrors = Partial<Record<string, string>>;

export const EMPTY_BASICS: WizardBasics = { name: '', slug: '', slugTyped: false, display_order: '0', hero_image_url: '', is_featured: false, vat_rate: '', seed_description: '' };
export const EMPTY_CONTENT: WizardContent = { description: '', meta_title: '', meta_description: '' };
export const BASICS_FIELDS = ['name', 'slug', 'display_order', 'hero_image_url', 'is_featured', 'vat_rate'] as const;

/** The slug to save: the one typed, else the name's (spec §5: the wizard falls back to the derivation). */
export const wizardSlug = (basics: WizardBasics) => basics.slug.trim() || slugify(basics.name);

/** The request body: basics and content; the seed description is only the AI's prompt and is dropped. */
export function wizardBody(basics: WizardBasics, content: WizardContent): CreateCategoryBody {
  return {
    name: basics.name,
    slug: wizardSlug(basics),
    description: content.description,
    display_order: displayOrderOf(basics.display_order),
    is_featured: basics.is_featured,
    hero_image_url: basics.hero_image_url,
    meta_title: content.meta_title,
    meta_description: content.meta_description,
    vat_rate: basics.vat_rate || null,
  };
}

/** The first message per field from the server's own schema. */
export function schemaErrors(body: CreateCategoryBody): FieldErrors {
  const parsed = createCategoryBody.safeParse(body);
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Step 1's checks before asking the AI: spec §5 wording for name and seed, the schema for the rest. */
export function basicsErrors(basics: WizardBasics): FieldErrors {
  const all = schemaErrors(wizardBody(basics, EMPTY_CONTENT));
  const errors: FieldErrors = {};
  for (const field of BASICS_FIELDS) if (all[field]) errors[field] = all[field];
  if (!basics.name.trim()) errors.name = CATEGORY_MESSAGES.wizardName;
  else if (!wizardSlug(basics)) errors.slug = CATEGORY_MESSAGES.slugRequired;
  if (!basics.seed_description.trim()) errors.seed_description = CATEGORY_MESSAGES.wizardSeed;
  return errors;
}
