import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS, DISCOUNT_SCOPES, REDEMPTION_STATES } from '../../../shared/discounts';
import { createdAt, tenantId, updatedAt } from './columns';

// Tables of the discounts module (src/server/modules/discounts, issue 28): a store's discount codes
// and each use of one by a checkout. Orders keep their own copy of the code and the amounts.

/**
 * A discount code. `code` is stored as typed in upper case and unique per store. `value`: the percentage
 * (1-100) for 'percentage', pence for 'fixed', unused (0) for 'free_delivery'. `uses` counts the
 * redemptions that are held or used, kept by the same statement that takes or gives one back, so the
 * limit is one conditional update (no count under a race).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    value: integer('value').notNull().default(0),
    /** 'order': every line; 'items': only the chosen products and the products in the chosen categories. */
    appliesTo: text('applies_to', { enum: DISCOUNT_SCOPES }).notNull().default('order'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Pence of goods (before the discount) the cart must reach; null: none. */
    minSubtotal: integer('min_subtotal'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.tenantId, sql`upper(${t.code})`),
    // The shop's look-up: codes are kept in upper case (the check below), so a typed code upper-cased
    // matches the column itself, which row-level security lets an index find (upper() is not leakproof).
    index('discount_codes_code_idx').on(t.tenantId, t.code),
    index('discount_codes_tenant_idx').on(t.tenantId, t.createdAt),
    check('discount_codes_kind_check', sql`kind in ('percentage', 'fixed', 'free_delivery')`),
    check('discount_codes_applies_check', sql`applies_to in ('order', 'items')`),
    check(
      'discount_codes_value_check',
      sql`(kind = 'percentage' and value between 1 and 100) or (kind = 'fixed' and value between 1 and 100000000) or (kind = 'free_delivery' and value = 0)`,
    ),
    check('discount_codes_limits_check', sql`(min_subtotal is null or min_subtotal >= 0) and (usage_limit is null or usage_limit >= 1) and uses >= 0 and (ends_at is null or starts_at is null or ends_at > starts_at)`),
    check('discount_codes_code_check', sql`code ~ '^[A-Z0-9_-]{3,32}$'`),
  ],
);

/**
 * One checkout's use of a code: 'held' while the checkout awaits payment (it counts towards the limit),
 * 'used' once paid, 'released' when the checkout was abandoned, cancelled or expired (the use is given
 * back). Keeps the amounts, so the code's figures need no other module's tables.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    codeId: uuid('code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    /** The order (orders module) the checkout wrote; one redemption per order. */
    orderId: uuid('order_id').notNull(),
    /** The order's email, lower-cased: "one use per customer" is by email, guest or signed in. */
    email: text('email').notNull(),
    state: text('state', { enum: REDEMPTION_STATES }).notNull().default('held'),
    /** Pence: the goods discount and the delivery charge waived, and the order's total. */
    discountAmount: integer('discount_amount').notNull(),
    shippingDiscount: integer('shipping_discount').notNull().default(0),
    orderTotal: integer('order_total').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_uq').on(t.tenantId, t.orderId),
    index('discount_redemptions_code_email_idx').on(t.tenantId, t.codeId, t.email),
    check('discount_redemptions_state_check', sql`state in ('held', 'used', 'released')`),
    check('discount_redemptions_money_check', sql`discount_amount >= 0 and shipping_discount >= 0 and order_total >= 0`),
  ],
);
