/**
 * Order statuses as people see them (no zod here: the storefront bundle imports this), their allowed
 * moves, colours and money/date formats for the admin (admin spec §2, §4, §9; storefront spec §2).
 */
import type { OrderStatus, PaymentStatus } from './orders';

/** Admin spec §3: the statuses an order shows and is filtered by ('completed' is only an old synonym of delivered). */
export const ADMIN_ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

/**
 * Where a person may move an order by hand. Pending means unpaid: payment confirms it, so staff can
 * only cancel it. Refunded is reached through refunds only, never chosen here. Shipped goods cannot be
 * cancelled (they are out of the door), and delivered, cancelled and refunded orders are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  confirmed: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  completed: [],
  cancelled: [],
  refunded: [],
};

export function allowedNextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status] ?? [];
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return allowedNextStatuses(from).includes(to);
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function orderStatusName(status: OrderStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export type StatusTone = 'green' | 'blue' | 'purple' | 'red' | 'neutral';

/**
 * Storefront §2 and admin §4: completed, processing, shipped and cancelled have colours of their own,
 * the rest are neutral. Delivered is this shop's completed state (the admin's 'Completed' counter counts
 * delivered orders), so it wears the completed colour.
 */
export function orderStatusTone(status: OrderStatus): StatusTone {
  switch (status) {
    case 'completed':
    case 'delivered':
      return 'green';
    case 'processing':
      return 'blue';
    case 'shipped':
      return 'purple';
    case 'cancelled':
      return 'red';
    default:
      return 'neutral';
  }
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export function paymentStatusName(status: PaymentStatus): string {
  return PAYMENT_LABELS[status] ?? status;
}

/** Admin spec §9: order totals use £ for GBP, otherwise $, with 2 decimals. */
export function formatOrderTotal(amount: number, currency: string): string {
  const symbol = currency.toUpperCase() === 'GBP' ? '£' : '$';
  const sign = amount < 0 ? '-' : '';
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, pence] = fixed.split('.');
  return `${sign}${symbol}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Admin spec §2: placed_at as 'MMM d, yyyy' ("Mar 3, 2025"), in the viewer's time zone. */
export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** Admin spec §2 counters over one page: Pending; Processing = confirmed, processing or shipped; Completed = delivered. */
export function countOrdersOnPage(orders: readonly { status: OrderStatus }[]): { pending: number; processing: number; completed: number } {
  const count = (...statuses: OrderStatus[]) => orders.filter((o) => statuses.includes(o.status)).length;
  return { pending: count('pending'), processing: count('confirmed', 'processing', 'shipped'), completed: count('delivered', 'completed') };
}
