/** Order contracts (storefront spec §3 Order). Amounts in pounds at the API edge. */
import type { NameValue } from './catalog';

export type OrderStatus = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'completed' | 'cancelled' | 'refunded';
export type PaymentStatus = 'unpaid' | 'paid' | 'failed' | 'expired' | 'partially_refunded' | 'refunded';

export interface OrderLine {
  id: string;
  product_name: string;
  product_sku: string;
  product_slug: string | null;
  image_url: string | null;
  variant_options: NameValue[];
  quantity: number;
  unit_price: number;
  total_amount: number;
}

export interface OrderSummary {
  order_number: string;
  customer_name: string;
  currency: string;
  placed_at: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total_amount: number;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  vat_included: number;
  shipping_method: string;
  /** The chosen method's delivery time in business days, as it stood when the order was placed. */
  delivery_min_days: number;
  delivery_max_days: number;
  /**
   * Where the shopper pays: only while the order is awaiting payment and its payment session is still
   * open (My orders' Pay now); null otherwise.
   */
  payment_url: string | null;
  /** Until when an order awaiting payment holds its stock (then it is cancelled); null otherwise. */
  pay_by: string | null;
  /** The carrier's reference once the shop has shipped the order. */
  tracking_reference: string | null;
  /** What the shop has refunded so far (pounds). */
  refunded_amount: number;
  items: OrderLine[];
  /** The same lines under the name the my-orders list uses. */
  order_items: OrderLine[];
}

/** Storefront spec §2 (Order success): the promises shown once an order is placed. */
export const ORDER_PROCESSING_TEXT = 'Orders are processed within 1-2 business days';
/** The spec's delivery promise: Standard Delivery's, and any method's that states no other time. */
export const ORDER_DELIVERY_TEXT = 'Delivery takes 3-5 business days';

/** How many business days a delivery method takes, from dispatch (1 to 1 is next business day). */
export interface DeliveryDays {
  delivery_min_days: number;
  delivery_max_days: number;
}

/** Beside a delivery option: "3-5 business days", "Next business day", "2 business days". */
export function deliveryEstimate({ delivery_min_days: min, delivery_max_days: max }: DeliveryDays): string {
  if (max <= 1) return 'Next business day';
  return min >= max ? `${max} business days` : `${min}-${max} business days`;
}

/** The order's delivery promise on the success page and in emails, for the method the shopper chose. */
export function deliveryPromise(days: DeliveryDays): string {
  if (days.delivery_max_days <= 1) return 'Delivery on the next business day';
  return `Delivery takes ${deliveryEstimate(days)}`;
}
