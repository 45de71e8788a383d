import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { StoreCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { storeDetails } from '../../tenants';
import { penceToPounds } from '../../../../shared/money';
import { VAT_RATES, vatRateShort, type VatRate } from '../../../../shared/vat';
import type { VatReport, VatReportQuery, VatReportRow } from '../../../../shared/vat-report';

/**
 * The VAT report (issue 25): for Europe/London days `from` to `to` (both included), sales and their VAT
 * by rate on their date of supply (payment), refunds settled in the period by rate, and what is left,
 * with the two figures an MTD return takes from sales. Read from the VAT ledger's daily sums
 * (ledger.ts), never recomputed from today's settings.
 */

interface Sum {
  gross: number;
  vat: number;
}
const ZERO: Sum = { gross: 0, vat: 0 };

const row = (rate: VatRate, s: Sum): VatReportRow => ({ rate, label: vatRateShort(rate), gross: penceToPounds(s.gross), net: penceToPounds(s.gross - s.vat), vat: penceToPounds(s.vat) });
const total = (s: Sum) => ({ gross: penceToPounds(s.gross), net: penceToPounds(s.gross - s.vat), vat: penceToPounds(s.vat) });
const add = (a: Sum, b: Sum): Sum => ({ gross: a.gross + b.gross, vat: a.vat + b.vat });

export async function vatReport(ctx: StoreCtx, q: VatReportQuery): Promise<VatReport> {
  // The ledger summed by day (vat_daily): at most 731 days x 2 kinds x 4 rates, however many orders.
  const sums = rowsOf<{ kind: 'sale' | 'refund'; rate: VatRate; gross: string | number; vat: string | number; entries: string | number }>(
    await ctx.tx.execute(sql`
      select kind, rate, sum(gross)::bigint as gross, sum(vat)::bigint as vat, sum(entries)::bigint as entries
      from vat_daily
      where tenant_id = ${ctx.tenantId}::uuid and day between ${q.from}::date and ${q.to}::date
      group by kind, rate`),
  );
  const entries = (kind: 'sale' | 'refund') => sums.filter((r) => r.kind === kind).reduce((n, r) => n + Number(r.entries), 0);
  const of = (kind: 'sale' | 'refund', rate: VatRate): Sum => {
    const found = sums.find((s) => s.kind === kind && s.rate === rate);
    return found ? { gross: Number(found.gross), vat: Number(found.vat) } : ZERO;
  };
  const present = VAT_RATES.filter((rate) => sums.some((s) => s.rate === rate));
  const sales = present.map((rate) => of('sale', rate));
  const refunds = present.map((rate) => of('refund', rate));
  const nets = present.map((_, i) => ({ gross: sales[i].gross - refunds[i].gross, vat: sales[i].vat - refunds[i].vat }));
  const sum = (list: Sum[]) => list.reduce(add, ZERO);
  const net = sum(nets);
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  return {
    from: q.from,
    to: q.to,
    vat_registered: store?.settings.business.vat_registered ?? false,
    vat_number: store?.settings.business.vat_number || null,
    order_count: entries('sale'),
    refund_count: entries('refund'),
    sales: present.map((rate, i) => row(rate, sales[i])),
    refunds: present.map((rate, i) => row(rate, refunds[i])),
    net: present.map((rate, i) => row(rate, nets[i])),
    totals: { sales: total(sum(sales)), refunds: total(sum(refunds)), net: total(net) },
    // Box 1: VAT due on sales, refunds taken off (credit notes reduce it); box 6: sales excluding VAT
    // in whole pounds, pence left off as HMRC's notes on the return say.
    mtd: { box1: penceToPounds(net.vat), box6: Math.trunc((net.gross - net.vat) / 100) },
  };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;

/** The report as a spreadsheet: one row per rate and kind, then the totals and the MTD figures. */
export function vatReportCsv(report: VatReport): string {
  const rows: (string | number)[][] = [];
  const push = (section: string, list: VatReportRow[]) => list.forEach((r) => rows.push([section, r.label, r.net.toFixed(2), r.vat.toFixed(2), r.gross.toFixed(2)]));
  push('Sales', report.sales);
  push('Refunds', report.refunds);
  push('Net', report.net);
  for (const [section, t] of [['Sales', report.totals.sales], ['Refunds', report.totals.refunds], ['Net', report.totals.net]] as const) {
    rows.push([section, 'All rates', t.net.toFixed(2), t.vat.toFixed(2), t.gross.toFixed(2)]);
  }
  rows.push(['MTD box 1', 'VAT due on sales', '', report.mtd.box1.toFixed(2), '']);
  rows.push(['MTD box 6', 'Total value of sales excluding VAT (whole pounds)', String(report.mtd.box6), '', '']);
  const head = `VAT report ${report.from} to ${report.to}${report.vat_number ? `, VAT no. ${report.vat_number}` : ''}; ${count(report.order_count, 'order')}, ${count(report.refund_count, 'refund')}`;
  return `${Papa.unparse({ fields: ['Section', 'Rate', 'Net (GBP)', 'VAT (GBP)', 'Gross (GBP)'], data: rows })}\r\n\r\n${Papa.unparse([[head]])}\r\n`;
}
