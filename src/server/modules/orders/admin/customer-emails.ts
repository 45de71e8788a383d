import type { StoreCtx, TenantCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailLayout } from '../../../adapters/email/layout';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import * as ordersRepo from '../orders-repo';
import { orderDeliveryPromise, shopIdentity } from '../emails';
import { customerEmailsOn, noteSkipped } from '../store-notices';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/**
 * The customer's notices when the shop moves their order on (issue 6): shipped, cancelled, refunded.
 * Each is written through the email adapter inside the caller's transaction, so the message exists
 * exactly when the change does, and the timeline says it was sent.
 */
async function notify(ctx: StoreCtx, email: EmailSender, order: ordersRepo.OrderRow, kind: string, label: string, subject: (shop: string) => string, heading: string, paragraphs: string[]) {
  // Settings > Store Info > Notifications: customer emails switched off.
  if (!(await customerEmailsOn(ctx))) return noteSkipped(ctx, order.id, label.toLowerCase());
  const { name: shop, details } = await shopIdentity(ctx);
  const items = await ordersRepo.listItems(ctx, [order.id]);
  const { html, text } = renderEmailLayout({
    shopName: shop,
    store: details,
    heading,
    paragraphs,
    table: { head: ['Item', 'Qty'], rows: items.map((i) => [`${i.productName}${i.variantOptions.length ? ` (${i.variantOptions.map((o) => o.value).join(', ')})` : ''}`, String(i.quantity)]) },
  });
  await email.send(ctx, { tenantId: ctx.tenantId, to: order.customerEmail, subject: subject(shop), html, text, kind, orderId: order.id });
  await ordersRepo.addEvent(ctx, order.id, 'email_sent', `${label} emailed to ${order.customerEmail}`, { kind });
}

const greeting = (order: ordersRepo.OrderRow) => `Hello ${order.shippingAddress.first_name},`;

export function sendShippedEmail(ctx: TenantCtx, email: EmailSender, order: ordersRepo.OrderRow, trackingReference: string) {
  const a = order.shippingAddress;
  return notify(ctx, email, order, 'order_shipped', 'Shipping notice', (shop) => `${shop}: order ${order.orderNumber} has shipped`, 'Your order is on its way', [
    greeting(order),
    `Your order ${order.orderNumber} has been sent by ${order.shippingMethodName}.`,
    `Tracking reference: ${trackingReference}`,
    `${orderDeliveryPromise(order)}.`,
    `Delivering to:\n${[`${a.first_name} ${a.last_name}`, a.company, a.line1, a.line2, a.city, a.postcode].filter(Boolean).join('\n')}`,
  ]);
}

export function sendCancelledEmail(ctx: TenantCtx, email: EmailSender, order: ordersRepo.OrderRow) {
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
  const left = order.totalAmount - order.refundedAmount;
  return notify(ctx, email, order, 'order_cancelled', 'Cancellation notice', (shop) => `${shop}: order ${order.orderNumber} has been cancelled`, 'Your order has been cancelled', [
    greeting(order),
    `Your order ${order.orderNumber} has been cancelled and will not be sent.`,
    paid
      ? `We will let you know separately when the ${money(left)} you paid is refunded. Refunds reach your account within 5-7 business days.`
      : 'You have not been charged for this order.',
  ]);
}

export function sendRefundEmail(ctx: StoreCtx, email: EmailSender, order: ordersRepo.OrderRow, amount: number) {
  const full = order.refundedAmount >= order.totalAmount;
  return notify(ctx, email, order, 'order_refunded', 'Refund notice', (shop) => `${shop}: refund of ${money(amount)} for order ${order.orderNumber}`, full ? 'Your order has been refunded' : 'We have refunded part of your order', [
    greeting(order),
    `We have refunded ${money(amount)} for order ${order.orderNumber} to your original payment method.`,
    full ? `That is the full ${money(order.totalAmount)} you paid.` : `In all ${money(order.refundedAmount)} of the ${money(order.totalAmount)} you paid has been refunded.`,
    'Refunds reach your account within 5-7 business days.',
  ]);
}
