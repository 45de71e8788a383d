import { z } from 'zod';
import { optionalText } from '../text-schemas';

// Leads (admin spec §2 CRM, §3 Lead, §4, §5, §8, §9). Issue 16. Routes: src/shared/crm/routes.ts.

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_PRIORITIES = ['low', 'medium', 'high'] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];

/** The pipeline's six columns in order (spec §2): the column id is the status a drop sets. */
export const PIPELINE_COLUMNS: readonly { id: LeadStatus; title: string }[] = [
  { id: 'new', title: 'New Leads' },
  { id: 'contacted', title: 'Contacted' },
  { id: 'qualified', title: 'Qualified' },
  { id: 'quoted', title: 'Quoted' },
  { id: 'won', title: 'Won' },
  { id: 'lost', title: 'Lost' },
];

/** Project types offered (spec §3, the labelled reading); stored as the label. */
export const PROJECT_TYPES = ['Website Development', 'E-commerce', 'Mobile App', 'Consulting', 'Other'] as const;
/** Budget ranges offered (spec §3); the field itself is free text (an import may bring anything). */
export const BUDGET_RANGES = ['£1,000 - £5,000', '£5,000 - £10,000', '£10,000 - £25,000', '£25,000+'] as const;

export const LEAD_DEFAULTS = { priority: 'medium', source: 'manual', view: 'pipeline' } as const;

/** Display fallbacks of the detail dialog (spec §2). */
export const LEAD_FALLBACK = {
  email: 'No email',
  phone: 'No phone',
  company: 'No company',
  location: 'No location',
  notSpecified: 'Not specified',
  notQuoted: 'Not quoted',
  description: 'No description provided',
  notes: 'No notes added',
} as const;

/** Toasts and messages (spec §8). */
export const LEAD_TEXT = {
  updated: 'Lead updated successfully',
  updateFailed: 'Failed to update lead',
  moved: 'Lead moved successfully',
  fetchFailed: 'Failed to fetch leads',
  imported: (n: number) => `Imported ${n} new leads from Bark`,
  importFailed: 'Failed to sync leads from Bark',
  nameEmailRequired: 'Name and email are required',
  tenantRequired: 'Tenant information is required',
  added: 'Lead added successfully',
  addFailed: 'Failed to add lead',
  headersCopied: 'Headers copied to clipboard!',
} as const;

/** Marketplace metadata a Bark import keeps in `notes` as a JSON string (spec §3). */
export const barkMetadataSchema = z.object({
  bark_created_at_date_utc: z.string().optional(),
  bark_purchased_count: z.union([z.string(), z.number()]).optional(),
  bark_credits_required: z.union([z.string(), z.number()]).optional(),
  bark_display_text: z.string().optional(),
});
export type BarkMetadata = z.infer<typeof barkMetadataSchema>;

/** Reads the metadata box's content from a lead's notes; null when notes are not that JSON. */
export function parseBarkMetadata(notes: string | null | undefined): BarkMetadata | null {
  if (!notes) return null;
  try {
    const parsed = barkMetadataSchema.safeParse(JSON.parse(notes));
    if (!parsed.success) return null;
    return Object.values(parsed.data).some((v) => v !== undefined && v !== '') ? parsed.data : null;
  } catch {
    return null;
  }
}

