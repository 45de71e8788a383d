import { penceToPounds } from '../../../../shared/money';
import { allowedNextStatuses, type AdminOrderDetail, type AdminOrderRow, type OrderEventView } from '../../../../shared/admin-orders';
import { adminInvoicePath, toOrderLine } from '../order-view';
import type { RefundedUnits } from '../refunded-lines';
import { storedVatParts, vatPartsView } from '../vat/store-vat';
import { invoiceNumberText } from '../../../../shared/vat';
import type { OrderItemRow, OrderRow } from '../orders-repo';
import type * as repo from './repo';

const pounds = penceToPounds;
const iso = (d: Date | string) => new Date(d).toISOString();

type ListRow = Awaited<ReturnType<typeof repo.listOrders>>['rows'][number];
type EventRow = Awaited<ReturnType<typeof repo.listEvents>>[number];

export function toAdminOrderRow(r: ListRow): AdminOrderRow {
  return {
    id: r.id,
    order_number: r.orderNumber,
    status: r.status,
    payment_status: r.paymentStatus,
    customer_name: r.customerName || null,
    customer_email: r.customerEmail,
    customer_erased: r.erasedAt !== null,
    item_count: Number(r.itemCount),
    currency: r.currency,
    total_amount: pounds(r.totalAmount),
    placed_at: iso(r.placedAt),
  };
}

export const isPaid = (o: OrderRow) => o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded';
/** Pence that can still be refunded: paid, less what is refunded or being refunded. */
export const refundableOf = (o: OrderRow) => (isPaid(o) ? Math.max(o.totalAmount - o.refundedAmount - o.refundPending, 0) : 0);

export function toOrderEvent(e: EventRow): OrderEventView {
  return { id: e.id, type: e.type, message: e.message, actor_email: e.actorEmail ?? null, data: e.data ?? null, created_at: iso(e.createdAt) };
}

/** What refunds by lines have taken of the order (issue 27): units per line, and whether delivery went back. */
export interface RefundsByLine {
  units: ReadonlyMap<string, RefundedUnits>;
  deliveryRefunded: boolean;
}

export function toAdminOrderDetail(o: OrderRow, items: OrderItemRow[], events: EventRow[], emailCount: number, byLine: RefundsByLine): AdminOrderDetail {
  const everPaid = o.paidAt !== null || isPaid(o) || o.paymentStatus === 'refunded';
  return {
    id: o.id,
    order_number: o.orderNumber,
    status: o.status,
    payment_status: o.paymentStatus,
    customer_name: o.customerName || null,
    customer_email: o.customerEmail,
    customer_phone: o.customerPhone,
    customer_erased: o.erasedAt !== null,
    customer_erased_at: o.erasedAt ? iso(o.erasedAt) : null,
    currency: o.currency,
    placed_at: iso(o.placedAt),
    paid_at: o.paidAt ? iso(o.paidAt) : null,
    subtotal: pounds(o.subtotal),
    discount_total: pounds(o.discountTotal),
    discount_code: o.discountCode,
    shipping_discount: pounds(o.shippingDiscount),
    shipping_total: pounds(o.shippingTotal),
    tax_total: pounds(o.taxTotal),
    vat_included: pounds(o.vatIncluded),
    vat_breakdown: vatPartsView(storedVatParts(o.vatBreakdown)),
    invoice_number: o.invoiceNumber === null ? null : invoiceNumberText(o.invoiceNumber),
    invoice_url: o.invoiceNumber === null ? null : adminInvoicePath(o.id),
    total_amount: pounds(o.totalAmount),
    paid_amount: everPaid ? pounds(o.totalAmount) : 0,
    refunded_amount: pounds(o.refundedAmount),
    refund_pending: pounds(o.refundPending),
    refundable_amount: pounds(refundableOf(o)),
    shipping_method: o.shippingMethodName,
    tracking_reference: o.trackingReference,
    shipping_address: o.shippingAddress,
    billing_address: o.billingAddress,
    payment: { provider: o.paymentProvider, status: o.paymentStatus, reference: o.paymentReference, session_id: o.paymentSessionId },
    items: items.map((i) => {
      const units = byLine.units.get(i.id);
      const refundable = isPaid(o) ? Math.max(i.quantity - (units?.settled ?? 0) - (units?.pending ?? 0), 0) : 0;
      return { ...toOrderLine(i, byLine.units), refundable_quantity: refundable };
    }),
    allowed_statuses: [...allowedNextStatuses(o.status)],
    can_refund: refundableOf(o) > 0,
    delivery_refundable: isPaid(o) && o.shippingTotal > 0 && !byLine.deliveryRefunded,
    can_resend_confirmation: isPaid(o) && o.erasedAt === null,
    email_count: emailCount,
    events: events.map(toOrderEvent),
  };
}
