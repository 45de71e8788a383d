import { z } from 'zod';
import { isWholePence } from './admin-products';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, DISCOUNT_SCOPES, DISCOUNT_STATUSES, type DiscountKind } from './discounts';
import { isUuid } from './ids';
import { paginationSchema } from './pagination';

// Admin > Discounts (issue 28 item 1): the admin's discount codes. Amounts in pounds here and in the
// form, integer pence in the database (DESIGN rule 3). Admin-only: imports Zod, so the storefront must
// not import this file (decision 004); the words shoppers see are in discounts.ts.

export const DISCOUNT_LIMITS = {
  codeMin: 3,
  codeMax: 32,
  /** Pounds: a fixed amount off, and a minimum spend, stay below the largest order (MAX_ORDER_TOTAL_PENCE). */
  poundsMax: 1_000_000,
  usageLimitMax: 1_000_000,
  /** Products, and categories, one code may apply to. */
  targetsMax: 500,
  /** The list's search: longer than any code, so anything longer matches nothing. */
  searchMax: 64,
  pageSize: 25,
} as const;

export const DISCOUNT_MESSAGES = {
  codeRequired: 'Enter a code',
  codeLength: `Use ${DISCOUNT_LIMITS.codeMin} to ${DISCOUNT_LIMITS.codeMax} characters`,
  codeCharacters: 'Use only letters A-Z, digits 0-9, hyphens (-) and underscores (_), with no spaces',
  codeTaken: 'Another discount code in this store already uses this code',
  kind: 'Choose percentage off, amount off or free delivery',
  percentage: 'Enter a whole percentage from 1 to 100',
  amountRequired: 'Enter the amount off in pounds, such as 5 or 4.99',
  amount: 'The amount off must be more than £0',
  amountMax: `The amount off must be below £${DISCOUNT_LIMITS.poundsMax.toLocaleString('en-GB')}`,
  pence: 'Use at most 2 decimal places',
  freeDeliveryValue: 'Free delivery takes no amount: leave it empty',
  appliesTo: 'Choose whether the code applies to the whole order or to chosen products and categories',
  targetsRequired: 'Choose at least one product or category',
  products: 'Choose products from the list',
  categories: 'Choose categories from the list',
  productsTooMany: `Choose at most ${DISCOUNT_LIMITS.targetsMax} products`,
  categoriesTooMany: `Choose at most ${DISCOUNT_LIMITS.targetsMax} categories`,
  productUnknown: 'One of the chosen products is no longer in this store: remove it and save again',
  categoryUnknown: 'One of the chosen categories is no longer in this store: remove it and save again',
  minSubtotal: 'Enter a minimum spend of £0 or more, or leave it empty',
  minSubtotalMax: `The minimum spend must be below £${DISCOUNT_LIMITS.poundsMax.toLocaleString('en-GB')}`,
  startsAt: 'Enter the start as a date and time, or leave it empty',
  endsAt: 'Enter the end as a date and time, or leave it empty',
  endsBeforeStarts: 'The end must be after the start',
  usageLimit: `Enter a whole number from 1 to ${DISCOUNT_LIMITS.usageLimitMax.toLocaleString('en-GB')}, or leave it empty for no limit`,
  oncePerCustomer: 'One use per customer must be true or false',
  isActive: 'Active must be true or false',
  search: `Search with at most ${DISCOUNT_LIMITS.searchMax} characters`,
  status: 'Choose one of the statuses',
  notFound: 'Discount code not found',
  switchedOffInstead: 'This code has been used, so it was switched off instead of deleted: orders keep their copy and its uses still count.',
} as const;

/** Pounds with at most 2 decimals, above 0 (an amount off) or from 0 (a minimum spend), below £1,000,000. */
const pounds = (messages: { type: string; low: string; max: string }, above: boolean) =>
  z
    .number({ error: messages.type })
    .refine((n) => (above ? n > 0 : n >= 0), messages.low)
    .refine((n) => n < DISCOUNT_LIMITS.poundsMax, messages.max)
    .refine(isWholePence, DISCOUNT_MESSAGES.pence);

