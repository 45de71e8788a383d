import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import { rowsOf } from '../../db/rows';
import type { PaymentEvent } from '../../adapters/payments/payments';
import type { EmailSender } from '../../adapters/email/email';
import { noticesForPaidOrder } from './store-notices';
import type { StoreCtx } from '../../http/context';
import { isUuid } from '../../../shared/ids';
import { markPaid, releaseUnpaid } from './lifecycle';
import * as repo from './orders-repo';
import { tenantName } from '../tenants';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified payment event (DESIGN rule 6): recorded by event id first, in the same
 * transaction as its effect, so a repeated delivery finds the record and does nothing. Answers the
 * order that was paid. The confirmation email (and the store's notices) are written in the same transaction; order.paid is told
 * to subscribers (catalogue cache, mail delivery) once it has committed.
 */
export async function applyPaymentEvent(scopes: UnitOfWork, email: EmailSender, event: PaymentEvent): Promise<{ outcome: EventOutcome; paidOrderId: string | null }> {
  if (event.type === 'ignored' || !event.tenantId || !isUuid(event.tenantId) || !event.orderId || !isUuid(event.orderId)) return { outcome: 'ignored', paidOrderId: null };
  const tenantId = event.tenantId;
  return scopes.run({ tenantId, userId: null }, async (work) => {
    const { tx } = work;
    const ctx: StoreCtx = { ...work, tenantId, actor: null };
    // A store deleted since the payment began (or a forged id) has nothing to pay.
    if ((await tenantName(tx, tenantId)) === null) return { outcome: 'ignored', paidOrderId: null };
    const recorded = await tx.execute(sql`
      insert into payment_events (tenant_id, provider, event_id, type, session_id)
      values (${tenantId}::uuid, ${event.provider}, ${event.eventId}, ${event.type}, ${event.sessionId})
      on conflict (provider, event_id) do nothing
      returning id`);
    if (rowsOf(recorded).length === 0) return { outcome: 'duplicate', paidOrderId: null };
    const order = await repo.findOrder(ctx, { id: event.orderId! }, true);
    // The session must be the one this order opened: an event can never pay a different order. Only
    // a payment-intent failure comes without a session (it just notes the failure).
    const sessionMatches = event.sessionId ? order?.paymentSessionId === event.sessionId : event.type === 'payment.failed';
    if (!order || !sessionMatches) return { outcome: 'ignored', paidOrderId: null };
    if (event.type === 'checkout.completed') {
      if (event.amountTotal !== null && event.amountTotal !== order.totalAmount) {
        await repo.addEvent(ctx, order.id, 'payment_mismatch', `Payment of ${event.amountTotal} pence does not match the order total of ${order.totalAmount} pence`);
        return { outcome: 'ignored', paidOrderId: null };
      }
      const paid = await markPaid(ctx, order, event.paymentReference);
      if (paid) {
        // The confirmation, and the store's own new-order and low-stock emails, as its settings say.
        await noticesForPaidOrder(ctx, email, order);
        // A paid order took stock: the storefront's cached "In Stock" answers must not outlive it.
        ctx.emit({ type: 'order.paid', tenantId, orderId: order.id });
      }
      return { outcome: 'applied', paidOrderId: paid ? order.id : null };
    }
    if (event.type === 'payment.failed') {
      // The shopper may try another card while the session is open: note it, keep holding the stock.
      await repo.addEvent(ctx, order.id, 'payment_failed', 'A card payment attempt failed');
      return { outcome: 'applied', paidOrderId: null };
    }
    await releaseUnpaid(ctx, order, 'expired', 'The payment session expired or was cancelled');
    return { outcome: 'applied', paidOrderId: null };
  });
}
