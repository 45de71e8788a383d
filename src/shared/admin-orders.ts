/** Admin orders contracts (admin spec §2 Orders list, §3 Order, §7 GET /api/admin/orders; issue 6). */
import { z } from 'zod';
import type { OrderLine, OrderStatus, PaymentStatus } from './orders';

/** Admin spec §3: the statuses an order shows and is filtered by ('completed' is only an old synonym of delivered). */
export const ADMIN_ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];
export const ORDERS_PAGE_SIZE = 20;

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

// ---- requests ----

export const adminOrdersQuery = z.strictObject({
  page: z.string().max(12).optional(),
  limit: z.string().max(4).optional(),
  status: z.enum(ADMIN_ORDER_STATUSES, { error: 'Choose one of the order statuses' }).optional(),
  search: z.string().max(200).optional(),
});

export const TRACKING_REQUIRED = 'Enter the tracking reference for this shipment';

export const orderStatusInput = z.strictObject({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: 'Choose one of the order statuses' }),
  tracking_reference: z.string().trim().max(100, 'Keep the tracking reference to 100 characters').optional(),
});
export type OrderStatusInput = z.infer<typeof orderStatusInput>;

/** Pounds with at most 2 decimals (checked in whole pence, so 0.1 + 0.2 style errors cannot slip by). */
export const refundAmount = z
  .number({ error: 'Enter the amount to refund' })
  .refine((n) => Number.isFinite(n), 'Enter the amount to refund')
  .refine((n) => n > 0, 'The refund must be more than £0.00')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most 2 decimal places')
  .refine((n) => n <= 1_000_000, 'That amount is too large');

export const refundInput = z.strictObject({
  amount: refundAmount,
  reason: z.string().trim().max(500, 'Keep the reason to 500 characters').optional(),
});
export type RefundInput = z.infer<typeof refundInput>;

export const NOTE_MAX = 2000;
export const orderNoteInput = z.strictObject({
  body: z.string({ error: 'Write a note' }).trim().min(1, 'Write a note').max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`),
});
export type OrderNoteInput = z.infer<typeof orderNoteInput>;

// ---- responses ----

/** A postal address as the checkout collected it. */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postcode: string;
  country: string;
  phone: string | null;
}

export interface AdminOrderRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  customer_name: string | null;
  customer_email: string;
  /** How many lines the order has (admin spec §2: count of order_items). */
  item_count: number;
  currency: string;
  total_amount: number;
  placed_at: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface AdminOrderPage {
  orders: AdminOrderRow[];
  pagination: Pagination;
}

export interface OrderEventView {
  id: string;
  type: string;
  message: string;
  /** Who did it: a signed-in person's email, or null for the shop itself (payments, timers). */
  actor_email: string | null;
  data: Record<string, unknown> | null;
  created_at: string;
}

export interface AdminOrderDetail {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  customer_name: string | null;
  customer_email: string;
  customer_phone: string | null;
  currency: string;
  placed_at: string;
  paid_at: string | null;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  vat_included: number;
  total_amount: number;
  /** What the customer paid (0 until paid). */
  paid_amount: number;
  refunded_amount: number;
  /** Refunds asked of the provider and not yet answered. */
  refund_pending: number;
  /** What can still be refunded now. */
  refundable_amount: number;
  shipping_method: string;
  tracking_reference: string | null;
  shipping_address: OrderAddress;
  billing_address: OrderAddress;
  payment: { provider: string; status: PaymentStatus; reference: string | null; session_id: string | null };
  items: OrderLine[];
  allowed_statuses: OrderStatus[];
  can_refund: boolean;
  can_resend_confirmation: boolean;
  email_count: number;
  /** Newest first. */
  events: OrderEventView[];
}