/**
 * Chosen ids: each a uuid, at most 500; one message on the whole field (never "product_ids.37"). The
 * store's own products and categories are checked by the server, which alone knows them.
 */
const ids = (message: string, tooMany: string) =>
  z
    .array(z.unknown(), { error: message })
    .max(DISCOUNT_LIMITS.targetsMax, tooMany)
    .refine((list) => list.every((id) => typeof id === 'string' && id.length <= 64 && isUuid(id)), message)
    .transform((list) => [...new Set((list as string[]).map((id) => id.toLowerCase()))]);

const ISO_INSTANT = z.iso.datetime({ offset: true });

/** An ISO date-time with its offset ("2026-12-01T09:00:00.000Z"), or null / left out: none. */
const instant = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .refine((v) => ISO_INSTANT.safeParse(v).success && !Number.isNaN(Date.parse(v)), message)
    .nullable()
    .optional();

/** What is wrong with a code's value for its kind, in that kind's words; null: nothing. */
export function valueProblem(kind: DiscountKind, value: unknown): string | null {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (kind === 'percentage') return n === null || !Number.isInteger(n) || n < 1 || n > 100 ? DISCOUNT_MESSAGES.percentage : null;
  if (kind === 'fixed') {
    if (n === null) return DISCOUNT_MESSAGES.amountRequired;
    if (n <= 0) return DISCOUNT_MESSAGES.amount;
    if (n >= DISCOUNT_LIMITS.poundsMax) return DISCOUNT_MESSAGES.amountMax;
    return isWholePence(n) ? null : DISCOUNT_MESSAGES.pence;
  }
  return value === undefined || value === null || value === 0 ? null : DISCOUNT_MESSAGES.freeDeliveryValue;
}

/**
 * POST /api/admin/discounts and PUT /api/admin/discounts/{id}: the whole code. `value`: the percentage
 * (whole, 1-100) for 'percentage', pounds for 'fixed', none (0, null or left out) for 'free_delivery'.
 * `code` is trimmed and upper-cased before it is checked: "spring20 " is SPRING20.
 */
export const discountBody = z
  .strictObject({
    code: z
      .string({ error: DISCOUNT_MESSAGES.codeRequired })
      .max(200, DISCOUNT_MESSAGES.codeLength)
      .trim()
      .toUpperCase()
      .min(1, DISCOUNT_MESSAGES.codeRequired)
      .refine((c) => c.length >= DISCOUNT_LIMITS.codeMin && c.length <= DISCOUNT_LIMITS.codeMax, DISCOUNT_MESSAGES.codeLength)
      .refine((c) => c.length < DISCOUNT_LIMITS.codeMin || c.length > DISCOUNT_LIMITS.codeMax || DISCOUNT_CODE_PATTERN.test(c), DISCOUNT_MESSAGES.codeCharacters),
    kind: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_MESSAGES.kind }),
    // Checked below, with the words of the code's kind.
    value: z.unknown().optional(),
    applies_to: z.enum(DISCOUNT_SCOPES, { error: DISCOUNT_MESSAGES.appliesTo }).default('order'),
    product_ids: ids(DISCOUNT_MESSAGES.products, DISCOUNT_MESSAGES.productsTooMany).default([]),
    category_ids: ids(DISCOUNT_MESSAGES.categories, DISCOUNT_MESSAGES.categoriesTooMany).default([]),
    min_subtotal: pounds({ type: DISCOUNT_MESSAGES.minSubtotal, low: DISCOUNT_MESSAGES.minSubtotal, max: DISCOUNT_MESSAGES.minSubtotalMax }, false).nullable().optional(),
    starts_at: instant(DISCOUNT_MESSAGES.startsAt),
    ends_at: instant(DISCOUNT_MESSAGES.endsAt),
    usage_limit: z
      .number({ error: DISCOUNT_MESSAGES.usageLimit })
      .int(DISCOUNT_MESSAGES.usageLimit)
      .min(1, DISCOUNT_MESSAGES.usageLimit)
      .max(DISCOUNT_LIMITS.usageLimitMax, DISCOUNT_MESSAGES.usageLimit)
      .nullable()
      .optional(),
    once_per_customer: z.boolean({ error: DISCOUNT_MESSAGES.oncePerCustomer }).default(false),
    is_active: z.boolean({ error: DISCOUNT_MESSAGES.isActive }).default(true),
  })
  .superRefine((d, ctx) => {
    const problem = valueProblem(d.kind, d.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    if (d.applies_to === 'items' && d.product_ids.length === 0 && d.category_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['product_ids'], message: DISCOUNT_MESSAGES.targetsRequired });
    }
    if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: DISCOUNT_MESSAGES.endsBeforeStarts });
    }
  })
  // Checked above: a number for a percentage or an amount, none for free delivery.
  .transform((d) => ({ ...d, value: typeof d.value === 'number' ? d.value : 0 }));
