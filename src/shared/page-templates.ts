import { isHttpsOrSitePath } from './links';
import { slugify } from './slugify';

// Content page templates (admin spec §3 "Page", §5 "Pages"): which slots a page of a template has, how
// the editor groups them, when a slot shows, and the limits of each. Kept in code, versioned with the
// app (decision 019): the editor builds its form from them and the server checks every save with the
// same validatePageContent, so a tenant can only ever store the slots its template allows.

export type SlotType = 'text' | 'image' | 'richtext' | 'boolean' | 'url';

export interface SlotCondition {
  /** The slot is shown (and kept) only while this boolean slot is true. */
  slot: string;
  equals: boolean;
}

export interface SlotDef {
  key: string;
  label: string;
  type: SlotType;
  group: string;
  required?: boolean;
  /** Characters; for rich text the stored HTML's length. */
  min?: number;
  max?: number;
  hint?: string;
  defaultValue?: string | boolean;
  showIf?: SlotCondition;
  /** Rich text: the tags kept by the server's sanitiser. */
  allowedTags?: readonly string[];
}

export interface SlotGroup {
  key: string;
  label: string;
  description: string;
}

export interface PageTemplate {
  key: string;
  name: string;
  version: number;
  groups: readonly SlotGroup[];
  slots: readonly SlotDef[];
}

/** Rich text tags a page body may hold (spec §3); everything else is removed on the server. */
export const RICH_TEXT_TAGS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'] as const;

export const PAGE_LIMITS = { heroTitle: 80, body: 4000, legalBody: 20000, ctaText: 60, url: 2000, slug: 100 } as const;

export const ABOUT_TEMPLATE: PageTemplate = {
  key: 'about',
  name: 'About Page',
  version: 1,
  groups: [
    { key: 'hero', label: 'Hero', description: 'The heading and picture at the top of the page.' },
    { key: 'content', label: 'Content', description: 'The story of your shop.' },
    { key: 'cta', label: 'Call to action', description: 'An optional button under the text.' },
  ],
  slots: [
    { key: 'hero_title', label: 'Hero title', type: 'text', group: 'hero', required: true, min: 1, max: PAGE_LIMITS.heroTitle },
    { key: 'hero_image', label: 'Hero image URL', type: 'image', group: 'hero', max: PAGE_LIMITS.url, hint: 'Wide picture, 16:9 (for example 1600 × 900)' },
    { key: 'body', label: 'Body', type: 'richtext', group: 'content', max: PAGE_LIMITS.body, allowedTags: RICH_TEXT_TAGS },
    { key: 'show_cta', label: 'Show a button', type: 'boolean', group: 'cta', defaultValue: false },
    { key: 'cta_text', label: 'Button text', type: 'text', group: 'cta', max: PAGE_LIMITS.ctaText, showIf: { slot: 'show_cta', equals: true } },
    { key: 'cta_href', label: 'Button link', type: 'url', group: 'cta', max: PAGE_LIMITS.url, showIf: { slot: 'show_cta', equals: true }, hint: 'A path on your shop (/products) or an https:// link' },
  ],
};

/**
 * Terms, privacy, returns and delivery pages (issue 25): a title and a long body. Settings > Policies
 * starts them from the store's own facts (legal-templates.ts); staff edit and publish them here.
 */
export const LEGAL_TEMPLATE: PageTemplate = {
  key: 'legal',
  name: 'Legal Page',
  version: 1,
  groups: [
    { key: 'hero', label: 'Title', description: 'The heading at the top of the page.' },
    { key: 'content', label: 'Content', description: 'The terms themselves. Check them against your business before you publish.' },
  ],
  slots: [
    { key: 'hero_title', label: 'Page title', type: 'text', group: 'hero', required: true, min: 1, max: PAGE_LIMITS.heroTitle },
    { key: 'body', label: 'Body', type: 'richtext', group: 'content', required: true, max: PAGE_LIMITS.legalBody, allowedTags: RICH_TEXT_TAGS },
  ],
};

export const PAGE_TEMPLATES: Readonly<Record<string, PageTemplate>> = { about: ABOUT_TEMPLATE, legal: LEGAL_TEMPLATE };
export const PAGE_TEMPLATE_KEYS = Object.keys(PAGE_TEMPLATES) as [string, ...string[]];

export function pageTemplate(key: string): PageTemplate | null {
  return Object.hasOwn(PAGE_TEMPLATES, key) ? PAGE_TEMPLATES[key] : null;
}

/** Page content as stored: slot key to value (strings and booleans only). */
export type PageContent = Record<string, string | boolean>;

