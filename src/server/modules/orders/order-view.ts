import { penceToPounds } from '../../../shared/money';
import type { OrderLine, OrderSummary } from '../../../shared/orders';
import type { OrderItemRow, OrderRow } from './orders-repo';
import { isAwaitingPayment } from './lifecycle';
import { paymentPagePath } from './checkout-holds';
import { storedVatParts, vatPartsView } from './vat/store-vat';
import { invoiceNumberText } from '../../../shared/vat';
import type { PictureSize } from '../media';

/** Where a shopper downloads an order's receipt (GET, same access as looking the order up by number). */
export const receiptPath = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}/receipt.pdf`;
/** Where staff download an order's VAT invoice. */
export const adminInvoicePath = (orderId: string) => `/api/admin/orders/${orderId}/invoice.pdf`;

const pounds = penceToPounds;

/** Units of each line refunded by line, keyed by line id (refunded-lines.ts); absent: none. */
export type RefundedByLine = ReadonlyMap<string, { settled: number }>;
/** Pictures' sizes and resized copies by URL (media's pictureSizes); absent: the original is shown. */
export type PictureSizesByUrl = ReadonlyMap<string, PictureSize>;

export function toOrderLine(i: OrderItemRow, refunded?: RefundedByLine, pictures?: PictureSizesByUrl): OrderLine {
  return {
    id: i.id,
    product_name: i.productName,
    product_sku: i.productSku,
    product_slug: i.productSlug,
    image_url: i.imageUrl,
    image_size: (i.imageUrl && pictures?.get(i.imageUrl)) || null,
    variant_options: i.variantOptions,
    quantity: i.quantity,
    unit_price: pounds(i.unitPrice),
    total_amount: pounds(i.totalAmount),
    discount_amount: pounds(i.discountAmount),
    vat_rate: i.vatRate,
    vat_amount: pounds(i.vatAmount),
    refunded_quantity: refunded?.get(i.id)?.settled ?? 0,
  };
}

/** What a shopper may see of their order: no addresses or internal references beyond their own name. */
export function toOrderSummary(o: OrderRow, items: OrderItemRow[], refunded?: RefundedByLine, pictures?: PictureSizesByUrl, now = new Date()): OrderSummary {
  const lines = items.filter((i) => i.orderId === o.id).map((i) => toOrderLine(i, refunded, pictures));
  const awaiting = isAwaitingPayment(o, now);
  return {
    order_number: o.orderNumber,
    customer_name: o.customerName,
    currency: o.currency,
    placed_at: o.placedAt.toISOString(),
    status: o.status,
    payment_status: o.paymentStatus,
    total_amount: pounds(o.totalAmount),
    subtotal: pounds(o.subtotal),
    discount_total: pounds(o.discountTotal),
    discount_code: o.discountCode,
    shipping_discount: pounds(o.shippingDiscount),
    shipping_total: pounds(o.shippingTotal),
    tax_total: pounds(o.taxTotal),
    vat_included: pounds(o.vatIncluded),
    vat_breakdown: vatPartsView(storedVatParts(o.vatBreakdown)),
    invoice_number: o.invoiceNumber === null ? null : invoiceNumberText(o.invoiceNumber),
    // The PDF is answered to whoever may look the order up (its browser or its account), as this view.
    receipt_url: o.invoiceNumber === null ? null : receiptPath(o.orderNumber),
    shipping_method: o.shippingMethodName,
    delivery_min_days: o.deliveryMinDays,
    delivery_max_days: o.deliveryMaxDays,
    // Through the store's own payment page, which gives the hold its full length (decision 033).
    payment_url: awaiting && o.paymentUrl && o.paymentSessionId ? paymentPagePath(o.paymentSessionId) : null,
    pay_by: awaiting ? o.reservationExpiresAt.toISOString() : null,
    tracking_reference: o.trackingReference,
    refunded_amount: pounds(o.refundedAmount),
    items: lines,
    order_items: lines,
  };
}
