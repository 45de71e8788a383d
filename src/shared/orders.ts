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
export const ORDER_DELIVERY_TEXT = 'Delivery takes 3-5 business days';
