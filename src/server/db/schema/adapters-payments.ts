import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookId, createdAt, tenantId, updatedAt } from './columns';
import { orders } from './orders';

// Tables of the built-in test payment gateway (src/server/adapters/payments): its hosted pay page's
// sessions and refunds, deposit sessions and connected accounts. No module reads them.

/** Sessions of the built-in test gateway's hosted pay page. */
export const testPaymentSessions = pgTable(
  'test_payment_sessions',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<{ name: string; quantity: number; unit_amount: number }[]>().notNull(),
    /** Copied from checkout: the pay page shows them without reading the orders module's table. */
    orderNumber: text('order_number'),
    shippingName: text('shipping_name'),
    customerEmail: text('customer_email'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    paymentReference: text('payment_reference'),
    /** The store's connected test account the money goes to; null: the platform's own account. */
    destinationAccount: text('destination_account'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_payment_sessions_order_idx').on(t.tenantId, t.orderId)],
);

/**
 * What the built-in test gateway refunded, one row per refund, found again by the caller's
 * idempotency key: asked twice with the same key (a retry after a lost answer), it answers the same
 * refund instead of making a second, as a real provider does.
 */
export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    sessionId: text('session_id')
      .notNull()
      .references(() => testPaymentSessions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_payment_refunds_key_uq').on(t.tenantId, t.idempotencyKey), check('test_payment_refunds_amount_check', sql`amount > 0`)],
);

/**
 * The built-in test gateway's side of onboarding (the "provider's" record of a connected account):
 * what the hosted onboarding page collected, one step at a time. Owned by the test gateway adapter.
 */
export const testConnectAccounts = pgTable('test_connect_accounts', {
  id: text('id').primaryKey(),
  tenantId: tenantId(),
  shopName: text('shop_name').notNull(),
  businessName: text('business_name'),
  businessType: text('business_type'),
  website: text('website'),
  bankLast4: text('bank_last4'),
  personName: text('person_name'),
  businessDetailsAt: timestamp('business_details_at', { withTimezone: true }),
  bankAccountAt: timestamp('bank_account_at', { withTimezone: true }),
  identityAt: timestamp('identity_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const TEST_DEPOSIT_STATUSES = ['open', 'complete', 'expired'] as const;

/**
 * The built-in test gateway's quote deposit sessions (decision 029, replacing decision 028's stateless
 * ids): open, complete once, or expired (cancelled by a newer session, or out of time), so a superseded
 * session can no longer be paid and a paid one can be refunded. tenant_id null for a platform quote.
 * Owned by the test gateway adapter; quote_id names the CRM's quote without a foreign key (adapters
 * know no module's tables).
 */
export const testDepositSessions = pgTable(
  'test_deposit_sessions',
  {
    id: text('id').primaryKey(),
    tenantId: bookId(),
    quoteId: uuid('quote_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** The proposal page's path (and query) on its own host: where paying or cancelling returns. */
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: TEST_DEPOSIT_STATUSES }).notNull().default('open'),
    paymentReference: text('payment_reference'),
    destinationAccount: text('destination_account'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_deposit_sessions_quote_idx').on(t.quoteId),
    check('test_deposit_sessions_status_check', sql.raw(`status in (${TEST_DEPOSIT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('test_deposit_sessions_check', sql`amount > 0 and refunded_amount between 0 and amount and length(description) <= 300 and length(return_path) <= 2000`),
  ],
);

/** What the test gateway refunded on deposit sessions, found again by the caller's idempotency key. */
export const testDepositRefunds = pgTable(
  'test_deposit_refunds',
  {
    id: text('id').primaryKey(),
    tenantId: bookId(),
    sessionId: text('session_id')
      .notNull()
      .references(() => testDepositSessions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_deposit_refunds_key_uq').on(sql`coalesce(${t.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.idempotencyKey),
    check('test_deposit_refunds_amount_check', sql`amount > 0`),
  ],
);
