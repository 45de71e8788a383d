import { z } from 'zod';
import { VAT_RATES } from './vat';

// Zod response schemas for checkout and the shopper's order views (storefront spec §3 Order, §7).
// Kept apart from orders.ts, address.ts and cart.ts, which the storefront imports without Zod: they take
// their types from here through type-only imports, which the bundler drops.

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed', 'expired', 'partially_refunded', 'refunded'] as const;

export const nameValueSchema = z.object({ name: z.string(), value: z.string() });

/** One VAT rate's part of a basket or order (issue 25); pounds. Empty list: the store charges no VAT. */
export const vatPartViewSchema = z.object({
  rate: z.enum(VAT_RATES),
  /** "20%", "5%", "0%" or "Exempt". */
  label: z.string(),
  gross: z.number(),
  net: z.number(),
  vat: z.number(),
});

/** A postal address as the checkout collects it and an order keeps it (orders.shipping_address, billing_address). */
export const postalAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});

/** A picture's pixel size and its resized copies' widths, once made (decision 052). */
export const pictureSizeSchema = z.object({ width: z.number().int(), height: z.number().int(), widths: z.array(z.number().int()) });

/** One line of an order; amounts in pounds. */
export const orderLineSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  product_sku: z.string(),
  product_slug: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The picture's size and resized copies (issue 29), for a small copy in place of the original. */
  image_size: pictureSizeSchema.nullable(),
  variant_options: z.array(nameValueSchema),
  quantity: z.number(),
  unit_price: z.number(),
  total_amount: z.number(),
  /** The line's share of the order's discount (issue 28): the shopper paid total_amount less this. */
  discount_amount: z.number(),
  /** The line's VAT rate and the VAT inside what was paid for it; null rate: the store charged no VAT. */
  vat_rate: z.enum(VAT_RATES).nullable(),
  vat_amount: z.number(),
  /** How many of its units the shop has refunded by line (issue 27). */
  refunded_quantity: z.number(),
});

/** What a shopper may see of their order (success page, My orders); amounts in pounds. */
export const orderSummarySchema = z.object({
  order_number: z.string(),
  customer_name: z.string(),
  currency: z.string(),
  placed_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_amount: z.number(),
  subtotal: z.number(),
  discount_total: z.number(),
  /** The discount code the order was placed with (issue 28); null: none. */
  discount_code: z.string().nullable(),
  /** The delivery charge a free-delivery code waived (pounds); shipping_total is then 0. */
  shipping_discount: z.number(),
  shipping_total: z.number(),
  tax_total: z.number(),
  vat_included: z.number(),
  /** VAT by rate, goods and delivery together; empty when the store charged no VAT. */
  vat_breakdown: z.array(vatPartViewSchema),
  /** The VAT receipt (or receipt) number, once paid; its PDF is receipt_url. */
  invoice_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  shipping_method: z.string(),
  /** The chosen method's delivery time in business days, as it stood when the order was placed. */
  delivery_min_days: z.number(),
  delivery_max_days: z.number(),
  /**
   * Where the shopper pays: only while the order is awaiting payment and its payment session is still
   * open (My orders' Pay now); null otherwise.
   */
  payment_url: z.string().nullable(),
  /** Until when an order awaiting payment holds its stock (then it is cancelled); null otherwise. */
  pay_by: z.string().nullable(),
  /** The carrier's reference once the shop has shipped the order. */
  tracking_reference: z.string().nullable(),
  /** What the shop has refunded so far (pounds). */
  refunded_amount: z.number(),
  items: z.array(orderLineSchema),
  /** The same lines under the name the my-orders list uses. */
  order_items: z.array(orderLineSchema),
});

/** One refund the shop made (issue 27): when, how much, and the lines it gave back (none for an amount alone). */
export const shopperRefundSchema = z.object({
  refunded_at: z.string(),
  amount: z.number(),
  lines: z.array(z.object({ product_name: z.string(), quantity: z.number() })),
  /** The delivery charge was given back with the lines. */
  delivery: z.boolean(),
});

/** The signed-in customer's own order page (issue 27): the summary, the delivery address and each refund. */
export const accountOrderSchema = orderSummarySchema.extend({
  shipping_address: postalAddressSchema,
  refunds: z.array(shopperRefundSchema),
});

/** POST /api/checkout: where to pay. */
export const checkoutResponse = z.object({ url: z.string(), order_number: z.string(), session_id: z.string() });
/** GET /api/orders/public-lookup */
export const publicOrderResponse = z.object({ order: orderSummarySchema });
/** GET /api/account/orders */
export const accountOrdersResponse = z.object({ orders: z.array(orderSummarySchema) });
/** GET /api/account/orders/{order_number} */
export const accountOrderResponse = z.object({ order: accountOrderSchema });
/** POST /api/account/orders/{order_number}/cancel and POST /api/account/claim-orders: words to show. */
export const shopperMessageResponse = z.object({ message: z.string() });
/** POST /api/account/claim-orders/confirm */
export const claimConfirmedResponse = z.object({ claimed: z.number(), message: z.string() });
/** POST /api/webhooks/payments/{provider}: what became of the event (a repeat is a duplicate, not an error). */
/** refunded: a payment the shop does not keep (a second one, or not the amount due) is being refunded (decision 029). */
export const webhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored', 'refunded']) });
