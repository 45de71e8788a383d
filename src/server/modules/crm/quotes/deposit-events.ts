import type { PaymentEvent } from '../../../adapters/payments/payments';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { isUuid } from '../../../../shared/ids';
import { providerName, recordStrayPayment, settleStrayRefund, type StrayRefund, type StrayRefundDeps, type StraySubject } from '../../payments';
import { tenantName } from '../../tenants';
import { addQuoteEvent } from './events-repo';
import { depositState, forgetDepositSession, inQuoteBook, markDepositPaid } from './public-repo';
import { findQuote } from './repo';
import { followDepositPaid } from './deposit-paid';

export type DepositOutcome = 'applied' | 'duplicate' | 'ignored' | 'refunded';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/**
 * A quote as the subject of a payment it does not keep (decision 029): the merchant's words for it and
 * its history. Handed to the payments module's stray refunds (and to its reconciler at boot).
 */
export const quoteStraySubject: StraySubject = {
  async describe(work, id) {
    const quote = await findQuote(work.tx, work.tenantId, id);
    if (!quote) return null;
    return { label: `the quote “${quote.content.header_title}” for ${quote.lead?.name ?? 'a removed lead'}` };
  },
  async note(work, id, note) {
    await addQuoteEvent(work.tx, work.tenantId, id, note.type, note.message, note.data);
  },
};

/**
 * A verified payment event for a quote's deposit (the webhook route hands over events with quoteId).
 * With the quote's row locked: the first payment of exactly the deposit pays it, once; the same
 * session's payment again is a duplicate delivery; any other payment (a second session's, an amount
 * that is not the deposit, a deleted quote's) is recorded once per session on the quote's history and
 * refunded through the provider after the transaction (decision 029), never silently kept.
 */
export async function applyQuoteDepositEvent(deps: StrayRefundDeps, event: PaymentEvent): Promise<DepositOutcome> {
  const { quoteId, tenantId, sessionId, amountTotal } = event;
  if (event.type !== 'checkout.completed' || !quoteId || !isUuid(quoteId) || !sessionId || amountTotal === null || amountTotal <= 0) return 'ignored';
  if (tenantId !== null && !isUuid(tenantId)) return 'ignored';
  const result = await inQuoteBook(deps.scopes, tenantId, async (work): Promise<{ outcome: DepositOutcome; stray?: StrayRefund; expire?: string }> => {
    const { tx } = work;
    const quote = await depositState(tx, tenantId, quoteId);
    // A store deleted since (or a forged id): there is no book to record anything in.
    if (!quote && tenantId !== null && (await tenantName({ tx, tenantId })) === null) return { outcome: 'ignored' };
    if (quote && !quote.paidAt && quote.depositAmountPence === amountTotal) {
      await markDepositPaid(tx, tenantId, quoteId, amountTotal, sessionId, event.provider, event.paymentReference);
      await addQuoteEvent(tx, tenantId, quoteId, 'deposit_paid', `Deposit of ${money(amountTotal)} paid (${providerName(event.provider)} session ${sessionId}${event.paymentReference ? `, payment ${event.paymentReference}` : ''}).`, {
        session_id: sessionId,
        payment_reference: event.paymentReference,
      });
      // The lead moves, keeps the amount, and the merchant and client are emailed: once, with the payment.
      await followDepositPaid(deps, { ...work, tenantId }, quoteId, amountTotal);
      // Another session of the quote may still be open at the provider: close it, so it is not paid too.
      const other = quote.paymentSessionId && quote.paymentSessionId !== sessionId && quote.paymentProvider === event.provider ? quote.paymentSessionId : undefined;
      return { outcome: 'applied', expire: other };
    }
    if (quote?.paidAt && quote.paymentSessionId === sessionId) return { outcome: 'duplicate' };
    const reason = !quote ? 'not_found' : quote.paidAt ? 'already_paid' : 'amount_mismatch';
    // Its own open session, paid for a deposit it no longer has: refunded, so it is no session to keep.
    if (reason === 'amount_mismatch' && quote!.paymentSessionId === sessionId) await forgetDepositSession(tx, tenantId, quoteId, sessionId);
    const stray = await recordStrayPayment({ ...work, tenantId }, quoteStraySubject, {
      provider: event.provider,
      sessionId,
      paymentReference: event.paymentReference,
      destinationAccount: event.destinationAccount ?? null,
      subject: { kind: 'quote', id: quoteId },
      reason,
      amount: amountTotal,
      amountDue: reason === 'amount_mismatch' ? quote!.depositAmountPence : null,
    });
    return stray ? { outcome: 'refunded', stray } : { outcome: 'duplicate' };
  });
  if (result.expire) await deps.payments.expireSession(result.expire).catch((err: unknown) => deps.log.warn({ err, quoteId }, 'could not close the other deposit session of a paid quote'));
  if (result.stray) await settleStrayRefund(deps, quoteStraySubject, result.stray);
  return result.outcome;
}
