import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailLayout } from '../../../adapters/email/layout';
import { formatGBP, penceToPounds } from '../../../../shared/money';
import { PLATFORM_NAME } from '../../../../shared/platform';
import { storeManagerEmails } from '../../accounts';
import { storeDetails } from '../../tenants';
import type { StrayRefund } from './repo';
import type { BookWork, StraySubject } from './types';

// What a stray payment's record says on its order's or quote's timeline, and the email the merchant
// gets when its refund is settled (decision 029). The words live here once for orders and quotes.

const money = (pence: number) => formatGBP(penceToPounds(pence));
const PROVIDER_NAME: Record<string, string> = { stripe: 'Stripe', test: 'the test gateway' };
/** How timelines and emails name a payment provider: "Stripe", "the test gateway". */
export const providerName = (provider: string) => PROVIDER_NAME[provider] ?? provider;
/** A provider's message as a sentence: it is followed by what to do next. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const whatOf = (r: StrayRefund) => (r.subjectKind === 'order' ? 'this order' : "this quote's deposit");

export const STRAY_EVENT = { received: 'stray_payment', refunded: 'stray_payment_refunded', failed: 'stray_payment_refund_failed' } as const;

/** Why the payment is not kept, naming the subject as asked ("this order", or "order DS-1042" in an email). */
function whyText(r: StrayRefund, what: string): string {
  const paid = `${money(r.amount)} (${providerName(r.provider)} session ${r.sessionId})`;
  if (r.reason === 'already_paid') return `A second payment of ${paid} arrived after ${what} was already paid.`;
  if (r.reason === 'amount_mismatch') return `A payment of ${paid} arrived that is not the ${money(r.amountDue ?? 0)} due for ${what}.`;
  if (r.reason === 'other_session') return `A payment of ${paid} arrived from a payment session ${what} no longer uses.`;
  return `A payment of ${paid} arrived for ${what}.`;
}

/** The timeline entry written with the record, in the webhook's transaction. */
export function receivedNote(r: StrayRefund) {
  return { type: STRAY_EVENT.received, message: `${whyText(r, whatOf(r))} It is being refunded to the payer automatically.`, data: dataOf(r) };
}

export function refundedNote(r: StrayRefund, refundId: string, amount: number, how: string) {
  return {
    type: STRAY_EVENT.refunded,
    message: `Refunded the ${money(amount)} payment (${providerName(r.provider)} session ${r.sessionId}) to the payer automatically: refund ${refundId}.${how}`,
    data: { ...dataOf(r), refund_id: refundId, refunded: penceToPounds(amount) },
  };
}

export function failedNote(r: StrayRefund, why: string) {
  return {
    type: STRAY_EVENT.failed,
    message: `The ${money(r.amount)} payment (${providerName(r.provider)} session ${r.sessionId}) could not be refunded automatically: ${sentence(why)} Refund it by hand with ${providerName(r.provider)}${r.paymentReference ? ` (payment ${r.paymentReference})` : ''}.`,
    data: { ...dataOf(r), error: why },
  };
}

const dataOf = (r: StrayRefund) => ({ stray_refund_id: r.id, session_id: r.sessionId, payment_reference: r.paymentReference, amount: penceToPounds(r.amount), reason: r.reason });

/**
 * Who hears of a store's money: its contact email (Settings > Store Info), else its owners and admins;
 * of the platform's own book: the platform owners (PLATFORM_OWNER_EMAILS). At most ten addresses.
 */
async function recipients(work: BookWork, platformOwnerEmails: readonly string[]): Promise<{ name: string; to: string[]; store?: Awaited<ReturnType<typeof storeDetails>> }> {
  if (work.tenantId === null) return { name: PLATFORM_NAME, to: [...new Set(platformOwnerEmails)].slice(0, 10) };
  const store = await storeDetails(work.tx, work.tenantId);
  const contact = store?.details.contact_email;
  const to = contact ? [contact] : await storeManagerEmails({ tx: work.tx, tenantId: work.tenantId });
  return { name: store?.name ?? 'Your shop', to: [...new Set(to)].slice(0, 10), store };
}

/**
 * The merchant's email once the refund is settled: refunded, or refused and left to them. Written in
 * the settling transaction (the outbox row commits with the record's new state, and is sent after).
 */
export async function emailMerchant(
  work: BookWork,
  email: EmailSender,
  platformOwnerEmails: readonly string[],
  subject: StraySubject,
  r: StrayRefund,
  outcome: { refunded: { refundId: string; amount: number } } | { failed: string },
): Promise<number> {
  const about = await subject.describe(work, r.subjectId);
  const label = about?.label ?? (r.subjectKind === 'order' ? 'an order' : 'a quote that has since been deleted');
  const { name, to, store } = await recipients(work, platformOwnerEmails);
  const refunded = 'refunded' in outcome;
  const heading = refunded ? `A payment for ${label} was refunded automatically` : `A payment for ${label} needs refunding`;
  const paragraphs = [
    whyText(r, label),
    refunded
      ? `We refunded ${money(outcome.refunded.amount)} to the payer through ${providerName(r.provider)} (refund ${outcome.refunded.refundId}). There is nothing you need to do.`
      : `It could not be refunded automatically: ${sentence(outcome.failed)} Please refund it by hand with ${providerName(r.provider)}${r.paymentReference ? ` (payment ${r.paymentReference})` : ''}.`,
  ];
  const { html, text } = renderEmailLayout({ shopName: name, store: store?.details, heading, paragraphs });
  const kind = refunded ? 'stray_payment_refunded' : 'stray_payment_refund_failed';
  const subjectLine = refunded ? `Payment refunded automatically: ${label}` : `Refund needed: a payment for ${label}`;
  for (const address of to) {
    await email.send(work, { tenantId: work.tenantId, to: address, subject: subjectLine.slice(0, 200), html, text, kind, orderId: about?.orderId ?? null, orderNumber: about?.orderNumber ?? null });
  }
  return to.length;
}
