import { z } from 'zod';
import { isHttpsOrSitePath } from '../links';

// Quotes (admin spec §2 CRM Quotes, §3 Quote, §4, §5, §8, §9; storefront spec §2 /quote/{uniqueUrl}).
// Issue 16. Totals: src/shared/crm/quote-pricing.ts. Routes: src/shared/crm/routes.ts.

export const QUOTE_STATUSES = ['draft', 'active', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** The list's filter (spec §2): 'paid' means paid_at is set, whatever the status. */
export const QUOTE_FILTERS = ['all', 'active', 'draft', 'paid', 'expired'] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number];
export const PAYMENT_STRUCTURES = ['upfront_delivery', 'payment_plan'] as const;
export type PaymentStructure = (typeof PAYMENT_STRUCTURES)[number];

/** The builder's tabs in order (spec §2). */
export const QUOTE_BUILDER_TABS = ['Narrative content', 'Pricing & add-ons', 'Shopify stack', 'Preview'] as const;

/** Toasts and messages (spec §5, §8). */
export const QUOTE_TEXT = {
  selectLeadTitle: 'Select a lead',
  selectLeadBody: 'Choose which lead this quote belongs to before saving.',
  saveFailed: 'Unable to save quote',
  saveFailedBody: 'Check the form for required fields and try again',
  saved: 'Quote saved',
  linkCopied: 'Quote link copied',
  loadFailed: 'Failed to load quotes',
  deleteFailed: 'Failed to delete quote',
  deleted: 'Quote deleted successfully',
  confirmDelete: 'Are you sure you want to delete this quote?',
} as const;

/** Pounds: finite, zero or more, at most two decimals' worth (rounded to pence on the way in). */
const pounds = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite()
    .min(0, `${label} must be zero or more`)
    .max(10_000_000, `${label} is too large`)
    // overwrite, not transform: the same schema serialises answers, and zod cannot encode a transform.
    .overwrite((n) => Math.round(n * 100) / 100);