export const PAGE_MESSAGES = {
  validationTitle: 'Validation required',
  fixSave: 'Fix validation errors: Resolve the highlighted fields before saving.',
  fixPublish: 'Fix validation errors: Resolve the highlighted fields before publishing.',
  required: 'Required',
  unknownSlot: 'This template has no such field',
  notText: 'Enter text',
  notBoolean: 'Choose on or off',
  url: 'Use a same-site path or https:// link',
  slugRequired: 'Slug is required',
  slugPattern: 'Use lowercase letters, digits and hyphens only (for example about-us)',
  slugTooLong: `Slug must be ${PAGE_LIMITS.slug} characters or fewer`,
  slugTaken: 'Another page already uses this address: change the title or the address',
  slugFromTitle: 'The title needs a letter or a digit to make an address from: type the address yourself',
  titleRequired: 'Enter a title',
  titleTooLong: `Title must be ${PAGE_LIMITS.heroTitle} characters or fewer`,
  starterUnknown: 'Choose what the page starts from',
  starterTemplate: 'This starting point is for another template',
  templateUnknown: 'Choose a template',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  tooShort: (min: number) => `Must be at least ${min} character${min === 1 ? '' : 's'}`,
} as const;

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Spec §5: the slug is trimmed and lower-cased before it is sent (and again on the server). */
export const normalisePageSlug = (slug: string) => slug.trim().toLowerCase();

/**
 * The address a page gets from its title (issue 27 item 7): slugify's rule (lower case, runs of other
 * characters one hyphen, none at either end), cut at a word to the slug limit. '' when the title has
 * no letters or digits. The new-page dialog and the server derive it with this same function.
 */
export function pageSlugFor(title: string): string {
  const slug = slugify(title);
  if (slug.length <= PAGE_LIMITS.slug) return slug;
  const cut = slug.slice(0, PAGE_LIMITS.slug + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, PAGE_LIMITS.slug)).replace(/-+$/, '');
}

/** Whether a slot shows (and is kept) for this content: its condition, if any, holds. */
export function isSlotVisible(slot: SlotDef, content: Record<string, unknown>): boolean {
  if (!slot.showIf) return true;
  const value = content[slot.showIf.slot];
  return (typeof value === 'boolean' ? value : false) === slot.showIf.equals;
}

/** The template's starting content: defaults of the slots that have one. */
export function defaultContent(template: PageTemplate): PageContent {
  const content: PageContent = {};
  for (const slot of template.slots) if (slot.defaultValue !== undefined) content[slot.key] = slot.defaultValue;
  return content;
}

export interface ContentCheck {
  /** The content as it is stored: trimmed text, empty optional slots and hidden slots left out. */
  content: PageContent;
  /** Slot key to message; empty when the content satisfies the template. */
  errors: Record<string, string>;
}

/**
 * Checks content against its template (pure: the editor runs it on every change, the server on every
 * save and publish). Slots the template does not have are errors, not dropped silently, so a tenant
 * cannot store anything its template does not allow. Rich text is only measured here; cleaning it is
 * the server's (sanitize.ts).
 */
export function validatePageContent(template: PageTemplate, input: Record<string, unknown>): ContentCheck {
  const errors: Record<string, string> = {};
  const content: PageContent = {};
  const known = new Set(template.slots.map((s) => s.key));
  for (const key of Object.keys(input)) if (!known.has(key)) errors[key] = PAGE_MESSAGES.unknownSlot;

  for (const slot of template.slots) {
    const raw = input[slot.key];
    if (slot.type === 'boolean') {
      if (raw === undefined || raw === null) content[slot.key] = slot.defaultValue === true;
      else if (typeof raw === 'boolean') content[slot.key] = raw;
      else errors[slot.key] = PAGE_MESSAGES.notBoolean;
    }
  }
  for (const slot of template.slots) {
    if (slot.type === 'boolean' || !isSlotVisible(slot, content)) continue;
    const raw = input[slot.key];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[slot.key] = PAGE_MESSAGES.notText;
      continue;
    }
    // Rich text keeps its own spacing; other text is trimmed.
    const value = slot.type === 'richtext' ? (raw ?? '') : (raw ?? '').trim();
    const empty = value.trim() === '';
    if (empty) {
      if (slot.required) errors[slot.key] = PAGE_MESSAGES.required;
      continue;
    }
    if (slot.max !== undefined && value.length > slot.max) errors[slot.key] = PAGE_MESSAGES.tooLong(slot.max);
    else if (slot.min !== undefined && value.length < slot.min) errors[slot.key] = PAGE_MESSAGES.tooShort(slot.min);
    else if ((slot.type === 'image' || slot.type === 'url') && !isHttpsOrSitePath(value)) errors[slot.key] = PAGE_MESSAGES.url;
    else content[slot.key] = value;
  }
  return { content, errors };
}
