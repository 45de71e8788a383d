import type { OrderStatus, PaymentStatus } from '@shared/orders';
import { orderStatusName } from '@shared/order-status';

/** What the shopper reads: a pending order that has not been paid is waiting on them, not the shop. */
export function orderStatusLabel(status: OrderStatus, paymentStatus: PaymentStatus): string {
  if (status === 'pending' && paymentStatus === 'unpaid') return 'Awaiting payment';
  return orderStatusName(status);
}

// One colour rule for the shop and its admin (storefront spec §2, admin spec §4).
export { orderStatusTone, type StatusTone } from '@shared/order-status';

/** The order can be shown as placed: paid (or paid once and since refunded), or moved on by the shop. */
export function isOrderPlaced(order: { status: OrderStatus; payment_status: PaymentStatus }): boolean {
  return order.payment_status !== 'unpaid' && order.payment_status !== 'failed' && order.payment_status !== 'expired';
}

/** The payment session ended without paying (cancelled, declined to the end, or timed out). */
export function isPaymentAbandoned(order: { payment_status: PaymentStatus }): boolean {
  return order.payment_status === 'failed' || order.payment_status === 'expired';
}

const placedDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "3 March 2025" (storefront spec §9: locale en-GB). */
export function formatPlacedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : placedDate.format(date);
}