const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be ${max} characters or fewer`);
const itemId = z.string().trim().min(1).max(64);
const httpUrl = z
  .string()
  .trim()
  .max(2000, 'URLs must be 2000 characters or fewer')
  // The menus' and pages' rule (links.ts): a protocol-relative //host is another site, not a path.
  .refine((v) => v === '' || isHttpsOrSitePath(v), 'Use a same-site path or https:// link');

export const includedFeatureSchema = z.strictObject({ id: itemId, name: text(120, 'Feature names'), description: text(500, 'Feature descriptions') });
export const additionalFeatureSchema = z.strictObject({
  id: itemId,
  name: text(120, 'Add-on names'),
  description: text(500, 'Add-on descriptions'),
  price: pounds('Add-on price'),
  includedByDefault: z.boolean(),
});
export const comparisonItemSchema = z.strictObject({ id: itemId, feature: text(120, 'Comparison features'), shopify: text(200, 'Comparison cells'), custom: text(200, 'Comparison cells') });
export const shopifyAppSchema = z.strictObject({
  id: itemId,
  name: text(120, 'App names'),
  description: text(500, 'App descriptions'),
  monthly: pounds('App monthly price'),
  selected: z.boolean(),
});

/**
 * Everything a person edits in the builder: the Quote entity's fields (spec §3) less the ones the
 * server owns (id, unique_url, status, totals, paid_at, view_count, viewed_at, created_at).
 * `base_price` is the custom build's price as quoted (kept equal to base_price_custom by the builder).
 */
export const quoteContentSchema = z.strictObject({
  header_title: text(160, 'The title').min(1, 'Enter a title'),
  header_subtitle: text(400, 'The subtitle'),
  hero_bullets: z.array(text(200, 'Hero bullets')).max(12, 'At most 12 hero bullets'),
  included_features: z.array(includedFeatureSchema).max(40, 'At most 40 included features'),
  additional_features: z.array(additionalFeatureSchema).max(30, 'At most 30 add-ons'),
  comparison_title: text(160, 'The comparison title'),
  comparison_items: z.array(comparisonItemSchema).max(30, 'At most 30 comparison rows'),
  base_price: pounds('Base price'),
  base_price_custom: pounds('Custom build price'),
  base_price_shopify: pounds('Shopify build price'),
  payment_structure: z.enum(PAYMENT_STRUCTURES, { error: 'Choose upfront and delivery, or a payment plan' }),
  payment_plan_surcharge_percent: z.number().finite().min(0, 'The surcharge must be zero or more').max(100, 'The surcharge must be 100% or less'),
  care_plan_overview: text(2000, 'The care plan overview'),
  care_plan_inclusions: z.array(text(200, 'Care plan inclusions')).max(20, 'At most 20 care plan inclusions'),
  care_plan_monthly: pounds('Care plan price'),
  care_plan_plus_monthly: pounds('Care plan Plus price'),
  shopify_apps: z.array(shopifyAppSchema).max(30, 'At most 30 apps'),
  shopify_theme_oneoff: pounds('Theme price'),
  shopify_plan_monthly: pounds('Shopify plan price'),
  custom_summary_text: text(2000, 'The custom summary'),
  shopify_summary_text: text(2000, 'The Shopify summary'),
  shopify_caution_note: text(1000, 'The caution note'),
  testimonial_quote: text(1000, 'The testimonial'),
  testimonial_author: text(160, 'The testimonial author'),
  testimonial_logos: z.array(httpUrl).max(8, 'At most 8 logos'),
  cta_primary_label: text(60, 'The primary button label'),
  cta_secondary_label: text(60, 'The secondary button label'),
  cta_secondary_url: httpUrl,
  selected_features: z.array(itemId).max(30),
  selected_shopify_apps: z.array(itemId).max(30),
});
export type QuoteContent = z.infer<typeof quoteContentSchema>;
export type QuoteContentInput = z.input<typeof quoteContentSchema>;

/** POST /api/crm/quotes and PUT /api/crm/quotes/:id: the lead and the content; status 'active' on save (spec §4). */
export const saveQuoteBody = z.strictObject({
  lead_id: z.string({ error: QUOTE_TEXT.selectLeadBody }).uuid(QUOTE_TEXT.selectLeadBody),
  ...quoteContentSchema.shape,
});
export type SaveQuoteBody = z.input<typeof saveQuoteBody>;

/** A quote as the admin reads it: content flattened with the server's fields and the lead embedded. */
export const quoteSchema = z.object({
  ...quoteContentSchema.shape,
  id: z.string(),
  lead_id: z.string(),
  lead: z.object({ name: z.string(), email: z.string(), company: z.string().nullable() }).nullable(),
  unique_url: z.string(),
  status: z.enum(QUOTE_STATUSES),
  platform: z.literal('custom'),
  shopify_monthly_total: z.number(),
  total_amount: z.number(),
  deposit_amount: z.number(),
  paid_at: z.string().nullable(),
  view_count: z.number().int(),
  viewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListResponse = z.object({
  quotes: z.array(quoteSchema),
  /** Revenue: the deposits of paid quotes, pounds (spec §9). */
  revenue: z.number(),
});
export const quoteResponse = z.object({ quote: quoteSchema });

/**
 * One entry of a quote's history (decision 029): created, a payment page opened, the deposit paid, a
 * second payment received and refunded (or not). Newest first in GET /api/crm/quotes/:id.
 */
export const quoteEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type QuoteEvent = z.infer<typeof quoteEventSchema>;
/** GET /api/crm/quotes/:id: the quote and its history. */
export const quoteDetailResponse = z.object({ quote: quoteSchema, history: z.array(quoteEventSchema) });

/** GET /api/public/quotes/:uniqueUrl: what the client's proposal page shows (no internal fields). */
export const publicQuoteSchema = z.object({
  ...quoteContentSchema.shape,
  unique_url: z.string(),
  status: z.enum(QUOTE_STATUSES),
  client: z.object({ name: z.string(), company: z.string().nullable() }),
  /** 'agency': the platform's own proposal (custom build against a Shopify stack); 'store': a store's own quote (decision 044). */
  kit: z.enum(['agency', 'store']),
  /** Who sent it: the store's name, or the platform's for the provider's own quotes. */
  from_name: z.string(),
  shopify_monthly_total: z.number(),
  total_amount: z.number(),
  deposit_amount: z.number(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  /** Whether the deposit can be paid now (active, not paid, deposit above zero). */
  can_pay: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
export const publicQuoteResponse = z.object({ quote: publicQuoteSchema });
/** POST /api/public/quotes/:uniqueUrl/deposit: where the client's browser goes to pay. */
export const quoteDepositResponse = z.object({ url: z.string() });

/** What "Paid" means in the list and on the page (spec §2: paid_at wins over status). */
export function quoteDisplayStatus(q: { status: QuoteStatus; paid_at: string | null }): QuoteStatus | 'paid' {
  return q.paid_at ? 'paid' : q.status;
}
