import { describe, expect, it } from 'vitest';
import { formatWholePounds, isEmptyReport, reportRateLines } from './vat-report-view';

const row = (rate: 'standard' | 'reduced' | 'zero' | 'exempt', gross: number, net: number, vat: number) => ({ rate, label: rate, gross, net, vat });

describe('the VAT report’s rows', () => {
  it('gives one row per rate in the standard, reduced, zero, exempt order, with zeros for a missing part', () => {
    const lines = reportRateLines({
      sales: [row('zero', 10, 10, 0), row('standard', 120, 100, 20)],
      refunds: [row('standard', 12, 10, 2), row('exempt', 5, 5, 0)],
      net: [row('standard', 108, 90, 18), row('zero', 10, 10, 0), row('exempt', -5, -5, 0)],
    });
    expect(lines.map((l) => l.rate)).toEqual(['standard', 'zero', 'exempt']);
    expect(lines[0]).toEqual({ rate: 'standard', sales: { gross: 120, net: 100, vat: 20 }, refunds: { gross: 12, net: 10, vat: 2 }, net: { gross: 108, net: 90, vat: 18 } });
    expect(lines[1].refunds).toEqual({ gross: 0, net: 0, vat: 0 });
    expect(lines[2].sales).toEqual({ gross: 0, net: 0, vat: 0 });
  });

  it('is empty with no sales and no refunds', () => {
    expect(reportRateLines({ sales: [], refunds: [], net: [] })).toEqual([]);
    expect(isEmptyReport({ order_count: 0, refund_count: 0, sales: [], refunds: [] })).toBe(true);
    expect(isEmptyReport({ order_count: 1, refund_count: 0, sales: [row('standard', 1, 0.83, 0.17)], refunds: [] })).toBe(false);
  });

  it('writes box 6 in whole pounds', () => {
    expect(formatWholePounds(1235)).toBe('£1,235');
    expect(formatWholePounds(0)).toBe('£0');
  });
});
