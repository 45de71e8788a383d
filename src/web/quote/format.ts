import { formatGBP } from '@shared/money';

/** £1,234.50; whole pounds without pence where that reads better (£7,500). */
export const money = (pounds: number, opts: { whole?: boolean } = {}) => (opts.whole && Number.isInteger(pounds) ? formatGBP(pounds).replace(/\.00$/, '') : formatGBP(pounds));

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
/** 24 Nov 2026 (spec: day, short month, year, en-GB). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
