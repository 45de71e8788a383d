import { VAT_RATES, type VatRate } from '@shared/vat';
import type { VatReport, VatReportRow } from '@shared/vat-report';

// The VAT report page's rows (issue 25): one per rate that has any sale or refund, in the order of
// VAT_RATES, each with its sales, refunds and what is left, zeros where a part has no entry.

export type VatFigures = Pick<VatReportRow, 'gross' | 'net' | 'vat'>;
export interface VatRateLine {
  rate: VatRate;
  sales: VatFigures;
  refunds: VatFigures;
  net: VatFigures;
}

const ZERO: VatFigures = { gross: 0, net: 0, vat: 0 };
const figures = (row: VatReportRow | undefined): VatFigures => (row ? { gross: row.gross, net: row.net, vat: row.vat } : ZERO);

export function reportRateLines(report: Pick<VatReport, 'sales' | 'refunds' | 'net'>): VatRateLine[] {
  const present = new Set([...report.sales, ...report.refunds, ...report.net].map((row) => row.rate));
  return VAT_RATES.filter((rate) => present.has(rate)).map((rate) => ({
    rate,
    sales: figures(report.sales.find((row) => row.rate === rate)),
    refunds: figures(report.refunds.find((row) => row.rate === rate)),
    net: figures(report.net.find((row) => row.rate === rate)),
  }));
}

/** Nothing sold or refunded in the period. */
export const isEmptyReport = (report: Pick<VatReport, 'order_count' | 'refund_count' | 'sales' | 'refunds'>) =>
  report.order_count === 0 && report.refund_count === 0 && report.sales.length === 0 && report.refunds.length === 0;

const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Box 6 is in whole pounds, as HMRC asks: "£1,235". */
export const formatWholePounds = (pounds: number) => wholePounds.format(pounds);

