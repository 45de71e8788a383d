import type { StoreCtx } from '../../../http/context';
import { allTenantIds } from '../../tenants';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import * as ordersRepo from '../orders-repo';
import * as refunds from './refunds-repo';
import { releaseRefund } from './refund-settlement';
import { settleAttempt, type AttemptOutcome, type RefundDeps } from './refunds';

/** A pending attempt last tried this long ago has outlived its request (the provider calls and their retries). */
export const REFUND_RETRY_AFTER_MS = 5 * 60_000;
/** Providers keep idempotency keys for a day (Stripe: at least 24 hours): ask no later than this. */
export const REFUND_GIVE_UP_AFTER_MS = 23 * 60 * 60_000;

const money = (pence: number) => formatGBP(penceToPounds(pence));

/**
 * Refunds left pending (issue 11): the provider gave no answer, or it refunded and the shop could not
 * record it. Store by store (row-level security scopes each pass), each is asked again under its
 * own idempotency key, which answers the refund already made (or makes the one asked for, once),
 * and the answer is recorded; after a day without an answer the amount is let go with a timeline
 * entry saying to check the provider. So no refund_pending is held for ever.
 */
export async function reconcilePendingRefunds(deps: RefundDeps, now = new Date()): Promise<AttemptOutcome['kind'][]> {
  const stores = await deps.scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work));
  const outcomes: AttemptOutcome['kind'][] = [];
  for (const tenantId of stores) {
    const scope = { tenantId, actor: null };
    const inStore = <T>(fn: (ctx: StoreCtx) => Promise<T>) =>
      deps.scopes.run({ tenantId, userId: null }, (work) => fn({ ...work, tenantId, actor: null }));
    const before = new Date(now.getTime() - REFUND_RETRY_AFTER_MS);
    const waiting = await inStore((ctx) => refunds.listPendingRefunds(ctx, before));
    for (const { id } of waiting) {
      const attempt = await inStore((ctx) => refunds.claimForRetry(ctx, id, before));
      if (!attempt) continue;
      const order = await inStore((ctx) => ordersRepo.findOrder(ctx, { id: attempt.orderId }));
      const usable = order?.paymentSessionId && order.paymentProvider === deps.payments.name;
      if (!usable || now.getTime() - attempt.createdAt.getTime() > REFUND_GIVE_UP_AFTER_MS) {
        const why = usable
          ? `the payment provider gave no answer for a day. Check the payment in the provider's dashboard before refunding again`
          : `the payment provider it was sent to is no longer this store's. Check the payment in that provider's dashboard`;
        await inStore((ctx) => releaseRefund(ctx, attempt, `${money(attempt.amount)} is no longer held because ${why}.`));
        outcomes.push('refused');
        continue;
      }
      const payment = { sessionId: order.paymentSessionId!, paymentReference: order.paymentReference, destinationAccount: order.paymentDestination };
      outcomes.push((await settleAttempt(deps, scope, attempt, payment, ' (confirmed by the payment provider on a later try)')).kind);
    }
  }
  return outcomes;
}

/** Runs the reconciliation every minute in the background; the timer never keeps the process alive. */
export function startRefundReconciler(deps: RefundDeps, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePendingRefunds(deps)
      .catch(onError)
      .finally(() => (running = false));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
