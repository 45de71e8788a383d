// The VAT report's periods (issue 25). A period is two Europe/London calendar days, both included,
// as YYYY-MM-DD: the report's own terms. Presets run up to today at the latest (nothing is in the
// future): this month and this quarter so far, last month and last quarter whole, and the twelve months
// to today. Quarters are calendar quarters (January to March, and so on).
import { vatReportQuery } from '@shared/vat-report';

export const VAT_PERIOD_PRESETS = ['this-month', 'last-month', 'this-quarter', 'last-quarter', 'last-12-months'] as const;
export type VatPeriodPreset = (typeof VAT_PERIOD_PRESETS)[number];

export const VAT_PERIOD_LABELS: Record<VatPeriodPreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'last-quarter': 'Last quarter',
  'last-12-months': 'Last 12 months',
};

export interface VatPeriod {
  from: string;
  to: string;
}

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day it is in the UK at `now`, as YYYY-MM-DD (en-CA writes dates that way). */
export function londonToday(now: Date): string {
  return londonDay.format(now);
}

/** A calendar day as year, month (1-12) and day. */
function parts(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number);
  return { y, m, d };
}

/** YYYY-MM-DD of a year, month and day; a month or day out of range rolls over (month 0 is last December, day 0 the month before's last). */
function dayOf(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

const quarterStartMonth = (m: number) => m - ((m - 1) % 3);

/** The preset's days on the UK calendar day `today`. */
export function presetPeriod(preset: VatPeriodPreset, today: string): VatPeriod {
  const { y, m, d } = parts(today);
  const q = quarterStartMonth(m);
  switch (preset) {
    case 'this-month':
      return { from: dayOf(y, m, 1), to: today };
    case 'last-month':
      return { from: dayOf(y, m - 1, 1), to: dayOf(y, m, 0) };
    case 'this-quarter':
      return { from: dayOf(y, q, 1), to: today };
    case 'last-quarter':
      return { from: dayOf(y, q - 3, 1), to: dayOf(y, q, 0) };
    case 'last-12-months': {
      // The day after this date a year ago (29 February a year on is 28 February): twelve months to today.
      const lastYear = Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate());
      return { from: dayOf(y - 1, m, lastYear + 1), to: today };
    }
  }
}

/** Which preset these days are on `today`, or null for custom dates. */
export function presetOf(period: VatPeriod, today: string): VatPeriodPreset | null {
  return VAT_PERIOD_PRESETS.find((p) => {
    const days = presetPeriod(p, today);
    return days.from === period.from && days.to === period.to;
  }) ?? null;
}

const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "1 April 2025 to 30 June 2025", or "1 April 2025" for one day. */
export function periodLabel(period: VatPeriod): string {
  const name = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
  return period.from === period.to ? name(period.from) : `${name(period.from)} to ${name(period.to)}`;
}

/** The period the page opens on when the address names none (or a bad one). */
export const DEFAULT_VAT_PRESET: VatPeriodPreset = 'this-month';

/** The period in the address (?from=&to=) when the server would take it, else this month. */
export function periodFromSearch(search: URLSearchParams, today: string): VatPeriod {
  const period = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  return vatReportQuery.safeParse(period).success ? period : presetPeriod(DEFAULT_VAT_PRESET, today);
}

/** What is wrong with typed dates, by field, in the report's own words ("Enter a date" for a blank one); empty when none. */
export function periodErrors(period: VatPeriod): Partial<Record<keyof VatPeriod, string>> {
  const errors: Partial<Record<keyof VatPeriod, string>> = {};
  for (const key of ['from', 'to'] as const) if (period[key] === '') errors[key] = 'Enter a date';
  const parsed = vatReportQuery.safeParse(period);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof VatPeriod] ??= issue.message;
  return errors;
}
