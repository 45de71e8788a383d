import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PostalAddress } from '../../../shared/address';
import { SHIPPING_VAT_MODES, VAT_RATES, type VatPart } from '../../../shared/vat';
import { users } from './accounts';
import { type NameValue, products, productVariants } from './catalogue';
import { createdAt, tenantId, updatedAt } from './columns';
import { tenants } from './tenants';

// Tables of the orders module (src/server/modules/orders): delivery options, carts, orders, their
// timeline, claims, refunds, invoice numbers, VAT records and the payment events that paid them.

export type { PostalAddress };

/** Business days from dispatch to the door; the storefront spec's default promise is 3-5. */
const deliveryDays = () => ({
  deliveryMinDays: integer('delivery_min_days').notNull().default(3),
  deliveryMaxDays: integer('delivery_max_days').notNull().default(5),
});

const DELIVERY_DAYS_CHECK = sql`delivery_min_days between 1 and 30 and delivery_max_days between delivery_min_days and 30`;

/**
 * Delivery options per tenant: flat_rate, free when the subtotal reaches free_over (pence), and how
 * many business days delivery takes (min to max; 1 to 1 is next business day). Orders keep a copy.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    flatRate: integer('flat_rate').notNull(),
    freeOver: integer('free_over'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...deliveryDays(),
    /** VAT on the charge (issue 25): the standard rate, or the goods' rates split by their value. */
    vatMode: text('vat_mode', { enum: SHIPPING_VAT_MODES }).notNull().default('standard'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipping_methods_tenant_idx').on(t.tenantId, t.position),
    check('shipping_methods_vat_mode_check', sql`vat_mode in ('standard', 'goods')`),
    check('shipping_methods_money_check', sql`flat_rate >= 0 and (free_over is null or free_over >= 0)`),
    check('shipping_methods_delivery_days_check', DELIVERY_DAYS_CHECK),
  ],
);

/**
 * A shopper's cart in one store, found by a cookie token (stored hashed) and, after sign-in, by the
 * account. Holds only what and how many: every price is read from the catalogue when it is shown.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    /** The discount code the shopper applied (issue 28), checked again each time the cart is priced. */
    discountCode: text('discount_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_token_uq').on(t.tenantId, t.tokenHash), index('carts_user_idx').on(t.tenantId, t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    cartId: uuid('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one line per product-without-variant too (PostgreSQL 15).
    unique('cart_items_line_uq').on(t.cartId, t.productId, t.variantId).nullsNotDistinct(),
    check('cart_items_quantity_check', sql`quantity between 1 and 999`),
  ],
);

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'] as const;

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed', 'expired', 'partially_refunded', 'refunded'] as const;

/** held: counted in reserved_quantity; committed: taken off stock on payment; released: given back. */
export const RESERVATION_STATES = ['held', 'committed', 'released'] as const;

