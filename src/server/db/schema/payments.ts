import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './platform';

const tenantId = () => uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** What the provider still wants from the account holder (Stripe's `requirements`, trimmed). */
export interface AccountRequirements {
  currently_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
}

/**
 * The store's card-payment account at the provider (issue 13, owned by the payments module): one per
 * store and provider, so adding Stripe keys later starts a fresh onboarding instead of reusing a test
 * account. The provider's answer is kept as it came, with the time it describes (state_at), so a late
 * webhook never overwrites a newer answer.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    accountRef: text('account_ref').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    requirements: jsonb('requirements')
      .$type<AccountRequirements>()
      .notNull()
      .default({ currently_due: [], past_due: [], pending_verification: [], disabled_reason: null }),
    capabilities: jsonb('capabilities').$type<Record<string, string>>().notNull().default({}),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    lastEventId: text('last_event_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_accounts_tenant_provider_uq').on(t.tenantId, t.provider),
    uniqueIndex('payment_accounts_ref_uq').on(t.provider, t.accountRef),
    check('payment_accounts_ref_check', sql`length(account_ref) between 1 and 255`),
  ],
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
