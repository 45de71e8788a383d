import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Actor, InScope, StoreCtx, TenantCtx } from '../../../http/context';
import { AppError, conflict } from '../../../http/errors';
import type { EmailSender } from '../../../adapters/email/email';
import type { PaymentProvider, RefundResult } from '../../../adapters/payments/payments';
import { formatGBP, penceToPounds, poundsToPence } from '../../../../shared/money';
import type { RefundInput } from '../../../../shared/admin-orders';
import { findOrderOr404, refundRefused } from './service';
import { isPaid, refundableOf } from './view';
import * as refunds from './refunds-repo';
import { noteUnconfirmed, recordRefund, recordRefundPlainly, releaseRefund } from './refund-settlement';
import { askProviderRefund } from '../../payments';
import { attemptLines, insertRefundLines } from '../refunded-lines';
import { chooseLines } from './refund-lines';

const money = (pence: number) => formatGBP(penceToPounds(pence));

export interface RefundOutcome {
  stockChanged: boolean;
}

export interface RefundDeps {
  scopes: UnitOfWork;
  payments: PaymentProvider;
  email: EmailSender;
  log: FastifyBaseLogger;
}

/** Who settles an attempt: the tenant, and the person acting (null for the reconciler). */
export interface SettleScope {
  tenantId: string;
  actor: Actor | null;
}

/** How one attempt ended: refunded (and recorded), refused, no answer yet, or refunded but not recorded yet. */
export type AttemptOutcome =
  | { kind: 'refunded'; stockChanged: boolean }
  | { kind: 'refused'; error: AppError }
  | { kind: 'unconfirmed' }
  | { kind: 'unrecorded'; result: RefundResult };

/** What the provider needs to find a payment again: its session, reference and the account it went to. */
export interface PaymentRef {
  sessionId: string;
  paymentReference: string | null;
  destinationAccount: string | null;
}

/** The attempt's refund, under the attempt's id as idempotency key (askProviderRefund asks twice at most). */
const askProvider = (payments: PaymentProvider, attempt: refunds.RefundAttempt, payment: PaymentRef) =>
  askProviderRefund(payments, { ...payment, amount: attempt.amount, reason: attempt.reason ?? undefined, idempotencyKey: attempt.id });

/**
 * Step 2 and 3 of a refund, for a request and for the reconciler alike: ask the provider, then write
 * its answer down in a fresh transaction. A failure after the provider refunded is not the end: the
 * full record is tried, then the plain one (books and timeline only); only when the database takes
 * neither does the attempt stay pending for the reconciler, which asks again under the same key.
 */
export async function settleAttempt(
  deps: RefundDeps,
  scope: SettleScope,
  attempt: refunds.RefundAttempt,
  payment: PaymentRef,
  how = '',
): Promise<AttemptOutcome> {
  const inScope = <T>(fn: (ctx: StoreCtx) => Promise<T>) =>
    deps.scopes.run({ tenantId: scope.tenantId, userId: scope.actor?.userId ?? null }, (work) => fn({ ...work, tenantId: scope.tenantId, actor: scope.actor }));
  const log = deps.log.child({ orderId: attempt.orderId, refundAttempt: attempt.id });

  const answer = await askProvider(deps.payments, attempt, payment);
  if ('refused' in answer) {
    await inScope((ctx) => releaseRefund(ctx, attempt, answer.refused.message)).catch((err) => log.error({ err }, 'could not let go of a refused refund; the reconciler will'));
    return { kind: 'refused', error: answer.refused };
  }
  if ('unknown' in answer) {
    log.error({ err: answer.unknown }, 'the payment provider did not answer a refund');
    const message = `The payment provider did not confirm the refund of ${money(attempt.amount)}. It stays reserved and is asked again within a few minutes, under the same request, so it cannot be refunded twice.`;
    await inScope((ctx) => noteUnconfirmed(ctx, attempt, message)).catch((err) => log.error({ err }, 'could not note an unconfirmed refund'));
    return { kind: 'unconfirmed' };
  }
  try {
    const done = await inScope((ctx) => recordRefund(ctx, deps.email, attempt, answer.result, how));
    return { kind: 'refunded', stockChanged: done.stockChanged };
  } catch (err) {
    log.error({ err, refundId: answer.result.refundId }, 'recording a refund the provider made failed; recording it plainly');
  }
  try {
    await inScope((ctx) => recordRefundPlainly(ctx, attempt, answer.result));
    return { kind: 'refunded', stockChanged: false };
  } catch (err) {
    log.error({ err, refundId: answer.result.refundId }, 'could not record a refund the provider made; the reconciler will');
    return { kind: 'unrecorded', result: answer.result };
  }
}

