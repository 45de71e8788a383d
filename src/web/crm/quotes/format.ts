import type { QuoteStatus } from '@shared/crm/quotes';

// Display formats of the Quotes section (admin spec §9: totals rounded for display; money in GBP).

const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** £8,778: whole pounds, as the list and the preview show totals. */
export const money = (pounds: number) => wholePounds.format(pounds);

/** 24 Nov 2026. */
export const shortDate = (iso: string) => day.format(new Date(iso));

export const STATUS_LABEL: Record<QuoteStatus | 'paid', string> = { active: 'Active', draft: 'Draft', expired: 'Expired', paid: 'Paid' };
export const STATUS_BADGE: Record<QuoteStatus | 'paid', 'success' | 'secondary' | 'warning' | 'default'> = {
  active: 'default',
  draft: 'secondary',
  expired: 'warning',
  paid: 'success',
};
