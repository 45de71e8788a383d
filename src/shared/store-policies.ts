import { z } from 'zod';
import { LEGAL_PAGE_KINDS, NO_POLICIES, type DayRange, type LegalPageKind, type StorePolicies } from './store-promises';

// Settings > Policies (issue 25): the promises a store makes (returns window, refund and dispatch
// times, a delivery note) and its legal pages. One schema for the server's PUT body and the admin form.
// Admin and server only: it imports Zod, so the storefront reads the public part through
// store-promises.ts (decision 004).

export const POLICY_LIMITS = { returnsDays: 365, days: 60, deliveryNote: 300 } as const;

export const POLICY_MESSAGES = {
  returnsDays: `Enter a whole number of days from 1 to ${POLICY_LIMITS.returnsDays}, or choose no returns`,
  days: `Enter whole business days from 1 to ${POLICY_LIMITS.days}`,
  range: 'The second number must be at least the first',
  deliveryNote: `Delivery note must be ${POLICY_LIMITS.deliveryNote} characters or fewer`,
  saved: 'Policies saved',
  pageCreated: 'Page created from the template',
  pageExists: 'This page already exists',
  slugTaken: (slug: string) => `Another page already uses /pages/${slug}. Rename or delete it first.`,
} as const;

const wholeDays = (max: number, message: string) => z.number({ error: message }).int(message).min(1, message).max(max, message);

const dayRange = z
  .strictObject({ min: wholeDays(POLICY_LIMITS.days, POLICY_MESSAGES.days), max: wholeDays(POLICY_LIMITS.days, POLICY_MESSAGES.days) })
  .refine((r) => r.max >= r.min, { message: POLICY_MESSAGES.range, path: ['max'] })
  .nullable();

/** PUT /api/admin/settings/policies. The legal pages are not part of it: their own route makes them. */
export const updatePoliciesBody = z.strictObject({
  returns_days: wholeDays(POLICY_LIMITS.returnsDays, POLICY_MESSAGES.returnsDays).nullable(),
  refund_days: dayRange,
  dispatch_days: dayRange,
  delivery_note: z
    .string()
    .trim()
    .max(POLICY_LIMITS.deliveryNote, POLICY_MESSAGES.deliveryNote)
    // One paragraph: line breaks and control characters would not show as typed.
    // eslint-disable-next-line no-control-regex -- exactly the characters a one-line note must not keep
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s{2,}/g, ' ')),
});
export type UpdatePoliciesBody = z.infer<typeof updatePoliciesBody>;

const uuid = z.uuid();
const legalPagesStored = z.partialRecord(z.enum(LEGAL_PAGE_KINDS), uuid);

/** settings_json.policies as stored; anything unreadable (an older row, a hand edit) is "not stated". */
export function readStoredPolicies(raw: unknown): StorePolicies {
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const parsed = updatePoliciesBody.partial().safeParse({
    returns_days: source.returns_days ?? null,
    refund_days: source.refund_days ?? null,
    dispatch_days: source.dispatch_days ?? null,
    delivery_note: typeof source.delivery_note === 'string' ? source.delivery_note : '',
  });
  const pages = legalPagesStored.safeParse(source.legal_pages ?? {});
  const base = parsed.success ? parsed.data : {};
  return {
    returns_days: base.returns_days ?? NO_POLICIES.returns_days,
    refund_days: (base.refund_days as DayRange | null | undefined) ?? null,
    dispatch_days: (base.dispatch_days as DayRange | null | undefined) ?? null,
    delivery_note: base.delivery_note ?? '',
    legal_pages: pages.success ? (pages.data as Partial<Record<LegalPageKind, string>>) : {},
  };
}

// ---- Responses ----

const dayRangeResponse = z.object({ min: z.number(), max: z.number() }).nullable();

export const legalPageStatusSchema = z.object({
  kind: z.enum(LEGAL_PAGE_KINDS),
  title: z.string(),
  /** The content page made from the template, or null when none has been made (or it was deleted). */
  page: z.object({ id: z.string(), slug: z.string(), status: z.enum(['draft', 'published']) }).nullable(),
});
export type LegalPageStatus = z.infer<typeof legalPageStatusSchema>;

/** GET and PUT /api/admin/settings/policies. */
export const policiesResponse = z.object({
  policies: z.object({ returns_days: z.number().nullable(), refund_days: dayRangeResponse, dispatch_days: dayRangeResponse, delivery_note: z.string() }),
  legal_pages: z.array(legalPageStatusSchema),
});
export type PoliciesResponse = z.infer<typeof policiesResponse>;

/** POST /api/admin/settings/legal-pages/{kind} (201). */
export const legalPageCreatedResponse = z.object({ page: legalPageStatusSchema });

/** The public promises in GET /api/tenant/current. */
export const storePromisesSchema = z.object({
  free_delivery_over: z.number().nullable(),
  next_day: z.boolean(),
  delivery_note: z.string().nullable(),
  returns_days: z.number().nullable(),
  refund_days: dayRangeResponse,
  dispatch_days: dayRangeResponse,
  legal_pages: z.array(z.object({ kind: z.enum(LEGAL_PAGE_KINDS), slug: z.string(), title: z.string() })),
});