export const leadSchema = z.object({
  id: z.string(),
  tenant_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  project_type: z.string().nullable(),
  project_description: z.string().nullable(),
  budget_range: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  priority: z.enum(LEAD_PRIORITIES),
  /** Pounds (GBP), 2 decimals at most; null when not quoted. */
  quote_amount: z.number().nullable(),
  user_notes: z.string().nullable(),
  location: z.string().nullable(),
  source: z.string(),
  bark_id: z.string().nullable(),
  notes: z.string().nullable(),
  next_follow_up: z.string().nullable(),
  /** The deposit paid on a quote of this lead, pounds, and when (decision 044); null until one is paid. */
  deposit_paid: z.number().nullable(),
  deposit_paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

const name = z.string({ error: LEAD_TEXT.nameEmailRequired }).trim().min(1, LEAD_TEXT.nameEmailRequired).max(200, 'Name must be 200 characters or fewer');
const email = z
  .string({ error: LEAD_TEXT.nameEmailRequired })
  .trim()
  .toLowerCase()
  .min(1, LEAD_TEXT.nameEmailRequired)
  .max(254, 'Email is too long')
  .pipe(z.email('Invalid email'));
/** Pounds, from a number or the form's text; blank means not quoted (spec §5 "empty if blank"). */
const quoteAmount = z
  .union([z.number(), z.string().trim().max(20, 'Quote amount is too long')])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v.replace(/[£,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0 || n > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Quote amount must be a number of pounds, zero or more' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** The fields a person edits (spec §7 "Update lead"); create adds source and takes defaults. */
const editable = {
  name,
  email,
  phone: optionalText(50, 'Phone must be 50 characters or fewer'),
  company: optionalText(200, 'Company must be 200 characters or fewer'),
  project_type: optionalText(100, 'Project type must be 100 characters or fewer'),
  project_description: optionalText(5000, 'Project description must be 5000 characters or fewer'),
  budget_range: optionalText(100, 'Budget range must be 100 characters or fewer'),
  priority: z.enum(LEAD_PRIORITIES, { error: 'Choose a priority: low, medium or high' }).optional(),
  quote_amount: quoteAmount,
  user_notes: optionalText(5000, 'Notes must be 5000 characters or fewer'),
  location: optionalText(200, 'Location must be 200 characters or fewer'),
  next_follow_up: z.iso.date('Use a date like 2026-12-31').nullable().optional(),
};

/** POST /api/crm/leads: status starts 'new'; priority medium and source manual unless given. */
export const createLeadBody = z.strictObject({
  ...editable,
  source: z.string().trim().min(1).max(50, 'Source must be 50 characters or fewer').optional(),
  /** Accepted for the spec's payload shape; checked against the session's scope (decision 027), never selects data. */
  tenant_id: z.string().max(64).nullable().optional(),
});
export type CreateLeadBody = z.input<typeof createLeadBody>;

/** PUT /api/crm/leads/:id: the detail dialog's save (spec §7 "Update lead"). */
export const updateLeadBody = z.strictObject({ ...editable, status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }) });
export type UpdateLeadBody = z.input<typeof updateLeadBody>;

/** PATCH /api/crm/leads/:id/status: a pipeline drop (spec §7 "Update status only"). */
export const leadStatusBody = z.strictObject({ status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }) });

export const leadListResponse = z.object({ leads: z.array(leadSchema) });
export const leadResponse = z.object({ lead: leadSchema });

/** POST /api/functions/v1/bark-sheets-import (spec §7). */
export const barkImportBody = z.strictObject({
  sheets_url: z.string({ error: 'Enter the published sheet URL' }).trim().min(1, 'Enter the published sheet URL').max(2000, 'The sheet URL is too long'),
});
export const barkImportResponse = z.object({ imported: z.number().int(), skipped: z.number().int() });

/** The sheet's header row (spec §3 "Sheet import columns"), copied by 'Setup Google Sheets Headers'. */
export const BARK_SHEET_COLUMNS = [
  'bark_id',
  'bark_buyer_name',
  'bark_email',
  'bark_telephone',
  'bark_telephone_formatted',
  'bark_category_name',
  'bark_location_name',
  'bark_postcode',
  'bark_country_name',
  'bark_buyer_short_name',
  'bark_display_text',
  'bark_display_html',
  'bark_created_at_date_utc',
  'bark_purchased_count',
  'bark_credits_required',
  'bark_interactions_last_message',
  'note',
  'quote_detail',
  'quote_value',
  'imported',
  'imported_at',
] as const;
