import type { StoreCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import type { RefundResult } from '../../../adapters/payments/payments';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { orderStatusName } from '../../../../shared/admin-orders';
import * as ordersRepo from '../orders-repo';
import { sendRefundEmail } from './customer-emails';
import * as refunds from './refunds-repo';
import { returnSoldStock } from '../../inventory';
import { recordRefundVat } from '../vat/ledger';
import { attemptLines, hasLineRefunds } from '../refunded-lines';
import { refundBasis, refundedLinesData, refundedLinesText, restockLines, returnUnrefundedUnits } from './refund-lines';

/**
 * Writing down what the payment provider answered to a refund attempt (refunds-repo.ts). Each
 * function settles the attempt at most once (a conditional update on its state), so the request
 * that asked, a retry and the reconciler can all try and the books still count it once.
 */

const money = (pence: number) => formatGBP(penceToPounds(pence));

export interface Settled {
  /** False when another request or the reconciler had already settled this attempt. */
  settled: boolean;
  stockChanged: boolean;
}

const NOT_SETTLED: Settled = { settled: false, stockChanged: false };

/** Moves the attempt into the books and gives the order its new payment (and maybe order) status. */
async function book(ctx: StoreCtx, attempt: refunds.RefundAttempt, result: RefundResult) {
  if (!(await refunds.markRefunded(ctx, attempt.id, result))) return null;
  const after = await refunds.settleRefund(ctx, attempt.orderId, attempt.amount, result.amount);
  if (!after) throw new Error(`order ${attempt.orderId} vanished while refunding`);
  // The VAT this refund gives back, by rate, into the ledger the VAT report reads (issue 25): a refund
  // by lines gives back its lines' own VAT (issue 27).
  const basis = await refundBasis(ctx, after, attempt);
  const proportional = !(await hasLineRefunds(ctx, after.id, attempt.id));
  await recordRefundVat(ctx, attempt.id, after, Math.max(0, after.refundedAmount - result.amount), after.refundedAmount, { basis, proportional });
  const full = after.refundedAmount >= after.totalAmount;
  const changes: Partial<ordersRepo.OrderRow> = { paymentStatus: full ? 'refunded' : 'partially_refunded', ...(full ? { status: 'refunded' as const } : {}) };
  return { after, full, changes };
}

const refundData = (attempt: refunds.RefundAttempt, result: RefundResult) => ({
  amount: penceToPounds(result.amount),
  refund_id: result.refundId,
  ...(attempt.reason ? { reason: attempt.reason } : {}),
});

/**
 * The provider refunded: the amount it refunded becomes refunded (payment status, order status,
 * stock given back when refunded in full before sending, timeline, customer email). `how` adds a
 * sentence to the timeline when the answer came late (a retry or the reconciler).
 */
export async function recordRefund(ctx: StoreCtx, email: EmailSender, attempt: refunds.RefundAttempt, result: RefundResult, how = ''): Promise<Settled> {
  const booked = await book(ctx, attempt, result);
  if (!booked) return NOT_SETTLED;
  const { after, full, changes } = booked;
  // A refund by lines: the units chosen to go back in stock do, through the stock ledger, once.
  const lines = await restockLines(ctx, after, attempt.id);
  let stockChanged = lines.some((l) => (l.restockedNow ?? 0) > 0);
  // Refunded in full before it was sent: the goods never left, so they go back on sale (all but the
  // units refunds by lines already dealt with, by the admin's choice for each).
  if (full && after.reservationState === 'committed' && (after.status === 'confirmed' || after.status === 'processing')) {
    const notes = `Order ${after.orderNumber} refunded in full before it was sent`;
    const byLines = lines.length > 0 || attempt.includesDelivery || (await hasLineRefunds(ctx, after.id, attempt.id));
    const back = byLines ? await returnUnrefundedUnits(ctx, after, notes) : await returnSoldStock(ctx, after, 'return', notes);
    stockChanged = stockChanged || back > 0;
    changes.reservationState = 'released';
  }
  await ordersRepo.updateOrder(ctx, after.id, changes);
  const total = `${money(after.refundedAmount)} of ${money(after.totalAmount)} refunded`;
  const reason = attempt.reason ? ` (${attempt.reason})` : '';
  if (lines.length > 0 || attempt.includesDelivery) {
    await ordersRepo.addEvent(ctx, after.id, 'refunded', `Refunded ${money(result.amount)}${reason}: ${refundedLinesText(lines, attempt.includesDelivery)}. ${total}${how}`, {
      ...refundData(attempt, result),
      lines: refundedLinesData(lines),
      ...(attempt.includesDelivery ? { delivery: true } : {}),
    });
  } else {
    await ordersRepo.addEvent(ctx, after.id, 'refunded', `Refunded ${money(result.amount)}${reason}: ${total}${how}`, refundData(attempt, result));
  }
  if (full && after.status !== 'refunded') {
    await ordersRepo.addEvent(ctx, after.id, 'status_changed', `Status changed from ${orderStatusName(after.status)} to Refunded`, { from: after.status, to: 'refunded' });
  }
  await sendRefundEmail(ctx, email, { ...after, ...changes }, result.amount);
  if (stockChanged) ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  ctx.emit({ type: 'order.status_changed', tenantId: ctx.tenantId, orderId: after.id, status: changes.status ?? after.status });
  return { settled: true, stockChanged };
}

/**
 * The fallback when recordRefund failed after the provider refunded: only the books and one
 * timeline entry that says what happened, nothing that could fail the same way again (no email, no
 * stock, no reason text). The money side is then right; the rest is for a person to follow up.
 */
export async function recordRefundPlainly(ctx: StoreCtx, attempt: refunds.RefundAttempt, result: RefundResult): Promise<Settled> {
  const booked = await book(ctx, attempt, result);
  if (!booked) return NOT_SETTLED;
  const { after, full, changes } = booked;
  await ordersRepo.updateOrder(ctx, after.id, changes);
  const restockAsked = (await attemptLines(ctx, attempt.id)).some((l) => l.restock);
  const skipped = (full && after.reservationState === 'committed') || restockAsked ? 'the customer was not emailed and no stock was put back' : 'the customer was not emailed';
  await ordersRepo.addEvent(
    ctx,
    after.id,
    'refunded',
    `Refunded ${money(result.amount)} at the payment provider (refund ${result.refundId}): ${money(after.refundedAmount)} of ${money(after.totalAmount)} refunded. Recording the refund failed at first, so ${skipped}.`,
    { amount: penceToPounds(result.amount), refund_id: result.refundId, recorded_plainly: true },
  );
  if (full && after.status !== 'refunded') {
    await ordersRepo.addEvent(ctx, after.id, 'status_changed', `Status changed from ${orderStatusName(after.status)} to Refunded`, { from: after.status, to: 'refunded' });
  }
  return { settled: true, stockChanged: false };
}

/** The provider refused (or the attempt is given up): the reserved amount is let go, with why. */
export async function releaseRefund(ctx: StoreCtx, attempt: refunds.RefundAttempt, message: string): Promise<boolean> {
  if (!(await refunds.markRefused(ctx, attempt.id))) return false;
  await refunds.settleRefund(ctx, attempt.orderId, attempt.amount, 0);
  await ordersRepo.addEvent(ctx, attempt.orderId, 'refund_failed', `Refund of ${money(attempt.amount)} failed: ${message}`, { amount: penceToPounds(attempt.amount) });
  return true;
}

/** No answer from the provider: the amount stays reserved until the reconciler asks again. */
export async function noteUnconfirmed(ctx: StoreCtx, attempt: refunds.RefundAttempt, message: string): Promise<void> {
  await ordersRepo.addEvent(ctx, attempt.orderId, 'refund_unconfirmed', message, { amount: penceToPounds(attempt.amount), attempt_id: attempt.id });
}
