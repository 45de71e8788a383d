import { allTenantIds } from '../../tenants';
import * as repo from './repo';
import { closeFailed, inBook, settleStrayRefund, type StrayOutcome } from './service';
import type { StrayRefundDeps, StraySubject } from './types';
import type { StraySubjectKind } from './repo';

/** A pending record last tried this long ago has outlived the webhook that made it (its provider calls and retries). */
export const STRAY_RETRY_AFTER_MS = 5 * 60_000;
/** Providers keep idempotency keys for a day (Stripe: at least 24 hours): ask no later than this. */
export const STRAY_GIVE_UP_AFTER_MS = 23 * 60 * 60_000;

/**
 * Stray payment refunds left pending (decision 029): the provider gave no answer, or it refunded and the
 * answer could not be recorded. Book by book (every store's, then the platform's own), each is claimed
 * with a conditional update (several instances may run this: one of them asks per round), asked again
 * under its own idempotency key (which answers the refund already made, or makes it once) and recorded.
 * After a day without an answer it is given up, and the timeline and the merchant are told to check
 * the provider. The subjects are the orders' and quotes' own handlers, handed in at boot.
 */
export async function reconcileStrayRefunds(deps: StrayRefundDeps, subjects: Record<StraySubjectKind, StraySubject>, now = new Date()): Promise<StrayOutcome[]> {
  const stores = await deps.scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work));
  const before = new Date(now.getTime() - STRAY_RETRY_AFTER_MS);
  const outcomes: StrayOutcome[] = [];
  for (const tenantId of [...stores, null]) {
    const waiting = await inBook(deps.scopes, tenantId, (work) => repo.listPending(work.tx, tenantId, before));
    for (const { id } of waiting) {
      const record = await inBook(deps.scopes, tenantId, (work) => repo.claimForRetry(work.tx, tenantId, id, before));
      if (!record) continue;
      const subject = subjects[record.subjectKind];
      if (record.provider !== deps.payments.name || now.getTime() - record.createdAt.getTime() > STRAY_GIVE_UP_AFTER_MS) {
        const why =
          record.provider !== deps.payments.name
            ? `it was made with a payment provider this shop no longer uses.`
            : `the payment provider gave no answer for a day (last error: ${record.lastError ?? 'none'}).`;
        await inBook(deps.scopes, tenantId, async (work) => {
          if (await repo.markFailed(work.tx, tenantId, record.id, why)) await closeFailed(work, deps, subject, record, why);
        });
        outcomes.push('failed');
        continue;
      }
      outcomes.push(await settleStrayRefund(deps, subject, record, ' (confirmed by the payment provider on a later try)'));
    }
  }
  return outcomes;
}

/** Runs the reconciliation every minute in the background; the timer never keeps the process alive. */
export function startStrayRefundReconciler(deps: StrayRefundDeps, subjects: Record<StraySubjectKind, StraySubject>, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileStrayRefunds(deps, subjects)
      .catch(onError)
      .finally(() => (running = false));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
