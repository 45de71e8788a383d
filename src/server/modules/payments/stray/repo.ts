import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { strayPaymentRefunds, STRAY_REASONS, STRAY_SUBJECTS } from '../../../db/schema/index';

// Stray payment refunds (decision 029), in one sales book at a time: a store's (tenant_id) or the
// platform's own (null, in the platform-sales scope). Row-level security keeps each statement in the
// scope's book; the filters here say the same, so a mistake in scope setup cannot widen it.

export type StrayRefund = typeof strayPaymentRefunds.$inferSelect;
export type StraySubjectKind = (typeof STRAY_SUBJECTS)[number];
export type StrayReason = (typeof STRAY_REASONS)[number];

/** What the webhook knows of a payment the shop does not keep. */
export interface StrayPayment {
  provider: string;
  sessionId: string;
  paymentReference: string | null;
  destinationAccount: string | null;
  subject: { kind: StraySubjectKind; id: string };
  reason: StrayReason;
  /** Pence paid, and what was due (null when nothing was: already paid). */
  amount: number;
  amountDue: number | null;
}

const inBook = (tenantId: string | null): SQL => (tenantId === null ? isNull(strayPaymentRefunds.tenantId) : eq(strayPaymentRefunds.tenantId, tenantId));
const one = (tenantId: string | null, id: string) => and(inBook(tenantId), eq(strayPaymentRefunds.id, id));

/** The record, once per provider session: null when this session was recorded before (a repeated webhook). */
export async function insertStray(tx: Tx, tenantId: string | null, p: StrayPayment): Promise<StrayRefund | null> {
  const [row] = await tx
    .insert(strayPaymentRefunds)
    .values({
      tenantId,
      provider: p.provider,
      sessionId: p.sessionId,
      paymentReference: p.paymentReference,
      destinationAccount: p.destinationAccount,
      subjectKind: p.subject.kind,
      subjectId: p.subject.id,
      reason: p.reason,
      amount: p.amount,
      amountDue: p.amountDue,
    })
    .onConflictDoNothing({ target: [strayPaymentRefunds.provider, strayPaymentRefunds.sessionId] })
    .returning();
  return row ?? null;
}

/** Pending records whose provider was last asked before `before` (their request is over), oldest first. */
export async function listPending(tx: Tx, tenantId: string | null, before: Date): Promise<StrayRefund[]> {
  return tx
    .select()
    .from(strayPaymentRefunds)
    .where(and(inBook(tenantId), eq(strayPaymentRefunds.state, 'pending'), lt(strayPaymentRefunds.triedAt, before)))
    .orderBy(asc(strayPaymentRefunds.triedAt));
}

/**
 * Claims a pending record for one more try (DESIGN rule 12: several instances run the reconciler):
 * a conditional update, so only one of them asks the provider this round.
 */
export async function claimForRetry(tx: Tx, tenantId: string | null, id: string, before: Date): Promise<StrayRefund | null> {
  const [row] = await tx
    .update(strayPaymentRefunds)
    .set({ triedAt: sql`now()` })
    .where(and(one(tenantId, id), eq(strayPaymentRefunds.state, 'pending'), lt(strayPaymentRefunds.triedAt, before)))
    .returning();
  return row ?? null;
}

/** The provider refunded: once (false when another request or instance recorded it first). */
export async function markRefunded(tx: Tx, tenantId: string | null, id: string, result: { refundId: string; amount: number }): Promise<boolean> {
  const rows = await tx
    .update(strayPaymentRefunds)
    .set({ state: 'succeeded', providerRefundId: result.refundId, refundedAmount: result.amount, lastError: null, settledAt: sql`now()` })
    .where(and(one(tenantId, id), eq(strayPaymentRefunds.state, 'pending')))
    .returning({ id: strayPaymentRefunds.id });
  return rows.length === 1;
}

/** The provider refused (or the record is given up): closed once, with why. */
export async function markFailed(tx: Tx, tenantId: string | null, id: string, why: string): Promise<boolean> {
  const rows = await tx
    .update(strayPaymentRefunds)
    .set({ state: 'failed', lastError: why.slice(0, 1000), settledAt: sql`now()` })
    .where(and(one(tenantId, id), eq(strayPaymentRefunds.state, 'pending')))
    .returning({ id: strayPaymentRefunds.id });
  return rows.length === 1;
}

/** No answer yet: the record stays pending for the reconciler, with what went wrong. */
export async function noteError(tx: Tx, tenantId: string | null, id: string, error: string): Promise<void> {
  await tx
    .update(strayPaymentRefunds)
    .set({ lastError: error.slice(0, 1000) })
    .where(and(one(tenantId, id), eq(strayPaymentRefunds.state, 'pending')));
}