/** The same request again (its key): the attempt it made, if the figures match; else a 409. */
async function sameRequest(ctx: TenantCtx, orderId: string, earlier: refunds.RefundAttempt, input: RefundInput): Promise<refunds.RefundAttempt> {
  const again = conflict('refund_invalid', 'This refund was already asked for with other figures. Reload the order to see where it stands.');
  if (earlier.orderId !== orderId) throw again;
  if (input.amount !== undefined && poundsToPence(input.amount) !== earlier.amount) throw again;
  if (Boolean(input.delivery) !== earlier.includesDelivery) throw again;
  const asked = new Map((input.lines ?? []).filter((l) => l.quantity > 0).map((l) => [l.id, l.quantity]));
  const made = await attemptLines(ctx, earlier.id);
  if (made.length !== asked.size || made.some((l) => asked.get(l.orderItemId) !== l.quantity)) throw again;
  return earlier;
}

/**
 * Refunds part or all of a paid order through the payment provider (issue 6, issue 11), by an amount
 * or by lines (issue 27: the amount is worked out from the order's own prices, and may only be lowered):
 *  1. lock the order, check the amount (and lines), reserve it (orders.refund_pending, a conditional
 *     update) and write the attempt (order_refunds, with its lines) in the same transaction; the body
 *     was fully validated before;
 *  2. ask the provider, with the attempt's id as idempotency key;
 *  3. record its answer (settleAttempt). No network call runs inside a transaction, two refunds at
 *     once can never pass what was paid, and whatever fails after the provider refunded, the amount
 *     is recorded from the provider's answer or stays reserved for the reconciler: never lost.
 * The same request sent again (its `key`) answers the attempt it made instead of making another.
 */
export async function refundOrder(asManager: InScope<TenantCtx>, deps: RefundDeps, id: string, input: RefundInput): Promise<RefundOutcome> {
  const { payments } = deps;
  const reason = input.reason?.trim() || null;

  const step1 = await asManager(async (ctx) => {
    const order = await findOrderOr404(ctx, id, true);
    const scope = { tenantId: ctx.tenantId, actor: ctx.actor };
    const payment = { sessionId: order.paymentSessionId ?? '', paymentReference: order.paymentReference, destinationAccount: order.paymentDestination };
    const earlier = input.key ? await refunds.findByRequestKey(ctx, input.key) : null;
    const unavailable = () =>
      conflict('refund_unavailable', `This order was paid through the ${order.paymentProvider} payment provider, which this store no longer uses, so it cannot be refunded from here.`);
    if (earlier) {
      const attempt = await sameRequest(ctx, order.id, earlier, input);
      if (attempt.state === 'pending' && (order.paymentProvider !== payments.name || !order.paymentSessionId)) throw unavailable();
      return { attempt, payment, scope, replay: true };
    }
    if (!isPaid(order)) {
      throw conflict('not_paid', order.paymentStatus === 'refunded' ? 'This order has already been refunded in full.' : 'Only paid orders can be refunded.');
    }
    if (order.paymentProvider !== payments.name || !order.paymentSessionId) throw unavailable();
    const chosen = input.lines !== undefined || input.delivery !== undefined ? await chooseLines(ctx, order, input) : null;
    const amount = input.amount !== undefined ? poundsToPence(input.amount) : chosen!.value;
    if (chosen && amount > chosen.value) {
      throw refundRefused(`A refund of ${money(amount)} is more than the ${money(chosen.value)} the chosen items come to.`);
    }
    const left = refundableOf(order);
    if (amount > left) {
      const pending = order.refundPending > 0 ? ` (${money(order.refundPending)} is being refunded right now)` : '';
      throw refundRefused(`A refund of ${money(amount)} is more than the ${money(left)} left to refund on this order${pending}.`);
    }
    const attempt = await refunds.reserveRefund(ctx, order, amount, reason, { requestKey: input.key ?? null, includesDelivery: chosen?.delivery ?? false });
    if (!attempt) throw refundRefused(`A refund of ${money(amount)} is more than is left to refund on this order.`);
    if (chosen) await insertRefundLines(ctx, attempt, chosen.lines);
    return { attempt, payment, scope, replay: false };
  });
  const { attempt, payment, scope } = step1;
  const amount = attempt.amount;
  if (step1.replay) {
    // Settled already: nothing more to do (a refusal is answered as it was).
    if (attempt.state === 'succeeded') return { stockChanged: false };
    if (attempt.state === 'failed') throw conflict('refund_failed', 'The payment provider refused this refund: the order’s timeline says why.');
  }

  // Step 3 runs in the same tenant as step 1 even if the person's access changed in between: the
  // provider has answered by now and the books must say so.
  const outcome = await settleAttempt(deps, scope, attempt, payment);
  switch (outcome.kind) {
    case 'refunded':
      return { stockChanged: outcome.stockChanged };
    case 'refused':
      throw outcome.error;
    case 'unconfirmed':
      throw new AppError(
        502,
        'refund_unconfirmed',
        `The payment provider did not confirm the refund of ${money(amount)}. It stays reserved and is asked again within a few minutes under the same request, so it cannot be refunded twice; the order's timeline shows the result.`,
      );
    case 'unrecorded':
      throw new AppError(
        503,
        'refund_unrecorded',
        `The payment provider refunded ${money(outcome.result.amount)} (refund ${outcome.result.refundId}), but the shop could not record it yet. It stays reserved and is recorded within a few minutes; do not refund it again.`,
        undefined,
        { 'retry-after': '60' },
      );
  }
}
