import { countOrderEmails } from '../../emails';
import type { TenantCtx } from '../../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import type { EmailSender } from '../../../adapters/email/email';
import { isUuid } from '../../../../shared/ids';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { allowedNextStatuses, canMoveOrder, orderStatusName, TRACKING_REQUIRED, type AdminOrderDetail, type OrderStatusInput } from '../../../../shared/admin-orders';
import * as ordersRepo from '../orders-repo';
import * as stock from '../../inventory';
import { sendOrderConfirmation } from '../emails';
import { ERASED_REASON } from '../customer-data';
import { sendCancelledEmail, sendShippedEmail } from './customer-emails';
import * as repo from './repo';
import { deliveryRefunded, refundedUnits } from '../refunded-lines';
import { isPaid, toAdminOrderDetail } from './view';
import type { ErrorCode } from '../../../../shared/errors';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/** The order, locked for this transaction when asked; another store's order is the same 404 as none. */
export async function findOrderOr404(ctx: TenantCtx, id: string, lock = false): Promise<ordersRepo.OrderRow> {
  const order = isUuid(id) ? await ordersRepo.findOrder(ctx, { id }, lock) : null;
  if (!order) throw notFound('Order not found');
  return order;
}

export async function loadDetail(ctx: TenantCtx, id: string): Promise<AdminOrderDetail> {
  const order = await findOrderOr404(ctx, id);
  const [items, events, emailCount] = [await ordersRepo.listItems(ctx, [order.id]), await repo.listEvents(ctx, order.id), await countOrderEmails(ctx, order.id)];
  const byLine = { units: await refundedUnits(ctx, [order.id]), deliveryRefunded: await deliveryRefunded(ctx, order.id) };
  return toAdminOrderDetail(order, items, events, emailCount, byLine);
}

/** Why a move is refused, in words that say what the order can do instead. */
function transitionMessage(from: ordersRepo.OrderRow['status'], to: ordersRepo.OrderRow['status']): string {
  if (from === to) return `This order is already ${orderStatusName(to)}.`;
  const next = allowedNextStatuses(from);
  const options = next.length ? `From ${orderStatusName(from)} it can move to ${next.map(orderStatusName).join(', ')}.` : `${orderStatusName(from)} is a final status.`;
  const hint = to === 'refunded' ? ' Orders become Refunded by refunding the payment in full.' : '';
  return `An order that is ${orderStatusName(from)} cannot be marked ${orderStatusName(to)}. ${options}${hint}`;
}

export interface StatusChangeResult {
  stockChanged: boolean;
}

/**
 * Moves an order along the allowed transitions (src/shared/admin-orders.ts). Shipping records the
 * tracking reference and tells the customer. Cancelling gives stock back: a hold is released, sold
 * stock returns through the ledger. It does not refund a paid order: refunding is its own action with
 * the provider's answer to show, so the timeline says plainly that the payment still stands.
 */
export async function changeStatus(ctx: TenantCtx, email: EmailSender, id: string, input: OrderStatusInput, sessionExpired: boolean): Promise<StatusChangeResult> {
  const order = await findOrderOr404(ctx, id, true);
  const to = input.status;
  if (!canMoveOrder(order.status, to)) throw conflict('invalid_transition', transitionMessage(order.status, to));
  const tracking = input.tracking_reference?.trim() || null;
  if (to === 'shipped' && !tracking) throw badRequest(TRACKING_REQUIRED, { tracking_reference: TRACKING_REQUIRED });
  if (to !== 'shipped' && tracking) throw badRequest('A tracking reference is only given when an order is shipped.', { tracking_reference: 'Only for shipped orders' });

  let stockChanged = false;
  const changes: Partial<ordersRepo.OrderRow> = { status: to };
  let message = `Status changed from ${orderStatusName(order.status)} to ${orderStatusName(to)}`;
  if (to === 'shipped') {
    changes.trackingReference = tracking;
    message += ` (tracking reference ${tracking})`;
  }
  if (to === 'cancelled') {
    if (order.reservationState === 'held') {
      await stock.release(ctx, ordersRepo.stockLinesOf(await ordersRepo.listItems(ctx, [order.id])));
      stockChanged = true;
    } else if (order.reservationState === 'committed') {
      stockChanged = (await stock.returnSoldStock(ctx, order, 'cancelled', `Order ${order.orderNumber} cancelled`)) > 0;
    }
    changes.reservationState = 'released';
    if (order.paymentStatus === 'unpaid' && sessionExpired) changes.paymentStatus = 'expired';
    if (isPaid(order)) message += `. The payment of ${money(order.totalAmount - order.refundedAmount)} is not refunded by cancelling: refund it from this page`;
  }
  await ordersRepo.updateOrder(ctx, order.id, changes);
  await ordersRepo.addEvent(ctx, order.id, 'status_changed', message, { from: order.status, to, ...(tracking ? { tracking_reference: tracking } : {}) });
  const updated = { ...order, ...changes };
  if (to === 'shipped') await sendShippedEmail(ctx, email, updated, tracking!);
  if (to === 'cancelled') await sendCancelledEmail(ctx, email, updated);
  // Stock came back: the storefront's cached "In Stock" answers must not outlive it.
  if (stockChanged) ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  ctx.emit({ type: 'order.status_changed', tenantId: ctx.tenantId, orderId: order.id, status: to });
  return { stockChanged };
}

export async function addNote(ctx: TenantCtx, id: string, body: string): Promise<void> {
  const order = await findOrderOr404(ctx, id);
  await ordersRepo.addEvent(ctx, order.id, 'note', body);
}

export async function resendConfirmation(ctx: TenantCtx, email: EmailSender, id: string): Promise<void> {
  const order = await findOrderOr404(ctx, id, true);
  if (!isPaid(order)) {
    throw conflict('not_paid', order.paymentStatus === 'refunded' ? 'This order has been refunded in full, so there is no confirmation to resend.' : 'Only paid orders have a confirmation to resend.');
  }
  if (order.erasedAt) throw conflict('customer_erased', `No confirmation can be sent: ${ERASED_REASON}.`);
  await sendOrderConfirmation(ctx, email, order);
}

/** 400 with the amount field named, as the refund form shows it. */
export const refundRefused = (message: string, code: ErrorCode = 'refund_too_large') => new AppError(400, code, message, { amount: message });
