import type { FastifyBaseLogger } from 'fastify';
import type { InScope, StoreCtx } from '../../http/context';
import type { PaymentProvider } from '../../adapters/payments/payments';
import { conflict, notFound, unauthorized } from '../../http/errors';
import { PaymentSessionCompleteError } from '../../adapters/payments/errors';
import { isAwaitingPayment, releaseUnpaid } from './lifecycle';
import * as repo from './orders-repo';

export const NOT_AWAITING_PAYMENT = 'This order is no longer awaiting payment.';
export const PAID_MEANWHILE = 'Your payment has just arrived, so this order was not cancelled.';

/**
 * The signed-in shopper's own order by number: anyone else's, another store's or a missing one is the
 * same 404. Only an order still awaiting its payment can be cancelled by the shopper (409 otherwise).
 */
async function findCancellable(ctx: StoreCtx, orderNumber: string, lock: boolean): Promise<repo.OrderRow> {
  if (!ctx.actor) throw unauthorized();
  const order = await repo.findOrder(ctx, { orderNumber: orderNumber.trim().toUpperCase() }, lock);
  if (!order || order.userId !== ctx.actor.userId) throw notFound('Order not found');
  if (order.paidAt || order.paymentStatus !== 'unpaid') throw conflict('already_paid', order.paidAt ? PAID_MEANWHILE : NOT_AWAITING_PAYMENT);
  if (!isAwaitingPayment(order)) throw conflict('not_awaiting_payment', NOT_AWAITING_PAYMENT);
  return order;
}

/**
 * POST /api/account/orders/:order_number/cancel (My orders' Cancel on a checkout awaiting payment).
 * First its payment session is closed at the provider (a network call, so outside any transaction),
 * so it can no longer be paid; a session found already paid stops here. Then, with the order locked,
 * its held stock is given back (once: a second cancel finds it released) and the timeline says who.
 */
export async function cancelAwaitingPayment(
  inShop: InScope<StoreCtx>,
  deps: { payments: PaymentProvider; log: FastifyBaseLogger },
  orderNumber: string,
): Promise<{ message: string }> {
  const sessionId = await inShop(async (ctx) => (await findCancellable(ctx, orderNumber, false)).paymentSessionId);
  if (sessionId) {
    try {
      await deps.payments.expireSession(sessionId);
    } catch (error) {
      if (error instanceof PaymentSessionCompleteError) throw conflict('already_paid', PAID_MEANWHILE);
      // Unreachable provider: cancel anyway. A payment that still arrives revives the order (markPaid).
      deps.log.warn({ err: error, orderNumber }, 'could not expire the payment session of an order the shopper cancelled');
    }
  }
  return inShop(async (ctx) => {
    const order = await findCancellable(ctx, orderNumber, true);
    await releaseUnpaid(ctx, order, 'expired', `Cancelled by the customer (${ctx.actor!.email}) before paying`, 'cancelled_by_customer');
    return { message: `Order ${order.orderNumber} has been cancelled. You have not been charged.` };
  });
}