export type DiscountBody = Omit<z.input<typeof discountBody>, 'value'> & { value?: number | null };
export type DiscountInput = z.output<typeof discountBody>;

/** PUT /api/admin/discounts/{id}/active: switch a code off or on. */
export const discountActiveBody = z.strictObject({ is_active: z.boolean({ error: DISCOUNT_MESSAGES.isActive }) });

/** GET /api/admin/discounts: newest first, 25 a page; `q` searches the code, `status` filters. */
export const discountListQuery = z.strictObject({
  q: z.string({ error: DISCOUNT_MESSAGES.search }).max(DISCOUNT_LIMITS.searchMax, DISCOUNT_MESSAGES.search).optional(),
  status: z.enum([...DISCOUNT_STATUSES, 'all'], { error: DISCOUNT_MESSAGES.status }).optional(),
  page: z.string().max(12).optional(),
});
export type DiscountListQuery = z.infer<typeof discountListQuery>;

// ---- Responses ----

export const adminDiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** The percentage, or pounds for 'fixed', 0 for 'free_delivery'. */
  value: z.number(),
  applies_to: z.enum(DISCOUNT_SCOPES),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
  /** Pounds; null: no minimum. */
  min_subtotal: z.number().nullable(),
  /** ISO, UTC. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  once_per_customer: z.boolean(),
  is_active: z.boolean(),
  /** Uses held by checkouts awaiting payment and used by paid orders. */
  uses: z.number(),
  status: z.enum(DISCOUNT_STATUSES),
  /** Paid orders with the code, their sales (pounds) and the discount given, delivery waived included (pounds). */
  orders: z.number(),
  sales: z.number(),
  discount_given: z.number(),
  created_at: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

/** A chosen product or category as the form shows it; those deleted since are left out. */
const targetSchema = z.object({ id: z.string(), name: z.string() });

/** One code with the names of the products and categories it applies to (the form's pickers). */
export const adminDiscountDetailSchema = adminDiscountSchema.extend({ products: z.array(targetSchema), categories: z.array(targetSchema) });
export type AdminDiscountDetail = z.infer<typeof adminDiscountDetailSchema>;

export const adminDiscountListResponse = z.object({ discounts: z.array(adminDiscountSchema), pagination: paginationSchema });
export type AdminDiscountList = z.infer<typeof adminDiscountListResponse>;
export const adminDiscountResponse = z.object({ discount: adminDiscountDetailSchema });
/** DELETE of a code that was used: switched off instead (200); one never used is deleted (204). */
export const adminDiscountSwitchedOffResponse = z.object({ discount: adminDiscountDetailSchema, switched_off: z.literal(true) });
