import type { StoreCtx, TenantCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { sendTemplatedEmail, type TemplateValues } from '../../emails';
import * as ordersRepo from '../orders-repo';
import { addressLines, orderDeliveryPromise, orderTemplateValues, promiseValues, shopIdentity } from '../emails';
import { customerEmailsOn, noteSkipped } from '../store-notices';
import { ERASED_REASON } from '../customer-data';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/**
 * The customer's notices when the shop moves their order on (issue 6): shipped, cancelled, refunded,
 * each from the store's template for its kind (its own, or the default with the wording these had).
 * Each is written through the email adapter inside the caller's transaction, so the message exists
 * exactly when the change does, and the timeline says it was sent.
 */
async function notify(ctx: StoreCtx, email: EmailSender, order: ordersRepo.OrderRow, key: string, label: string, values: TemplateValues) {
  // The customer's data was erased (issue 26): there is no address to write to.
  if (order.erasedAt) return ordersRepo.addEvent(ctx, order.id, 'email_skipped', `No ${label.toLowerCase()} emailed: ${ERASED_REASON}`);
  // Settings > Store Info > Notifications: customer emails switched off.
  if (!(await customerEmailsOn(ctx))) return noteSkipped(ctx, order.id, label.toLowerCase());
  const { name: shop, details, policies } = await shopIdentity(ctx);
  const items = await ordersRepo.listItems(ctx, [order.id]);
  await sendTemplatedEmail(ctx, email, {
    key,
    to: order.customerEmail,
    shopName: shop,
    store: details,
    orderId: order.id,
    orderNumber: order.orderNumber,
    values: { ...orderTemplateValues(order, items), ...promiseValues(policies), ...values },
  });
  await ordersRepo.addEvent(ctx, order.id, 'email_sent', `${label} emailed to ${order.customerEmail}`, { kind: key });
}

export function sendShippedEmail(ctx: TenantCtx, email: EmailSender, order: ordersRepo.OrderRow, trackingReference: string) {
  return notify(ctx, email, order, 'order_shipped', 'Shipping notice', {
    shipping_method: order.shippingMethodName,
    tracking_reference: trackingReference,
    delivery_promise: orderDeliveryPromise(order),
    shipping_address: addressLines(order),
  });
}

export function sendCancelledEmail(ctx: TenantCtx, email: EmailSender, order: ordersRepo.OrderRow) {
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
  return notify(ctx, email, order, 'order_cancelled', 'Cancellation notice', { was_paid: paid, amount_paid: money(order.totalAmount - order.refundedAmount) });
}

export function sendRefundEmail(ctx: StoreCtx, email: EmailSender, order: ordersRepo.OrderRow, amount: number) {
  return notify(ctx, email, order, 'order_refunded', 'Refund notice', {
    refund_amount: money(amount),
    refunded_total: money(order.refundedAmount),
    full_refund: order.refundedAmount >= order.totalAmount,
  });
}