/** An order: a priced snapshot of a cart at checkout, in integer pence. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderNumber: text('order_number').notNull(),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hash of the placing browser's cart token: lets that browser look the order up by number. */
    browserTokenHash: text('browser_token_hash'),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<PostalAddress>().notNull(),
    shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    shippingMethodName: text('shipping_method_name').notNull(),
    /** The chosen method's delivery time when the order was placed: the method may change later. */
    ...deliveryDays(),
    currency: text('currency').notNull().default('GBP'),
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    /** The discount code the order was placed with (issue 28), as the shopper saw it; null: none. */
    discountCode: text('discount_code'),
    /** The delivery charge a free-delivery code waived (pence): shipping_total is then 0. */
    shippingDiscount: integer('shipping_discount').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull(),
    taxTotal: integer('tax_total').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    /** VAT already inside the prices (UK prices include VAT), for the summary line; not added on top. */
    vatIncluded: integer('vat_included').notNull().default(0),
    /** VAT by rate, goods and delivery together (pence); empty: the store was not VAT registered. */
    vatBreakdown: jsonb('vat_breakdown').$type<VatPart[]>().notNull().default(sql`'[]'::jsonb`),
    /** The store's receipt number, from its own gapless sequence, given when the order is paid. */
    invoiceNumber: integer('invoice_number'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /**
     * Refunds asked of the payment provider and not yet answered (pence). Reserved by a conditional
     * update before the provider call, so two refunds at once can never add up past what was paid.
     */
    refundPending: integer('refund_pending').notNull().default(0),
    /** The carrier's tracking reference, given when the order is marked shipped. */
    trackingReference: text('tracking_reference'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    paymentProvider: text('payment_provider').notNull(),
    paymentSessionId: text('payment_session_id'),
    /** Where the shopper pays: handed back when the same cart is checked out again while unpaid. */
    paymentUrl: text('payment_url'),
    /** The store's connected account the payment was sent to (destination charge); null: the platform's. */
    paymentDestination: text('payment_destination'),
    paymentReference: text('payment_reference'),
    reservationState: text('reservation_state', { enum: RESERVATION_STATES }).notNull().default('held'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }).notNull(),
    /**
     * The client address the checkout came from (IPv4, or an IPv6 /64), as the server sees it: unpaid
     * checkouts holding stock are limited per address (decision 033).
     */
    checkoutAddress: text('checkout_address'),
    /**
     * The store address the checkout was made on (scheme, host and port, as the request named it): a
     * checkout recovery email (issue 28) links back to it. Null for checkouts made before it was kept.
     */
    checkoutOrigin: text('checkout_origin'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the customer's personal data on this order was erased (UK GDPR, issue 26): the name, email,
     * phone and addresses are blanked (the country kept), what accounting needs stays (amounts, VAT, dates,
     * lines). An erased order no longer counts towards any customer record (store_customers).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.tenantId, t.orderNumber),
    uniqueIndex('orders_session_uq').on(t.paymentProvider, t.paymentSessionId),
    uniqueIndex('orders_invoice_uq').on(t.tenantId, t.invoiceNumber),
    index('orders_user_idx').on(t.tenantId, t.userId, t.placedAt),
    index('orders_email_idx').on(t.tenantId, t.customerEmail),
    // A customer's orders, newest first (Admin > Customers, issue 26): customers are keyed by lower-cased email.
    index('orders_customer_idx').on(t.tenantId, sql`lower(${t.customerEmail})`, t.placedAt),
    index('orders_placed_idx').on(t.tenantId, t.placedAt),
    index('orders_reservation_idx').on(t.reservationState, t.reservationExpiresAt),
    // Counting an address's checkouts that still hold stock (few rows: only holds are indexed).
    index('orders_held_address_idx').on(t.tenantId, t.checkoutAddress).where(sql`reservation_state = 'held'`),
    // The checkout recovery job's question, store by store: unpaid checkouts placed in a window of time.
    index('orders_unpaid_placed_idx').on(t.tenantId, t.placedAt).where(sql`paid_at is null`),
    // The checkouts of one cart (a later or a paid one means an earlier one needs no reminder).
    index('orders_cart_idx').on(t.tenantId, t.cartId).where(sql`cart_id is not null`),
    check('orders_money_check', sql`subtotal >= 0 and discount_total >= 0 and shipping_discount >= 0 and shipping_total >= 0 and tax_total >= 0 and total_amount >= 0 and refunded_amount between 0 and total_amount`),
    check('orders_refund_pending_check', sql`refund_pending >= 0 and refunded_amount + refund_pending <= total_amount`),
    check('orders_status_check', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('orders_payment_status_check', sql.raw(`payment_status in (${PAYMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('orders_delivery_days_check', DELIVERY_DAYS_CHECK),
    check('orders_checkout_origin_check', sql`checkout_origin is null or length(checkout_origin) <= 300`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSku: text('product_sku').notNull(),
    productSlug: text('product_slug'),
    imageUrl: text('image_url'),
    variantOptions: jsonb('variant_options').$type<NameValue[]>().notNull().default(sql`'[]'::jsonb`),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /**
     * The line's share of the order's discount (pence, issue 28): the shopper paid total_amount less
     * this, and vat_amount is the VAT inside what they paid. The shares add up to the order's discount.
     */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** The line's VAT rate when it was sold; null: the store charged no VAT. */
    vatRate: text('vat_rate', { enum: VAT_RATES }),
    /** The VAT inside total_amount (pence). */
    vatAmount: integer('vat_amount').notNull().default(0),
    /** Which stock row the reservation holds: the variant's own stock or the product's. */
    stockSource: text('stock_source', { enum: ['product', 'variant', 'untracked'] }).notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.tenantId, t.productId),
    check('order_items_discount_check', sql`discount_amount between 0 and total_amount`),
  ],
);

/** The order's timeline: placed, paid, status changes, emails, refunds and notes, with who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Payment provider webhooks, recorded by event id before any effect so a repeat does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    sessionId: text('session_id'),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_event_uq').on(t.provider, t.eventId)],
);

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Each refund asked of the payment provider (issue 11): written with the reservation, before the
 * provider is called, and settled from its answer. Its id is the idempotency key the provider gets,
 * so asking again (after a lost answer or a failed write) can only ever return the same refund;
 * the provider's refund id is unique, so no retry or later report counts it twice. A pending row is
 * an amount held in orders.refund_pending until the provider's answer is recorded or it is let go.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The amount asked (pence), held in orders.refund_pending while pending. */
    amount: integer('amount').notNull(),
    reason: text('reason'),
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    /** The provider's answer once it refunded: its refund id and the amount it says it refunded. */
    providerRefundId: text('provider_refund_id'),
    refundedAmount: integer('refunded_amount'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The key the admin's refund form sends with its request (issue 27): the same request sent again
     * (a lost answer, a second click) finds this attempt instead of making another.
     */
    requestKey: uuid('request_key'),
    /** A refund by lines that also gives back the delivery charge (at most once per order). */
    includesDelivery: boolean('includes_delivery').notNull().default(false),
    createdAt: createdAt(),
    /** When the provider was last asked: the reconciler claims an attempt by moving this on. */
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.tenantId, t.orderId),
    // The reconciler's question, store by store: which refunds are still waiting for an answer.
    index('order_refunds_pending_idx').on(t.tenantId, t.triedAt).where(sql`state = 'pending'`),
    uniqueIndex('order_refunds_provider_refund_uq').on(t.provider, t.providerRefundId),
    uniqueIndex('order_refunds_request_key_uq').on(t.tenantId, t.requestKey),
    check('order_refunds_amount_check', sql`amount > 0 and (refunded_amount is null or refunded_amount >= 0)`),
    check('order_refunds_state_check', sql.raw(`state in (${REFUND_STATES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * The lines a refund by lines gives back (issue 27): how many units of which order line, their value
 * and VAT worked out from the order's own prices when the refund was asked, and whether the units go
 * back on sale. Written with the attempt (order_refunds), so a pending refund's units are already
 * taken; an attempt that fails no longer counts. `restocked` is set once, when the refund is settled
 * and the stock ledger has the units back, so no retry or replayed answer puts them back twice.
 */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The units' share of the line's total and of its VAT (pence), running totals rounded so a line refunded in parts adds up to it. */
    amount: integer('amount').notNull(),
    vatAmount: integer('vat_amount').notNull().default(0),
    /** The admin chose "Put back in stock" for these units. */
    restock: boolean('restock').notNull(),
    /** How many units the stock ledger took back (null until settled; 0 when none could be: untracked, or already back). */
    restocked: integer('restocked'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refund_lines_order_idx').on(t.tenantId, t.orderId),
    uniqueIndex('order_refund_lines_refund_item_uq').on(t.refundId, t.orderItemId),
    check('order_refund_lines_check', sql`quantity between 1 and 100000 and amount >= 0 and vat_amount >= 0 and vat_amount <= amount and (restocked is null or restocked between 0 and quantity)`),
  ],
);

/** A pending "link my earlier orders" request: confirmed only by opening the emailed link while signed in. */
export const orderClaims = pgTable(
  'order_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_claims_token_uq').on(t.tokenHash)],
);

/**
 * Abandoned checkout recovery (issue 28, decision 048): at most one row per checkout (an unpaid order),
 * written by the recovery job in the same transaction as the email it sends (or, for an address that
 * unsubscribed, with skipped set and no email), so a checkout is settled once however many instances
 * run the job. The restore and unsubscribe links carry random tokens stored here hashed. A paid order
 * whose cart was restored from the link, or paid by the same address within a week of the email,
 * marks the row recovered with its total (the dashboard's "Recovered checkouts").
 */
export const checkoutRecoveries = pgTable(
  'checkout_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The checkout's address, lower-cased. */
    email: text('email').notNull(),
    /** Hash of the "Return to your cart" token; null when nothing was sent. */
    tokenHash: text('token_hash'),
    /** Hash of the unsubscribe link's token; null when nothing was sent. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /** When the email was written to the outbox; null when it was skipped. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why nothing was sent: the address had unsubscribed from these emails. */
    skipped: text('skipped', { enum: ['unsubscribed'] }),
    /** Until when the restore link works. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** First opened; and the cart the link last filled (a later payment of it is a recovery). */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredCartId: uuid('restored_cart_id').references(() => carts.id, { onDelete: 'set null' }),
    recoveredOrderId: uuid('recovered_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The recovered order's total (pence) when it was paid. */
    recoveredTotal: integer('recovered_total'),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_recoveries_order_uq').on(t.orderId),
    uniqueIndex('checkout_recoveries_token_uq').on(t.tenantId, t.tokenHash),
    uniqueIndex('checkout_recoveries_unsubscribe_uq').on(t.tenantId, t.unsubscribeTokenHash),
    index('checkout_recoveries_email_idx').on(t.tenantId, t.email, t.sentAt),
    index('checkout_recoveries_cart_idx').on(t.tenantId, t.restoredCartId),
    index('checkout_recoveries_recovered_idx').on(t.tenantId, t.recoveredAt).where(sql`recovered_at is not null`),
    check(
      'checkout_recoveries_state_check',
      sql`length(email) between 1 and 320 and (skipped is null or skipped = 'unsubscribed') and ((sent_at is not null and skipped is null and token_hash is not null and unsubscribe_token_hash is not null and expires_at is not null) or (sent_at is null and skipped is not null and token_hash is null and unsubscribe_token_hash is null))`,
    ),
    check('checkout_recoveries_recovered_check', sql`recovered_total is null or recovered_total >= 0`),
  ],
);

/**
 * Each store's last receipt number (issue 25). Taken with the row lock of an update in the same
 * transaction that marks the order paid: a payment that rolls back gives its number back, so the
 * numbers have no gaps and no repeats however many payments arrive at once.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * The VAT ledger (issue 25): one row per rate for each paid order (date of supply: payment) and for
 * each settled refund, written in the transaction that pays or settles. The VAT report sums it by
 * rate over a period; figures never change once written, as a return's figures must not.
 */
export const vatEntries = pgTable(
  'vat_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id').references(() => orderRefunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sale', 'refund'] }).notNull(),
    rate: text('rate', { enum: VAT_RATES }).notNull(),
    /**
     * VAT-inclusive pence and the VAT inside, positive for refunds too (the kind says which way). A
     * partial refund may move a penny of gross between rates (apportioning is not monotone), so a
     * refund row can be negative; its VAT always has its gross's sign.
     */
    gross: integer('gross').notNull(),
    vat: integer('vat').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vat_entries_period_idx').on(t.tenantId, t.occurredAt),
    index('vat_entries_order_idx').on(t.orderId),
    check('vat_entries_check', sql`kind in ('sale', 'refund') and rate in ('standard', 'reduced', 'zero', 'exempt') and abs(vat) <= abs(gross) and (kind = 'refund' or vat >= 0)`),
  ],
);

/**
 * The VAT ledger summed by Europe/London day (issue 25), kept in the same transaction as each ledger
 * row: the VAT report reads at most a few thousand of these rows for any period, however many orders
 * the store has. `entries` counts orders (sales) or refunds, each once, on its first rate's row.
 */
export const vatDaily = pgTable(
  'vat_daily',
  {
    tenantId: tenantId(),
    day: date('day').notNull(),
    kind: text('kind', { enum: ['sale', 'refund'] }).notNull(),
    rate: text('rate', { enum: VAT_RATES }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.kind, t.rate] })],
);
