import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookId, createdAt, tenantId, updatedAt } from './columns';

// Tables of the payments module (src/server/modules/payments): stores' payment accounts and the refunds
// of payments nobody keeps (decision 029).

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

export const STRAY_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

export const STRAY_SUBJECTS = ['order', 'quote'] as const;

/**
 * Why a completed payment was not kept: its order or quote was already paid, it was not the amount due,
 * it came from a session the order no longer uses, or the quote it names was deleted.
 */
export const STRAY_REASONS = ['already_paid', 'amount_mismatch', 'other_session', 'not_found'] as const;

/**
 * A completed payment the shop does not keep (decision 029): a second payment for an order or a
 * quote's deposit already paid, or one for an amount that is not what was due. Written in the
 * webhook's own transaction, once per provider session, before the provider is asked to refund it; its
 * id is the refund's idempotency key, so asking again (after a lost answer, or by the reconciler on
 * another instance) can only ever answer the same refund. Owned by the payments module.
 */
export const strayPaymentRefunds = pgTable(
  'stray_payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: bookId(),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    paymentReference: text('payment_reference'),
    /** The connected account the payment went to: the refund takes the money back from it too. */
    destinationAccount: text('destination_account'),
    subjectKind: text('subject_kind', { enum: STRAY_SUBJECTS }).notNull(),
    /** The order or quote the signed payment names (no foreign key: the record outlives a deleted quote). */
    subjectId: uuid('subject_id').notNull(),
    reason: text('reason', { enum: STRAY_REASONS }).notNull(),
    /** Pence paid, and what was due (null when nothing was: already paid). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }),
    state: text('state', { enum: STRAY_REFUND_STATES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }),
    /** The provider's last error while the refund stays pending, or why it failed. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider was last asked: the reconciler claims a record by moving this on. */
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // One record per paid session: a repeated webhook finds it and refunds nothing more.
    uniqueIndex('stray_payment_refunds_session_uq').on(t.provider, t.sessionId),
    index('stray_payment_refunds_pending_idx').on(t.tenantId, t.triedAt).where(sql`state = 'pending'`),
    index('stray_payment_refunds_subject_idx').on(t.subjectId),
    check('stray_payment_refunds_state_check', sql.raw(`state in (${STRAY_REFUND_STATES.map((s) => `'${s}'`).join(', ')})`)),
    check('stray_payment_refunds_kind_check', sql.raw(`subject_kind in (${STRAY_SUBJECTS.map((s) => `'${s}'`).join(', ')}) and reason in (${STRAY_REASONS.map((s) => `'${s}'`).join(', ')})`)),
    check(
      'stray_payment_refunds_check',
      sql`amount > 0 and (amount_due is null or amount_due >= 0) and (refunded_amount is null or refunded_amount >= 0)
        and length(provider) between 1 and 20 and length(session_id) between 1 and 300 and coalesce(length(payment_reference), 0) <= 300
        and coalesce(length(destination_account), 0) <= 255 and coalesce(length(provider_refund_id), 0) <= 255 and coalesce(length(last_error), 0) <= 1000`,
    ),
  ],
);
