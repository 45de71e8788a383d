import { z } from 'zod';
import { VAT_RATES } from './vat';

// The VAT report (issue 25): sales and VAT by rate for a period, refunds, and what is left. Admin only:
// imports Zod. Dates are Europe/London calendar days, both ends included (an MTD period's own terms).

export const VAT_REPORT_MAX_DAYS = 731;

export const VAT_REPORT_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD',
  order: 'The end date must be on or after the start date',
  span: `Choose a period of at most ${VAT_REPORT_MAX_DAYS} days`,
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
}

const day = z.string({ error: VAT_REPORT_MESSAGES.date }).max(10, VAT_REPORT_MESSAGES.date).refine(isCalendarDay, VAT_REPORT_MESSAGES.date);

/** GET /api/admin/reports/vat and /api/admin/reports/vat.csv: from and to, Europe/London days. */
export const vatReportQuery = z
  .strictObject({ from: day, to: day })
  .superRefine((q, ctx) => {
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    const span = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: VAT_REPORT_MESSAGES.order });
    else if (span >= VAT_REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: VAT_REPORT_MESSAGES.span });
  });
export type VatReportQuery = z.infer<typeof vatReportQuery>;

/** One rate's figures in pounds: VAT-inclusive gross, net (gross less VAT) and VAT. */
export const vatReportRowSchema = z.object({ rate: z.enum(VAT_RATES), label: z.string(), gross: z.number(), net: z.number(), vat: z.number() });
export type VatReportRow = z.infer<typeof vatReportRowSchema>;

export const vatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether the store is VAT registered now (a report still shows what was charged in the period). */
  vat_registered: z.boolean(),
  vat_number: z.string().nullable(),
  /** Paid orders whose date of supply (payment) falls in the period. */
  order_count: z.number(),
  refund_count: z.number(),
  sales: z.array(vatReportRowSchema),
  refunds: z.array(vatReportRowSchema),
  /** Sales less refunds, by rate. */
  net: z.array(vatReportRowSchema),
  totals: z.object({ sales: vatReportRowSchema.omit({ rate: true, label: true }), refunds: vatReportRowSchema.omit({ rate: true, label: true }), net: vatReportRowSchema.omit({ rate: true, label: true }) }),
  /** The figures an MTD VAT return takes from sales: box 1 (VAT due on sales) and box 6 (sales excluding VAT), pounds; box 6 in whole pounds as HMRC asks. */
  mtd: z.object({ box1: z.number(), box6: z.number() }),
});
export type VatReport = z.infer<typeof vatReportSchema>;
export const vatReportResponse = z.object({ report: vatReportSchema });
