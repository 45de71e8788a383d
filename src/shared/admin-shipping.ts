import { z } from 'zod';
import { SHIPPING_VAT_MODES } from './vat';
import { isWholePence } from './admin-products';
import { optionalText } from './text-schemas';

// Settings > Shipping (issue 13 item 5; the spec shows only a placeholder there): the store's delivery
// options that checkout offers. Amounts in pounds here and in the form, integer pence in the database
// (DESIGN rule 3). Admin-only: imports Zod, so the storefront must not import this file (decision 004).

export const SHIPPING_LIMITS = {
  name: 80,
  description: 200,
  /** Pounds; a delivery charge is far below this. */
  rateMax: 10_000,
  /** Pounds; above the largest order a store can take (MAX_ORDER_TOTAL_PENCE). */
  freeOverMax: 1_000_000,
  daysMin: 1,
  daysMax: 30,
  /** Delivery options per store: checkout lists them all as radio buttons. */
  methods: 50,
} as const;

export const SHIPPING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${SHIPPING_LIMITS.name} characters or fewer`,
  nameTaken: 'Another delivery option already has this name',
  descriptionTooLong: `Description must be ${SHIPPING_LIMITS.description} characters or fewer`,
  flatRateRequired: 'Price is required',
  flatRateType: 'Enter the price in pounds, such as 3.99',
  flatRate: 'Price must be zero or greater',
  flatRateMax: `Price must be below £${SHIPPING_LIMITS.rateMax.toLocaleString('en-GB')}`,
  freeOverType: 'Enter an amount in pounds, such as 100, or leave it blank',
  freeOver: 'Free-over amount must be zero or greater',
  freeOverMax: `Free-over amount must be below £${SHIPPING_LIMITS.freeOverMax.toLocaleString('en-GB')}`,
  pence: 'Use at most 2 decimal places',
  days: `Delivery days must be a whole number from ${SHIPPING_LIMITS.daysMin} to ${SHIPPING_LIMITS.daysMax}`,
  daysOrder: 'The longest delivery time must be at least the shortest',
  active: 'Active must be true or false',
  tooMany: `A store can have up to ${SHIPPING_LIMITS.methods} delivery options`,
  order: 'List every delivery option of the store exactly once',
  notFound: 'Shipping method not found',
} as const;

/** Pounds with at most 2 decimals; `flat_rate` in the API, the option's price in the form. */
const pounds = (messages: { required: string; type: string; negative: string }, max: number, tooBig: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.type) })
    .min(0, messages.negative)
    .lt(max, tooBig)
    .refine(isWholePence, SHIPPING_MESSAGES.pence);

const days = z.number({ error: SHIPPING_MESSAGES.days }).int(SHIPPING_MESSAGES.days).min(SHIPPING_LIMITS.daysMin, SHIPPING_MESSAGES.days).max(SHIPPING_LIMITS.daysMax, SHIPPING_MESSAGES.days);

/**
 * POST /api/admin/shipping-methods and PUT /api/admin/shipping-methods/{id}: the whole option.
 * free_over null (or left out): never free. Delivery days default to the spec's 3-5.
 */
export const shippingMethodBody = z
  .strictObject({
    name: z.string({ error: SHIPPING_MESSAGES.nameRequired }).trim().min(1, SHIPPING_MESSAGES.nameRequired).max(SHIPPING_LIMITS.name, SHIPPING_MESSAGES.nameTooLong),
    description: optionalText(SHIPPING_LIMITS.description, SHIPPING_MESSAGES.descriptionTooLong),
    flat_rate: pounds({ required: SHIPPING_MESSAGES.flatRateRequired, type: SHIPPING_MESSAGES.flatRateType, negative: SHIPPING_MESSAGES.flatRate }, SHIPPING_LIMITS.rateMax, SHIPPING_MESSAGES.flatRateMax),
    free_over: pounds({ required: SHIPPING_MESSAGES.freeOverType, type: SHIPPING_MESSAGES.freeOverType, negative: SHIPPING_MESSAGES.freeOver }, SHIPPING_LIMITS.freeOverMax, SHIPPING_MESSAGES.freeOverMax)
      .nullable()
      .optional(),
    delivery_min_days: days.default(3),
    delivery_max_days: days.default(5),
    is_active: z.boolean({ error: SHIPPING_MESSAGES.active }).default(true),
    /** VAT on the charge (issue 25): standard rate, or the goods' rates split by value. */
    vat_mode: z.enum(SHIPPING_VAT_MODES, { error: 'Choose how VAT applies to this delivery charge' }).default('standard'),
  })
  .superRefine((m, ctx) => {
    if (m.delivery_max_days < m.delivery_min_days) ctx.addIssue({ code: 'custom', path: ['delivery_max_days'], message: SHIPPING_MESSAGES.daysOrder });
  });
export type ShippingMethodBody = z.input<typeof shippingMethodBody>;

/** PUT /api/admin/shipping-methods/{id}/active: switch an option on or off at checkout. */
export const shippingActiveBody = z.strictObject({ is_active: z.boolean({ error: SHIPPING_MESSAGES.active }) });

/** PUT /api/admin/shipping-methods/order: every option's id, in the order checkout lists them. */
export const shippingOrderBody = z.strictObject({
  ids: z.array(z.string().max(64), { error: SHIPPING_MESSAGES.order }).min(1, SHIPPING_MESSAGES.order).max(SHIPPING_LIMITS.methods, SHIPPING_MESSAGES.order),
});

// ---- Responses ----

export const adminShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  flat_rate: z.number(),
  free_over: z.number().nullable(),
  delivery_min_days: z.number(),
  delivery_max_days: z.number(),
  position: z.number(),
  is_active: z.boolean(),
  vat_mode: z.enum(SHIPPING_VAT_MODES),
  /** Orders placed with this option: they keep its name, price and days if it is changed or deleted. */
  order_count: z.number(),
});
export type AdminShippingMethod = z.infer<typeof adminShippingMethodSchema>;

export const adminShippingMethodListResponse = z.object({ shipping_methods: z.array(adminShippingMethodSchema) });
export const adminShippingMethodResponse = z.object({ shipping_method: adminShippingMethodSchema });
