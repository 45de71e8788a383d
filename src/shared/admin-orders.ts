/** Admin orders contracts (admin spec §2 Orders list, §3 Order, §7 GET /api/admin/orders; issue 6). */
import { z } from 'zod';
import { isSafeText } from './safe-text';
import { isUuid } from './ids';
import type { PostalAddress } from './address';
import { ORDER_STATUSES, PAYMENT_STATUSES, orderLineSchema, postalAddressSchema, vatPartViewSchema } from './order-schemas';
import { paginationSchema } from './pagination';
import { ADMIN_ORDER_STATUSES } from './order-status';

export * from './order-status';
export const ORDERS_PAGE_SIZE = 20;

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
  // A tiny positive amount (1e-9) passes the check above and the decimals one, yet is no penny at all:
  // 0 pence must never reach the books or the provider (it answered 500).
  .refine((n) => Math.round(n * 100) >= 1, 'The refund must be at least £0.01')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most 2 decimal places')
  .refine((n) => n <= 1_000_000, 'That amount is too large');

/**
 * Control characters (other than tab and line breaks, which a textarea sends), NUL and unpaired UTF-16
 * surrogates (isSafeText): the reason goes to the payment provider and into the order's timeline (text
 * and JSON), so it is checked before the provider is ever asked (issue 11).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const fitForReason = (text: string) => isSafeText(text) && !CONTROL_CHARACTER.test(text);
export const REFUND_REASON_MAX = 500;

/** Lines one refund may name: more than any order has (a cart holds far fewer). */
export const REFUND_LINES_MAX = 200;
/** Units of one line: more than any line has (a cart line holds at most 999). */
export const REFUND_QUANTITY_MAX = 100_000;
export const CHOOSE_REFUND_ITEMS = 'Choose at least one item to refund';

/** One order line in a refund by lines (issue 27): how many of its units, and whether they go back in stock. */
export const refundLineInput = z.strictObject({
  id: z.string({ error: 'Choose a line of this order' }).refine(isUuid, 'Choose a line of this order'),
  quantity: z
    .number({ error: 'Enter how many to refund' })
    .int('Enter a whole number')
    .min(0, 'Enter 0 or more')
    .max(REFUND_QUANTITY_MAX, 'That is more than the order has'),
  restock: z.boolean({ error: 'Choose whether it goes back in stock' }).optional(),
});
export type RefundLineInput = z.infer<typeof refundLineInput>;

/**
 * POST /api/admin/orders/{id}/refunds. An amount alone, or lines (issue 27): then the server works the
 * amount out from the order's own prices, and `amount`, when given, may only lower it. `key` names the
 * request, so sending it again (a lost answer) can never refund twice.
 */
export const refundInput = z
  .strictObject({
    amount: refundAmount.optional(),
    reason: z
      .string({ error: 'Write the reason as text' })
      .trim()
      .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters`)
      .refine(fitForReason, 'Use only letters, numbers and punctuation in the reason')
      .optional(),
    lines: z.array(refundLineInput, { error: 'Choose the items to refund' }).max(REFUND_LINES_MAX, 'Too many lines').optional(),
    /** Give the delivery charge back too (with lines, or on its own). */
    delivery: z.boolean({ error: 'Choose whether delivery is refunded' }).optional(),
    key: z.string({ error: 'The request key is not valid' }).refine(isUuid, 'The request key is not valid').optional(),
  })
  .superRefine((input, issues) => {
    const byLines = input.lines !== undefined || input.delivery !== undefined;
    if (!byLines && input.amount === undefined) issues.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount to refund' });
    if (byLines && !input.delivery && !(input.lines ?? []).some((l) => l.quantity > 0)) issues.addIssue({ code: 'custom', path: ['lines'], message: CHOOSE_REFUND_ITEMS });
    const seen = new Set<string>();
    (input.lines ?? []).forEach((line, i) => {
      if (seen.has(line.id)) issues.addIssue({ code: 'custom', path: ['lines', i, 'id'], message: 'Each line once' });
      seen.add(line.id);
    });
  });
export type RefundInput = z.infer<typeof refundInput>;

export const NOTE_MAX = 2000;
export const orderNoteInput = z.strictObject({
  body: z.string({ error: 'Write a note' }).trim().min(1, 'Write a note').max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`),
});
export type OrderNoteInput = z.infer<typeof orderNoteInput>;

// ---- responses ----

/** A postal address as the checkout collected it. */
export type OrderAddress = PostalAddress;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  customer_name: z.string().nullable(),
  customer_email: z.string(),
  /** The customer's data was erased (UK GDPR, issue 26): no name, email or address is left. */
  customer_erased: z.boolean(),
  /** How many lines the order has (admin spec §2: count of order_items). */
  item_count: z.number(),
  currency: z.string(),
  total_amount: z.number(),
  placed_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export type { Pagination } from './pagination';

/** GET /api/admin/orders */
export const adminOrderPageResponse = z.object({ orders: z.array(adminOrderRowSchema), pagination: paginationSchema });
export type AdminOrderPage = z.infer<typeof adminOrderPageResponse>;

export const orderEventViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  /** Who did it: a signed-in person's email, or null for the shop itself (payments, timers). */
  actor_email: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type OrderEventView = z.infer<typeof orderEventViewSchema>;

/** The details share the list row's fields (all but the line count) and add the rest. */
export const adminOrderDetailSchema = adminOrderRowSchema.omit({ item_count: true }).extend({
  customer_phone: z.string().nullable(),
  /** When the customer's data was erased (issue 26); the order keeps its amounts, VAT and lines. */
  customer_erased_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  subtotal: z.number(),
  discount_total: z.number(),
  /** The discount code the order was placed with (issue 28), as the shopper saw it; null: none. */
  discount_code: z.string().nullable(),
  /** The delivery charge a free-delivery code waived (pounds); shipping_total is then 0. */
  shipping_discount: z.number(),
  shipping_total: z.number(),
  tax_total: z.number(),
  vat_included: z.number(),
  vat_breakdown: z.array(vatPartViewSchema),
  /** The VAT invoice (or receipt) number, once paid; its PDF is invoice_url. */
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
  /** What the customer paid (0 until paid). */
  paid_amount: z.number(),
  refunded_amount: z.number(),
  /** Refunds asked of the provider and not yet answered. */
  refund_pending: z.number(),
  /** What can still be refunded now. */
  refundable_amount: z.number(),
  shipping_method: z.string(),
  tracking_reference: z.string().nullable(),
  shipping_address: postalAddressSchema,
  billing_address: postalAddressSchema,
  payment: z.object({ provider: z.string(), status: z.enum(PAYMENT_STATUSES), reference: z.string().nullable(), session_id: z.string().nullable() }),
  /** Each line with how many of its units can still be refunded by line (none while being refunded). */
  items: z.array(orderLineSchema.extend({ refundable_quantity: z.number() })),
  allowed_statuses: z.array(z.enum(ORDER_STATUSES)),
  can_refund: z.boolean(),
  /** The delivery charge can still be refunded with lines (it is given back once). */
  delivery_refundable: z.boolean(),
  can_resend_confirmation: z.boolean(),
  email_count: z.number(),
  /** Newest first. */
  events: z.array(orderEventViewSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
/** GET /api/admin/orders/{id} and every change (status, refund, note, resend): the fresh details. */
export const adminOrderDetailResponse = z.object({ order: adminOrderDetailSchema });
