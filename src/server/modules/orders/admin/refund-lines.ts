import type { StoreCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { CHOOSE_REFUND_ITEMS, type RefundInput } from '../../../../shared/admin-orders';
import { deliveryVatParts, unitsShare, type VatPart } from '../../../../shared/vat';
import * as ordersRepo from '../orders-repo';
import { attemptLines, claimRestock, deliveryRefunded, refundedUnits, setRestocked, type AttemptLine, type NewRefundLine } from '../refunded-lines';
import { returnLineUnits } from '../../inventory';
import { storedVatParts } from '../vat/store-vat';

/**
 * Refunds by lines (issue 27): which units of which lines a refund gives back, what they are worth by
 * the order's own prices, and putting them back in stock once the provider has refunded them.
 */

/** The lines chosen for a refund, checked against the order, with their value (pence) worked out. */
export interface ChosenLines {
  lines: (NewRefundLine & { name: string })[];
  delivery: boolean;
  /** What the chosen units (and delivery) come to: the most the refund may be. */
  value: number;
}

/** 400 naming the fields, as the refund form shows them beside each line. */
const refused = (code: 'refund_invalid' | 'refund_too_large', fields: Record<string, string>, message: string) => new AppError(400, code, message, fields);

/**
 * Checks the chosen lines against the order (locked by the caller): each must be one of its lines, and
 * no more of its units than are left (units refunded or being refunded are taken). Each line's value
 * and VAT are its running share of the line's total and VAT, so a line refunded in parts adds up to it.
 */
export async function chooseLines(ctx: StoreCtx, order: ordersRepo.OrderRow, input: RefundInput): Promise<ChosenLines> {
  const items = await ordersRepo.listItems(ctx, [order.id]);
  const taken = await refundedUnits(ctx, [order.id]);
  const unknown: Record<string, string> = {};
  const tooMany: Record<string, string> = {};
  const messages: string[] = [];
  const lines: ChosenLines['lines'] = [];
  (input.lines ?? []).forEach((wanted, i) => {
    const item = items.find((it) => it.id === wanted.id);
    if (!item) {
      unknown[`lines.${i}.id`] = 'Not a line of this order';
      return;
    }
    if (wanted.quantity === 0) return;
    const units = taken.get(item.id);
    const before = (units?.settled ?? 0) + (units?.pending ?? 0);
    const left = item.quantity - before;
    if (wanted.quantity > left) {
      tooMany[`lines.${i}.quantity`] = left === 0 ? 'Already refunded' : `Only ${left} left to refund`;
      messages.push(left === 0 ? `${item.productName} has already been refunded in full.` : `Only ${left} of ${item.productName} ${left === 1 ? 'is' : 'are'} left to refund.`);
      return;
    }
    // What the shopper paid for the line: its total less its share of a discount code (issue 28).
    const amount = unitsShare(item.totalAmount - item.discountAmount, item.quantity, before, wanted.quantity);
    // The VAT inside never passes the amount (a penny's rounding on lines of a few pence).
    const vatAmount = Math.min(unitsShare(item.vatAmount, item.quantity, before, wanted.quantity), amount);
    lines.push({ orderItemId: item.id, quantity: wanted.quantity, amount, vatAmount, restock: wanted.restock ?? false, name: item.productName });
  });
  if (Object.keys(unknown).length > 0) throw refused('refund_invalid', unknown, 'Some of the chosen items are not lines of this order. Reload the order and try again.');
  if (Object.keys(tooMany).length > 0) throw refused('refund_too_large', tooMany, messages.join(' '));
  let delivery = false;
  if (input.delivery) {
    if (order.shippingTotal <= 0) throw refused('refund_invalid', { delivery: 'No delivery charge' }, 'This order has no delivery charge to refund.');
    if (await deliveryRefunded(ctx, order.id)) throw refused('refund_too_large', { delivery: 'Already refunded' }, 'The delivery charge has already been refunded.');
    delivery = true;
  }
  if (lines.length === 0 && !delivery) throw refused('refund_invalid', { lines: CHOOSE_REFUND_ITEMS }, CHOOSE_REFUND_ITEMS);
  return { lines, delivery, value: lines.reduce((sum, l) => sum + l.amount, 0) + (delivery ? order.shippingTotal : 0) };
}

/**
 * The VAT basis of a refund by lines: each refunded line's own VAT at its own rate, and delivery's part
 * of each rate when delivery is refunded too. Null for a refund of an amount alone.
 */
export async function refundBasis(ctx: StoreCtx, order: ordersRepo.OrderRow, attempt: { id: string; includesDelivery: boolean }): Promise<VatPart[] | null> {
  const lines = await attemptLines(ctx, attempt.id);
  if (lines.length === 0 && !attempt.includesDelivery) return null;
  const basis: VatPart[] = lines.flatMap((l) => (l.vatRate ? [{ rate: l.vatRate, gross: l.amount, vat: l.vatAmount }] : []));
  if (attempt.includesDelivery) {
    const items = await ordersRepo.listItems(ctx, [order.id]);
    basis.push(...deliveryVatParts(storedVatParts(order.vatBreakdown), items.map((i) => ({ rate: i.vatRate, gross: i.totalAmount - i.discountAmount, vat: i.vatAmount }))));
  }
  return basis;
}

/** A refunded line after settling: how many units went back in stock (null: not asked). */
export interface SettledLine extends AttemptLine {
  restockedNow: number | null;
}

const stockLine = (l: AttemptLine, quantity: number, key: string) => ({
  key,
  name: l.productName,
  product_id: l.productId!,
  variant_id: l.variantId,
  quantity,
  stock_source: l.stockSource,
});

/**
 * Puts the attempt's "Put back in stock" units back through the stock ledger, once: the lines are
 * claimed by a conditional update first, so a second settling of the same attempt finds none.
 */
export async function restockLines(ctx: StoreCtx, order: { id: string; orderNumber: string }, refundId: string): Promise<SettledLine[]> {
  const lines = await attemptLines(ctx, refundId);
  const claimed = await claimRestock(ctx, refundId);
  const toReturn = lines.filter((l) => claimed.has(l.id) && l.productId);
  const back = await returnLineUnits(ctx, order, toReturn.map((l) => stockLine(l, l.quantity, l.id)), `Order ${order.orderNumber} refunded: put back in stock`);
  for (const id of claimed) {
    const units = back.get(id) ?? 0;
    if (units > 0) await setRestocked(ctx, id, units);
  }
  return lines.map((l) => ({ ...l, restockedNow: claimed.has(l.id) ? (back.get(l.id) ?? 0) : null }));
}

/**
 * An order refunded in full before it was sent, after refunds by lines: its goods go back on sale as
 * before, except the units the lines' refunds already dealt with (put back then, or kept out by choice).
 */
export async function returnUnrefundedUnits(ctx: StoreCtx, order: { id: string; orderNumber: string }, notes: string): Promise<number> {
  const items = await ordersRepo.listItems(ctx, [order.id]);
  const taken = await refundedUnits(ctx, [order.id]);
  const lines = items
    .filter((i) => i.productId)
    .map((i) => ({ key: i.id, name: i.productName, product_id: i.productId!, variant_id: i.variantId, stock_source: i.stockSource, quantity: i.quantity - (taken.get(i.id)?.settled ?? 0) }))
    .filter((l) => l.quantity > 0);
  const back = await returnLineUnits(ctx, order, lines, notes);
  return [...back.values()].reduce((sum, n) => sum + n, 0);
}

/** "1 × Hand-thrown Serving Bowl (restocked), 2 × Mug, delivery": what a refund by lines gave back. */
export function refundedLinesText(lines: readonly SettledLine[], delivery: boolean): string {
  const parts = lines.map((l) => {
    let stock = '';
    if (l.restock) {
      const units = l.restockedNow ?? l.restocked ?? 0;
      if (l.stockSource === 'untracked' || !l.productId) stock = ' (stock not tracked)';
      else if (units >= l.quantity) stock = ' (restocked)';
      else if (units > 0) stock = ` (${units} restocked)`;
      else stock = ' (already back in stock)';
    }
    return `${l.quantity} × ${l.productName}${stock}`;
  });
  if (delivery) parts.push('delivery');
  return parts.join(', ');
}

/** The lines as the timeline event's data keeps them. */
export const refundedLinesData = (lines: readonly SettledLine[]) =>
  lines.map((l) => ({ line_id: l.orderItemId, product_name: l.productName, quantity: l.quantity, restock: l.restock, restocked: l.restockedNow ?? l.restocked ?? 0 }));
