import { z } from 'zod';
import { LEAD_STATUSES, type LeadStatus } from './leads';
import type { QuoteContentInput } from './quotes';

// A store's own CRM (issue 27 item 2, decision 044). The spec's CRM is a web agency's (project types,
// quote content comparing a custom build with a Shopify stack, Bark import, hosting care plans): that
// kit stays the platform book's. A store's book starts neutral: project types the store edits, each
// with the quote content the builder starts from, and the status a lead moves to when a deposit is paid.

/** Which CRM a book is: the spec's web-agency kit (the platform's own book) or a store's own. */
export const CRM_KITS = ['agency', 'store'] as const;
export type CrmKit = (typeof CRM_KITS)[number];

export const CRM_SETTINGS_TEXT = {
  title: 'CRM',
  saved: 'CRM settings saved',
  saveFailed: 'Could not save the CRM settings',
  loadFailed: 'Could not load the CRM settings',
  typeName: 'Enter a name for the project type',
  typeTitle: 'Enter the quote title',
  duplicateName: 'Two project types have this name',
  atLeastOne: 'Keep at least one project type',
  tooMany: 'At most 30 project types',
} as const;

const pounds = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} must be zero or more`)
    .max(10_000_000, `${label} is too large`)
    .overwrite((n) => Math.round(n * 100) / 100);
const text = (max: number, label: string) => z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be ${max} characters or fewer`);

/** One project type: its name (offered on leads) and what a quote for it starts with. */
export const crmProjectTypeSchema = z.strictObject({
  id: z.string({ error: 'Each project type needs an id' }).trim().min(1, 'Each project type needs an id').max(64, 'Project type ids must be 64 characters or fewer'),
  name: text(100, 'Project type names').min(1, CRM_SETTINGS_TEXT.typeName),
  quote_title: text(160, 'Quote titles').min(1, CRM_SETTINGS_TEXT.typeTitle),
  quote_intro: text(400, 'Quote introductions'),
  base_price: pounds('The starting price'),
  included: z.array(text(200, 'What is included'), { error: 'List what is included' }).max(20, 'At most 20 lines of what is included'),
});
export type CrmProjectType = z.infer<typeof crmProjectTypeSchema>;

/** GET and PUT /api/admin/settings/crm: Settings > CRM. */
export const crmSettingsSchema = z.object({
  enabled: z.boolean(),
  /** 'store' (new stores): the store's own quotes; 'agency': the spec's web-agency kit, as the platform's book. */
  kit: z.enum(CRM_KITS),
  deposit_lead_status: z.enum(LEAD_STATUSES),
  project_types: z.array(crmProjectTypeSchema),
});
export type CrmSettings = z.infer<typeof crmSettingsSchema>;
export const crmSettingsResponse = z.object({ settings: crmSettingsSchema });

export const saveCrmSettingsBody = z
  .strictObject({
    enabled: z.boolean({ error: 'Choose whether the CRM is on' }),
    kit: z.enum(CRM_KITS, { error: 'Choose your own quotes or the web-agency kit' }),
    deposit_lead_status: z.enum(LEAD_STATUSES, { error: 'Choose the status a lead moves to' }),
    project_types: z.array(crmProjectTypeSchema, { error: 'List the project types' }).min(1, CRM_SETTINGS_TEXT.atLeastOne).max(30, CRM_SETTINGS_TEXT.tooMany),
  })
  .superRefine((body, ctx) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    body.project_types.forEach((type, i) => {
      const key = type.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['project_types', i, 'name'], message: CRM_SETTINGS_TEXT.duplicateName });
      if (ids.has(type.id)) ctx.addIssue({ code: 'custom', path: ['project_types', i, 'id'], message: 'Two project types have the same id' });
      names.add(key);
      ids.add(type.id);
    });
  });
export type SaveCrmSettingsBody = z.input<typeof saveCrmSettingsBody>;

/** What a new store's CRM starts with: nothing about websites, hosting or Shopify. Prices are the store's to set. */
export const NEUTRAL_PROJECT_TYPES: readonly CrmProjectType[] = [
  {
    id: 'custom-order',
    name: 'Custom order',
    quote_title: 'Your custom order',
    quote_intro: 'Made to your brief, with everything we agreed set out below.',
    base_price: 0,
    included: ['Made to your specification', 'Delivery or collection arranged with you'],
  },
  {
    id: 'service',
    name: 'Service',
    quote_title: 'Your quote',
    quote_intro: 'The work we will do for you, and what it costs.',
    base_price: 0,
    included: ['The work described in this quote'],
  },
];

export const DEFAULT_DEPOSIT_LEAD_STATUS: LeadStatus = 'won';

export const DEFAULT_CRM_SETTINGS: CrmSettings = { enabled: true, kit: 'store', deposit_lead_status: DEFAULT_DEPOSIT_LEAD_STATUS, project_types: [...NEUTRAL_PROJECT_TYPES] };

/**
 * A store quote's starting content for a project type (or a blank neutral one): its title, introduction,
 * price and what is included; no comparison, no hosted-shop stack, no care plan.
 */
export function storeQuoteContent(type?: CrmProjectType | null): QuoteContentInput {
  const price = type?.base_price ?? 0;
  return {
    header_title: type?.quote_title ?? 'Your quote',
    header_subtitle: type?.quote_intro ?? '',
    hero_bullets: [],
    included_features: (type?.included ?? []).filter((line) => line.trim() !== '').map((name, i) => ({ id: `inc-${i + 1}`, name, description: '' })),
    additional_features: [],
    comparison_title: '',
    comparison_items: [],
    base_price: price,
    base_price_custom: price,
    base_price_shopify: 0,
    payment_structure: 'upfront_delivery',
    payment_plan_surcharge_percent: 0,
    care_plan_overview: '',
    care_plan_inclusions: [],
    care_plan_monthly: 0,
    care_plan_plus_monthly: 0,
    shopify_apps: [],
    shopify_theme_oneoff: 0,
    shopify_plan_monthly: 0,
    custom_summary_text: '',
    shopify_summary_text: '',
    shopify_caution_note: '',
    testimonial_quote: '',
    testimonial_author: '',
    testimonial_logos: [],
    cta_primary_label: 'Pay deposit',
    cta_secondary_label: '',
    cta_secondary_url: '',
    selected_features: [],
    selected_shopify_apps: [],
  };
}
