import type { FastifyRequest } from 'fastify';
import { withScope } from '../../db/scope';
import type { TenantCtx } from '../../http/context';
import { asStoreManager } from '../../http/guards';
import { AppError, conflict } from '../../http/errors';
import { formatGBP, penceToPounds, poundsToPence } from '../../../shared/money';
import { orderStatusName, type RefundInput } from '../../../shared/admin-orders';
import * as ordersRepo from '../orders/orders-repo';
import { sendRefundEmail } from './customer-emails';
import * as repo from './repo';
import { findOrderOr404, refundRefused } from './service';
import { isPaid, refundableOf } from './view';

const money = (pence: number) => formatGBP(penceToPounds(pence));

export interface RefundOutcome {
  stockChanged: boolean;
}

/**
 * Refunds part or all of a paid order through the payment provider, in three steps so no network
 * call runs inside a database transaction and two refunds at once can never pass what was paid:
 *  1. lock the order, check the amount, and reserve it (orders.refund_pending, a conditional update);
 *  2. ask the provider;
 *  3. settle: the reserved amount becomes refunded (payment status, order status, email, timeline),
 *     or, when the provider refused or failed, is let go again with the failure on the timeline.
 * A process that dies between 2 and 3 leaves the amount reserved (never over-refunded); the
 * timeline then lacks the refund, which the provider's dashboard still shows.
 */
export async function refundOrder(req: FastifyRequest, id: string, input: RefundInput): Promise<RefundOutcome> {
  const payments = req.server.deps.payments;
  const amount = poundsToPence(input.amount);
  const reason = input.reason?.trim() || null;

  const reserved = await asStoreManager(req, async (ctx) => {
    const order = await findOrderOr404(ctx, id, true);
    if (!isPaid(order)) {
      throw conflict('not_paid', order.paymentStatus === 'refunded' ? 'This order has already been refunded in full.' : 'Only paid orders can be refunded.');
    }
    if (order.paymentProvider !== payments.name || !order.paymentSessionId) {
      throw conflict('refund_unavailable', `This order was paid through the ${order.paymentProvider} payment provider, which this store no longer uses, so it cannot be refunded from here.`);
    }
    const left = refundableOf(order);
    if (amount > left) {
      const pending = order.refundPending > 0 ? ` (${money(order.refundPending)} is being refunded right now)` : '';
      throw refundRefused(`A refund of ${money(amount)} is more than the ${money(left)} left to refund on this order${pending}.`);
    }
    if (!(await repo.reserveRefund(ctx, order.id, amount))) throw refundRefused(`A refund of ${money(amount)} is more than is left to refund on this order.`);
    return { order, scope: { tenantId: ctx.tenantId, actor: ctx.actor, role: ctx.role } };
  });

  const { order, scope } = reserved;
  // Step 3 runs in the same tenant as step 1 even if the person's access changed in between: the
  // provider has answered by now and the books must say so.
  const settle = <T>(fn: (ctx: TenantCtx) => Promise<T>) =>
    withScope(req.server.deps.database.db, { tenantId: scope.tenantId, userId: scope.actor.userId }, (tx) => fn({ tx, ...scope }));

  let refundId: string;
  try {
    refundId = (await payments.refund({ sessionId: order.paymentSessionId!, paymentReference: order.paymentReference, amount, reason: reason ?? undefined })).refundId;
  } catch (error) {
    const known = error instanceof AppError;
    const message = known ? error.message : 'The payment provider could not be reached to make this refund. Check the payment in the provider before trying again.';
    await settle(async (ctx) => {
      await repo.settleRefund(ctx, order.id, amount, false);
      await ordersRepo.addEvent(ctx, order.id, 'refund_failed', `Refund of ${money(amount)} failed: ${message}`, { amount: penceToPounds(amount) });
    });
    if (known) throw error;
    req.log.error({ err: error, orderId: order.id }, 'refund failed at the payment provider');
    throw new AppError(502, 'refund_failed', message);
  }

  return settle(async (ctx) => {
    const after = await repo.settleRefund(ctx, order.id, amount, true);
    if (!after) throw new Error(`order ${order.id} vanished while refunding`);
    const full = after.refundedAmount >= after.totalAmount;
    const changes: Partial<ordersRepo.OrderRow> = { paymentStatus: full ? 'refunded' : 'partially_refunded' };
    let stockChanged = false;
    if (full) {
      changes.status = 'refunded';
      // Refunded in full before it was sent: the goods never left, so they go back on sale.
      if (after.reservationState === 'committed' && (after.status === 'confirmed' || after.status === 'processing')) {
        stockChanged = (await repo.returnSoldStock(ctx, order.id, 'return', `Order ${order.orderNumber} refunded in full before it was sent`)) > 0;
        changes.reservationState = 'released';
      }
    }
    await ordersRepo.updateOrder(ctx, order.id, changes);
    const total = `${money(after.refundedAmount)} of ${money(after.totalAmount)} refunded`;
    await ordersRepo.addEvent(ctx, order.id, 'refunded', `Refunded ${money(amount)}${reason ? ` (${reason})` : ''}: ${total}`, {
      amount: penceToPounds(amount),
      refund_id: refundId,
      ...(reason ? { reason } : {}),
    });
    if (full && after.status !== 'refunded') {
      await ordersRepo.addEvent(ctx, order.id, 'status_changed', `Status changed from ${orderStatusName(after.status)} to Refunded`, { from: after.status, to: 'refunded' });
    }
    await sendRefundEmail(ctx, req.server.deps.email, { ...after, ...changes }, amount);
    return { stockChanged };
  });
}
