import type { StoreCtx } from '../../http/context';
import * as cartRepo from './cart/cart-repo';
import * as repo from './orders-repo';
import * as stock from '../inventory';
import { releaseUse, spendUse } from '../discounts';
import { issueReceipt } from './vat/ledger';
import { markRecovered } from './recovery/recovery-repo';
import { invoiceNumberText } from '../../../shared/vat';

/** A checkout waiting for its payment (the row form of orders-repo's isAwaitingPaymentOrder). */
export function isAwaitingPayment(order: Pick<repo.OrderRow, 'paymentStatus' | 'status' | 'reservationState' | 'reservationExpiresAt'>, now = new Date()): boolean {
  return order.paymentStatus === 'unpaid' && order.status === 'pending' && order.reservationState === 'held' && order.reservationExpiresAt > now;
}

/**
 * An unpaid order gives its held stock back and is cancelled: the payment session expired or failed,
 * the shopper cancelled on the pay page or in My orders, or the same cart was checked out again with
 * other contents. The cart itself is left alone, so the shopper can try again. Callers hold the
 * order's row lock (or its cart's), so the stock is given back once however often this runs.
 */
export async function releaseUnpaid(
  ctx: StoreCtx,
  order: repo.OrderRow,
  paymentStatus: 'expired' | 'failed',
  message: string,
  eventType: string = paymentStatus === 'failed' ? 'payment_failed' : 'payment_expired',
): Promise<boolean> {
  if (order.paymentStatus === 'paid' || order.reservationState !== 'held') return false;
  await stock.release(ctx, repo.stockLinesOf(await repo.listItems(ctx, [order.id])));
  // A discount code's use held by this checkout goes back to the code (issue 28 item 5).
  if (order.discountCode) await releaseUse(ctx, order.id);
  await repo.updateOrder(ctx, order.id, { reservationState: 'released', paymentStatus, status: 'cancelled' });
  await repo.addEvent(ctx, order.id, eventType, message);
  // The held stock is free again: the storefront's cached stock answers must not outlive it.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  ctx.emit({ type: 'order.status_changed', tenantId: ctx.tenantId, orderId: order.id, status: 'cancelled' });
  return true;
}

/**
 * Payment arrived: the order is paid and confirmed, held stock becomes a sale in the ledger, and the
 * cart it came from is emptied. Answers false when it was already paid (a repeated notice).
 */
export async function markPaid(ctx: StoreCtx, order: repo.OrderRow, paymentReference: string | null): Promise<boolean> {
  if (order.paymentStatus === 'paid') return false;
  const items = await repo.listItems(ctx, [order.id]);
  const short = await stock.commitSale(ctx, repo.stockLinesOf(items), order, order.reservationState === 'held');
  await repo.updateOrder(ctx, order.id, {
    paymentStatus: 'paid',
    // A paid order that had been cancelled for want of payment is live again.
    status: order.status === 'pending' || order.status === 'cancelled' ? 'confirmed' : order.status,
    paidAt: new Date(),
    paymentReference,
    reservationState: 'committed',
  });
  if (order.discountCode) await spendUse(ctx, order.id);
  // A checkout recovery email brought this payment (decision 048): the dashboard counts it.
  if (await markRecovered(ctx, { id: order.id, cartId: order.cartId, email: order.customerEmail, totalAmount: order.totalAmount })) {
    await repo.addEvent(ctx, order.id, 'checkout_recovered', 'Paid after a checkout recovery email');
  }
  const receipt = await issueReceipt(ctx, order);
  await repo.addEvent(ctx, order.id, 'paid', `Payment received; receipt ${invoiceNumberText(receipt)}`, { payment_reference: paymentReference, invoice_number: receipt });
  if (short.length > 0) await repo.addEvent(ctx, order.id, 'stock_short', `Paid after the stock hold lapsed; not enough stock for: ${short.join(', ')}`);
  if (order.cartId) {
    await cartRepo.deleteLines(ctx, order.cartId);
    await cartRepo.updateCart(ctx, order.cartId, { discountCode: null });
  }
  return true;
}
