import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { RefundError, refundTooLarge } from './errors';
import type { RefundInput, RefundResult } from './payments';

/**
 * Where the built-in gateway keeps one kind of session's refunds (orders' sessions, quote deposits'):
 * the few reads and writes refundOnce needs, each limited to the one session and book.
 */
export interface RefundLedger {
  /** Names the book in the idempotency lock (a store's id, or 'platform'). */
  book: string;
  /** The refund made earlier under this idempotency key, if any. */
  findByKey(tx: Tx, key: string): Promise<{ id: string; sessionId: string; amount: number } | null>;
  /** Adds the amount to the session's refunded total only while it is paid and the total stays within what was paid. */
  take(tx: Tx, sessionId: string, amount: number): Promise<boolean>;
  /** The session as it stands, to say why a refund was refused. */
  session(tx: Tx, sessionId: string): Promise<{ status: string; amountTotal: number; refundedAmount: number } | null>;
  insert(tx: Tx, row: { id: string; sessionId: string; idempotencyKey: string; amount: number }): Promise<void>;
}

/**
 * A refund as a real provider makes one (issue 11): idempotent by key (asked again, it answers the
 * refund it already made), never past what was paid (one conditional update, so two refunds at once
 * cannot add up past it), and only on a paid session. Runs in the caller's book-scoped transaction.
 */
export async function refundOnce(tx: Tx, input: RefundInput, ledger: RefundLedger): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RefundError('refund_invalid', 'A refund must be a whole number of pence above zero.');
  }
  // The key first: requests with the same key queue on this lock, so the second finds the first one's refund.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`test-refund:${ledger.book}:${input.idempotencyKey}`}, 0))`);
  const earlier = await ledger.findByKey(tx, input.idempotencyKey);
  if (earlier) {
    if (earlier.sessionId !== input.sessionId || earlier.amount !== input.amount) {
      throw new RefundError('refund_invalid', 'This refund key was already used for a different refund.');
    }
    return { refundId: earlier.id, amount: earlier.amount };
  }
  if (!(await ledger.take(tx, input.sessionId, input.amount))) {
    const session = await ledger.session(tx, input.sessionId);
    if (!session || session.status !== 'complete') throw new RefundError('refund_not_paid', 'This payment was never completed, so there is nothing to refund.');
    throw refundTooLarge(input.amount, session.amountTotal - session.refundedAmount);
  }
  const refundId = `re_test_${randomBytes(18).toString('base64url')}`;
  await ledger.insert(tx, { id: refundId, sessionId: input.sessionId, idempotencyKey: input.idempotencyKey, amount: input.amount });
  return { refundId, amount: input.amount };
}
