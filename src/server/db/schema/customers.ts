import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tenants } from './tenants';

// Tables of the customers module (src/server/modules/customers): a store's customers (issue 26).

/**
 * A shopper's saved delivery addresses in one store (issue 26): offered at checkout. Kept per store,
 * so erasing a person's data in one store removes that store's copy only.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('GB'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_owner_idx').on(t.tenantId, t.userId),
    // At most one default per person and store; setting another clears the old one in the same transaction.
    uniqueIndex('customer_addresses_default_uq').on(t.tenantId, t.userId).where(sql`is_default`),
    check(
      'customer_addresses_length_check',
      sql`length(${t.firstName}) <= 100 and length(${t.lastName}) <= 100 and length(coalesce(${t.company}, '')) <= 200 and length(${t.line1}) <= 200 and length(coalesce(${t.line2}, '')) <= 200 and length(${t.city}) <= 100 and length(${t.postcode}) <= 10 and length(${t.country}) = 2 and length(coalesce(${t.phone}, '')) <= 40`,
    ),
  ],
);

/**
 * Every person who ordered from a store or has an account used there (issue 26, Admin > Customers), one
 * row per email (lower-cased) and store, so guests are grouped by email. Kept up to date by triggers on
 * orders (migration 0033) that add each paid order's change as a delta, and by the customers module when
 * an account signs up or in on the store's host. Figures count paid orders (paid, partially refunded or
 * refunded); total_spent is what they paid less what was refunded (pence).
 */
export const storeCustomers = pgTable(
  'store_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-cased: the key that groups one person's orders. */
    email: text('email').notNull(),
    /** The name on their latest order ('' for an account that has not ordered). */
    name: text('name').notNull().default(''),
    /** What the list sorts "by name" on and searches: the name, or the email when there is none, lower-cased. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(coalesce(nullif(name, ''), email))`),
    /** The name's last word, lower-cased (a search for "smith" finds "Jane Smith"); null without a name. */
    surnameKey: text('surname_key').generatedAlwaysAs(sql`lower(substring(name from '([^[:space:]]+)[[:space:]]*$'))`),
    /** Their account, if they have one (from an order placed signed in, or a sign-in on the store). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ordersCount: integer('orders_count').notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** What "last order" sorts on: never null (no order yet sorts as the oldest), so one index serves both directions and keyset pages. */
    lastOrderKey: timestamp('last_order_key', { withTimezone: true }).notNull().generatedAlwaysAs(sql`coalesce(last_order_at, '-infinity'::timestamptz)`),
    /** Null: never asked (no consent is captured yet); true or false as the person answered. */
    marketingConsent: boolean('marketing_consent'),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_customers_email_uq').on(t.tenantId, t.email),
    // The list's sorts, each with id as the tie-break. Byte order ("C") for the text keys, so a prefix
    // search is a range of the same index (leakproof comparisons: usable under row-level security).
    index('store_customers_last_order_idx').on(t.tenantId, t.lastOrderKey, t.id),
    index('store_customers_spent_idx').on(t.tenantId, t.totalSpent, t.id),
    index('store_customers_orders_idx').on(t.tenantId, t.ordersCount, t.id),
    index('store_customers_name_idx').on(t.tenantId, sql`${t.nameKey} collate "C"`, t.id),
    index('store_customers_email_idx').on(t.tenantId, sql`${t.email} collate "C"`, t.id),
    index('store_customers_surname_idx').on(t.tenantId, sql`${t.surnameKey} collate "C"`),
    index('store_customers_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Staff's notes on a customer (issue 26), newest first on the customer's page. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull().references(() => storeCustomers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_notes_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    check('customer_notes_body_check', sql`length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * The record that a person's data was exported or erased (UK GDPR, issue 26): when, who asked (the
 * person, or which member of staff) and how many records of each kind it touched. It holds nothing of the
 * person: no email, name or account id, so erasing them leaves this row true. tenant_id null: the
 * platform-wide account was erased on the platform host.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    requestedBy: text('requested_by', { enum: ['customer', 'staff'] }).notNull(),
    /** The member of staff who did it; null when the person asked themselves. */
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many records of each kind were exported or erased, e.g. {"orders": 2, "reviews": 1}. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_requests_tenant_idx').on(t.tenantId, t.createdAt),
    check('privacy_requests_kind_check', sql`kind in ('export', 'erasure') and requested_by in ('customer', 'staff')`),
  ],
);
