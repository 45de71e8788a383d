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
import { recordStrayPayment, type StrayRefund, type StraySubject } from '../payments';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refunded';


/**
 * An order as the subject of a payment it does not keep (decision 029): its number for the merchant,
 * and its timeline. Handed to the payments module's stray refunds (and its reconciler at boot).
 */
export const orderStraySubject: StraySubject = {
  async describe(work, id) {
    if (!work.tenantId) return null;
    const order = await repo.findOrder({ ...work, tenantId: work.tenantId, actor: null }, { id });
    return order ? { label: `order ${order.orderNumber}`, orderId: order.id, orderNumber: order.orderNumber } : null;
  },
  async note(work, id, note) {
    if (work.tenantId) await repo.addEvent({ ...work, tenantId: work.tenantId, actor: null }, id, note.type, note.message, note.data);
  },
};

/**
 * Applies a verified payment event (DESIGN rule 6): recorded by event id first, in the same
 * transaction as its effect, so a repeated delivery finds the record and does nothing. Answers the
 * order that was paid. The confirmation email (and the store's notices) are written in the same
 * transaction; order.paid is told to subscribers (catalogue cache, mail delivery) once it has committed.
 *
 * A completed payment the order does not keep (decision 029: the order already paid by another
 * session, a session the order no longer uses, or an amount that is not its total) is never ignored:
 * it is recorded once per session with an entry on the order's timeline, and answered as `stray` for
 * the caller to refund through the provider once this transaction has committed.
 */
export async function applyPaymentEvent(scopes: UnitOfWork, email: EmailSender, event: PaymentEvent): Promise<{ outcome: EventOutcome; paidOrderId: string | null; stray?: StrayRefund }> {
  if (event.type === 'ignored' || !event.tenantId || !isUuid(event.tenantId) || !event.orderId || !isUuid(event.orderId)) return { outcome: 'ignored', paidOrderId: null };
  const tenantId = event.tenantId;
  return scopes.run({ tenantId, userId: null }, async (work) => {
    const { tx } = work;
    const ctx: StoreCtx = { ...work, tenantId, actor: null };
    // A store deleted since the payment began (or a forged id) has nothing to pay.
    if ((await tenantName(ctx)) === null) return { outcome: 'ignored', paidOrderId: null };
    const recorded = await tx.execute(sql`
      insert into payment_events (tenant_id, provider, event_id, type, session_id)
      values (${tenantId}::uuid, ${event.provider}, ${event.eventId}, ${event.type}, ${event.sessionId})
      on conflict (provider, event_id) do nothing
      returning id`);
    if (rowsOf(recorded).length === 0) return { outcome: 'duplicate', paidOrderId: null };
    // The event names its order in metadata the provider signed: it can only ever affect that order.
    const order = await repo.findOrder(ctx, { id: event.orderId! }, true);
    if (!order) return { outcome: 'ignored', paidOrderId: null };
    // The session must be the one this order opened for it to pay, cancel or fail the order. Only a
    // payment-intent failure comes without a session (it just notes the failure).
    const sessionMatches = event.sessionId ? order.paymentSessionId === event.sessionId : event.type === 'payment.failed';
    if (event.type === 'checkout.completed') {
      const amountMatches = event.amountTotal === null || event.amountTotal === order.totalAmount;
      // The order's own payment delivered again under another event id: it is paid by this very session.
      if (sessionMatches && order.paidAt) return { outcome: 'duplicate', paidOrderId: null };
      if (sessionMatches && amountMatches) {
        const paid = await markPaid(ctx, order, event.paymentReference);
        if (paid) {
          // The confirmation, and the store's own new-order and low-stock emails, as its settings say.
          await noticesForPaidOrder(ctx, email, order);
          // A paid order took stock: the storefront's cached "In Stock" answers must not outlive it.
          ctx.emit({ type: 'order.paid', tenantId, orderId: order.id });
        }
        return { outcome: 'applied', paidOrderId: paid ? order.id : null };
      }
      return strayPayment(ctx, order, event);
    }
    if (!sessionMatches) return { outcome: 'ignored', paidOrderId: null };
    if (event.type === 'payment.failed') {
      // The shopper may try another card while the session is open: note it, keep holding the stock.
      await repo.addEvent(ctx, order.id, 'payment_failed', 'A card payment attempt failed');
      return { outcome: 'applied', paidOrderId: null };
    }
    await releaseUnpaid(ctx, order, 'expired', 'The payment session expired or was cancelled');
    return { outcome: 'applied', paidOrderId: null };
  });
}

/** A completed payment this order does not keep: written down once per session, refunded after commit. */
async function strayPayment(ctx: StoreCtx, order: repo.OrderRow, event: PaymentEvent): Promise<{ outcome: EventOutcome; paidOrderId: null; stray?: StrayRefund }> {
  const amount = event.amountTotal;
  if (!event.sessionId || amount === null || amount <= 0) return { outcome: 'ignored', paidOrderId: null };
  const reason = order.paidAt ? 'already_paid' : order.paymentSessionId !== event.sessionId ? 'other_session' : 'amount_mismatch';
  const stray = await recordStrayPayment(ctx, orderStraySubject, {
    provider: event.provider,
    sessionId: event.sessionId,
    paymentReference: event.paymentReference,
    destinationAccount: event.destinationAccount ?? order.paymentDestination,
    subject: { kind: 'order', id: order.id },
    reason,
    amount,
    amountDue: reason === 'amount_mismatch' ? order.totalAmount : null,
  });
  return stray ? { outcome: 'refunded', paidOrderId: null, stray } : { outcome: 'duplicate', paidOrderId: null };
}
