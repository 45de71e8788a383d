import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { refundVatParts, sumVatParts, type VatPart, type VatRate } from '../../../../shared/vat';
import { storedVatParts } from './store-vat';

/**
 * The receipt number and the VAT ledger (issue 25, decision 035). Both are written in the transaction
 * that pays the order or settles its refund, never after it: a payment that rolls back gives its number
 * back, so the numbers run without gaps or repeats, and the ledger holds exactly what was paid.
 */

/**
 * The store's next receipt number, for an order being marked paid. The counter row is locked by the
 * update until this transaction ends, so payments arriving together take their numbers one by one.
 */
async function nextInvoiceNumber(ctx: StoreCtx): Promise<number> {
  const [row] = rowsOf<{ last_number: number }>(
    await ctx.tx.execute(sql`
      insert into invoice_counters (tenant_id, last_number) values (${ctx.tenantId}::uuid, 1)
      on conflict (tenant_id) do update set last_number = invoice_counters.last_number + 1
      returning last_number`),
  );
  return Number(row.last_number);
}

/**
 * The ledger rows of one sale or refund, and the same figures added to the store's day (vat_daily, what
 * the report reads); the sale or refund counts once, on its first rate's row.
 */
async function writeEntries(ctx: StoreCtx, orderId: string, refundId: string | null, kind: 'sale' | 'refund', parts: readonly VatPart[]): Promise<void> {
  if (parts.length === 0) return;
  const values = parts.map((p) => sql`(${ctx.tenantId}::uuid, ${orderId}::uuid, ${refundId}::uuid, ${kind}, ${p.rate}, ${p.gross}, ${p.vat})`);
  await ctx.tx.execute(sql`insert into vat_entries (tenant_id, order_id, refund_id, kind, rate, gross, vat) values ${sql.join(values, sql`, `)}`);
  const days = parts.map((p, i) => sql`(${ctx.tenantId}::uuid, (now() at time zone 'Europe/London')::date, ${kind}, ${p.rate}, ${p.gross}, ${p.vat}, ${i === 0 ? 1 : 0})`);
  await ctx.tx.execute(sql`
    insert into vat_daily (tenant_id, day, kind, rate, gross, vat, entries) values ${sql.join(days, sql`, `)}
    on conflict (tenant_id, day, kind, rate) do update
      set gross = vat_daily.gross + excluded.gross, vat = vat_daily.vat + excluded.vat, entries = vat_daily.entries + excluded.entries`);
}

/**
 * An order has just been paid: it takes the store's next receipt number (every paid order, VAT
 * registered or not: a receipt is owed either way) and its VAT parts enter the ledger on the date of
 * supply. Once only: an order that has a number keeps it.
 */
export async function issueReceipt(ctx: StoreCtx, order: { id: string; invoiceNumber: number | null; vatBreakdown: unknown }): Promise<number> {
  if (order.invoiceNumber !== null) return order.invoiceNumber;
  const number = await nextInvoiceNumber(ctx);
  await ctx.tx.execute(sql`update orders set invoice_number = ${number} where tenant_id = ${ctx.tenantId}::uuid and id = ${order.id}::uuid`);
  await writeEntries(ctx, order.id, null, 'sale', storedVatParts(order.vatBreakdown));
  return number;
}

/** What the order's refunds so far gave back, by rate (the ledger's own rows). */
async function givenBack(ctx: StoreCtx, orderId: string, except: string): Promise<VatPart[]> {
  const rows = rowsOf<{ rate: VatRate; gross: number; vat: number }>(
    await ctx.tx.execute(sql`
      select rate, sum(gross)::int as gross, sum(vat)::int as vat from vat_entries
      where tenant_id = ${ctx.tenantId}::uuid and order_id = ${orderId}::uuid and kind = 'refund' and refund_id is distinct from ${except}::uuid
      group by rate`),
  );
  return sumVatParts(rows.map((r) => ({ rate: r.rate, gross: Number(r.gross), vat: Number(r.vat) })));
}

/**
 * A refund was settled: the VAT it takes back, by rate, enters the ledger (refundVatParts). A refund
 * by lines gives back its lines' own VAT (`basis`); whatever the mix, the refund completing the order
 * gives back exactly what is left, so the order's VAT comes back whole.
 */
export async function recordRefundVat(
  ctx: StoreCtx,
  refundId: string,
  order: { id: string; totalAmount: number; vatBreakdown: unknown },
  refundedBefore: number,
  refundedAfter: number,
  how: { basis: VatPart[] | null; proportional: boolean } = { basis: null, proportional: true },
): Promise<void> {
  if (refundedAfter <= refundedBefore) return;
  const orderParts = storedVatParts(order.vatBreakdown);
  if (orderParts.length === 0) return;
  const parts = refundVatParts({
    orderParts,
    orderTotal: order.totalAmount,
    refundedBefore,
    refundedAfter,
    givenBack: await givenBack(ctx, order.id, refundId),
    basis: how.basis,
    proportional: how.proportional,
  });
  await writeEntries(ctx, order.id, refundId, 'refund', parts);
}
