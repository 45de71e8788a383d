import type { UnitOfWork } from '../../../db/unit-of-work';
import { salesBookScope } from '../../../db/privileged-scopes';
import { askProviderRefund } from '../provider-refund';
import { emailMerchant, failedNote, receivedNote, refundedNote } from './notices';
import * as repo from './repo';
import type { BookWork, StrayRefundDeps, StraySubject } from './types';

export type StrayOutcome = 'refunded' | 'failed' | 'unconfirmed' | 'unrecorded';

/**
 * A book's unit of work. The platform's book needs the platform-sales scope (decision 027); it is set
 * here only for a record a provider's signature proved, and every statement names that one record.
 */
export function inBook<T>(scopes: UnitOfWork, tenantId: string | null, fn: (work: BookWork) => Promise<T>): Promise<T> {
  return scopes.run(salesBookScope(tenantId), (work) => fn({ ...work, tenantId }));
}

/**
 * Step 1, in the webhook's own transaction (decision 029): the payment the shop does not keep is
 * written down, once per provider session, with an entry on its order's or quote's timeline. Null
 * when this session was recorded before (a repeated webhook): nothing more is refunded then.
 */
export async function recordStrayPayment(work: BookWork, subject: StraySubject, payment: repo.StrayPayment): Promise<repo.StrayRefund | null> {
  const record = await repo.insertStray(work.tx, work.tenantId, payment);
  if (!record) return null;
  await subject.note(work, record.subjectId, receivedNote(record));
  return record;
}

/**
 * Steps 2 and 3, after that transaction committed: ask the provider to refund the whole payment with
 * the record's id as idempotency key (no transaction open), then record its answer, once (a conditional
 * update on the record's state), with the timeline entry and the merchant's email. No answer leaves
 * the record pending for the reconciler, which asks again under the same key; so does a failure to
 * record a refund the provider made, which the same key then answers again instead of refunding twice.
 */
export async function settleStrayRefund(deps: StrayRefundDeps, subject: StraySubject, record: repo.StrayRefund, how = ''): Promise<StrayOutcome> {
  const log = deps.log.child({ strayRefund: record.id, sessionId: record.sessionId });
  const answer = await askProviderRefund(deps.payments, {
    sessionId: record.sessionId,
    paymentReference: record.paymentReference,
    amount: record.amount,
    reason: 'A second payment, or not the amount due: refunded automatically',
    idempotencyKey: record.id,
    destinationAccount: record.destinationAccount,
  });
  const book = <T>(fn: (work: BookWork) => Promise<T>) => inBook(deps.scopes, record.tenantId, fn);
  if ('unknown' in answer) {
    log.error({ err: answer.unknown }, 'the payment provider did not answer a stray payment refund; the reconciler will ask again');
    const message = answer.unknown instanceof Error ? answer.unknown.message : String(answer.unknown);
    await book((work) => repo.noteError(work.tx, work.tenantId, record.id, message)).catch((err) => log.error({ err }, 'could not note the refund error'));
    return 'unconfirmed';
  }
  try {
    return await book(async (work) => {
      if ('refused' in answer) {
        if (await repo.markFailed(work.tx, work.tenantId, record.id, answer.refused.message)) await closeFailed(work, deps, subject, record, answer.refused.message);
        return 'failed';
      }
      if (await repo.markRefunded(work.tx, work.tenantId, record.id, answer.result)) {
        await subject.note(work, record.subjectId, refundedNote(record, answer.result.refundId, answer.result.amount, how));
        await emailMerchant(work, deps.email, deps.platformOwnerEmails, subject, record, { refunded: answer.result });
      }
      return 'refunded';
    });
  } catch (err) {
    log.error({ err }, 'recording a stray payment refund failed; the reconciler will');
    return 'unrecorded';
  }
}

/** The refund was refused or given up: the timeline and the merchant say so, and what to do. */
export async function closeFailed(work: BookWork, deps: Pick<StrayRefundDeps, 'email' | 'platformOwnerEmails'>, subject: StraySubject, record: repo.StrayRefund, why: string) {
  await subject.note(work, record.subjectId, failedNote(record, why));
  await emailMerchant(work, deps.email, deps.platformOwnerEmails, subject, record, { failed: why });
}
