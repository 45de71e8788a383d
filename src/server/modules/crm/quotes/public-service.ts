import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../../db/unit-of-work';
import { AppError, notFound } from '../../../http/errors';
import type { PaymentEvent, PaymentProvider } from '../../../adapters/payments/payments';
import { PaymentSessionCompleteError } from '../../../adapters/payments/errors';
import type { PublicQuote } from '../../../../shared/crm/quotes';
import { MAX_ORDER_TOTAL_PENCE, penceToPounds } from '../../../../shared/money';
import { isUuid } from '../../../../shared/ids';
import { quotePagePath } from '../../../../shared/crm/routes';
import { paymentDestination } from '../../payments';
import { spendPlatformAllowance, type Limit } from '../../limits';
import { depositState, inQuoteBook, markDepositPaid, openPublicQuote, recordDepositSession, type PublicQuoteRow } from './public-repo';

export const PUBLIC_QUOTE_TEXT = {
  notFound: 'Quote not found',
  alreadyPaid: 'This deposit has already been paid.',
  notPayable: 'This quote can no longer be paid online. Please contact us.',
  noDeposit: 'There is no deposit to pay on this quote.',
  tooLarge: 'This deposit is too large to pay by card online. Please contact us.',
  providerDown: 'We could not reach the payment provider. Please try again.',
} as const;

/**
 * Opening payment sessions costs a provider call each and needs no sign-in: a few per quote in ten
 * minutes is plenty for a client (a second tab, a cancelled attempt), and stops a loop on one link.
 */
export const DEPOSIT_LIMIT: Limit = { bucket: 'quote_deposit', max: 10, windowMs: 10 * 60 * 1000, message: 'Too many payment attempts for this quote. Please wait a few minutes and try again.' };

/** The host a public quote request came on: its book, and who the client pays. */
export interface QuoteHost {
  tenantId: string | null;
  fromName: string;
  /** The origin links are built on (originOf: the store's own domain, never a raw Host). */
  origin: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toPublicQuote(row: PublicQuoteRow, fromName: string): PublicQuote {
  return {
    ...row.content,
    unique_url: row.unique_url,
    status: row.status,
    client: { name: row.client_name, company: row.client_company },
    from_name: fromName,
    shopify_monthly_total: penceToPounds(row.shopify_monthly_total_pence),
    total_amount: penceToPounds(row.total_amount_pence),
    deposit_amount: penceToPounds(row.deposit_amount_pence),
    paid_at: iso(row.paid_at),
    created_at: iso(row.created_at)!,
    can_pay: row.status === 'active' && row.paid_at === null && row.deposit_amount_pence > 0,
  };
}

/** The proposal page's data (no view counted: the page's HTML load counts it). */
export async function publicQuote(scopes: UnitOfWork, host: QuoteHost, uniqueUrl: string, countView = false): Promise<PublicQuote | null> {
  const row = await scopes.run({ tenantId: host.tenantId, userId: null }, ({ tx }) => openPublicQuote(tx, uniqueUrl, countView));
  return row ? toPublicQuote(row, host.fromName) : null;
}

/**
 * POST .../deposit: a payment session for the quote's deposit (decision 028), into the store's
 * connected account when it is ready, else (and for the platform's own quotes) the platform's. A
 * session opened earlier for the quote is expired first, so the client cannot pay twice; if it was
 * already paid, the webhook is on its way and this answers 409.
 */
export async function startDeposit(deps: { scopes: UnitOfWork; payments: PaymentProvider; log: FastifyBaseLogger }, host: QuoteHost, uniqueUrl: string): Promise<{ url: string }> {
  const { scopes, payments } = deps;
  const found = await scopes.run({ tenantId: host.tenantId, userId: null }, async (work) => {
    const row = await openPublicQuote(work.tx, uniqueUrl, false);
    if (!row) return null;
    if (!row.paid_at) await spendPlatformAllowance(work.tx, DEPOSIT_LIMIT, row.id);
    const destination = host.tenantId ? await paymentDestination({ ...work, tenantId: host.tenantId, actor: null }, payments.name) : null;
    return { row, destination };
  });
  if (!found) throw notFound(PUBLIC_QUOTE_TEXT.notFound);
  const { row, destination } = found;
  if (row.paid_at) throw new AppError(409, 'already_paid', PUBLIC_QUOTE_TEXT.alreadyPaid);
  if (row.status !== 'active') throw new AppError(409, 'invalid_transition', PUBLIC_QUOTE_TEXT.notPayable);
  if (row.deposit_amount_pence <= 0) throw new AppError(409, 'invalid_transition', PUBLIC_QUOTE_TEXT.noDeposit);
  if (row.deposit_amount_pence > MAX_ORDER_TOTAL_PENCE) throw new AppError(409, 'order_too_large', PUBLIC_QUOTE_TEXT.tooLarge);

  const earlier = await inQuoteBook(scopes, host.tenantId, ({ tx }) => depositState(tx, host.tenantId, row.id));
  if (earlier?.paymentSessionId) {
    try {
      await payments.expireSession(earlier.paymentSessionId);
    } catch (err) {
      if (err instanceof PaymentSessionCompleteError) throw new AppError(409, 'already_paid', PUBLIC_QUOTE_TEXT.alreadyPaid);
      // An unknown or already-ended session: nothing to stop.
      deps.log.warn({ err, sessionId: earlier.paymentSessionId }, 'expiring an earlier deposit session failed');
    }
  }
  const page = `${host.origin}${quotePagePath(row.unique_url)}`;
  let session;
  try {
    session = await payments.createDepositSession({
      tenantId: host.tenantId,
      quoteId: row.id,
      payeeName: host.fromName,
      description: `Deposit: ${row.content.header_title}`,
      amount: row.deposit_amount_pence,
      currency: 'gbp',
      returnUrl: page,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      destinationAccount: destination,
    });
  } catch (err) {
    deps.log.error({ err, quoteId: row.id }, 'the payment provider did not open a deposit session');
    throw new AppError(502, 'payment_unavailable', PUBLIC_QUOTE_TEXT.providerDown);
  }
  await inQuoteBook(scopes, host.tenantId, ({ tx }) => recordDepositSession(tx, host.tenantId, row.id, session.sessionId));
  return { url: session.url };
}

export type DepositOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A verified payment event for a quote's deposit (the webhook route hands over events with quoteId).
 * Idempotent in one statement: paid_at is set only while unset and only for the deposit's exact
 * amount, with the session and the provider's reference; a repeated delivery finds it paid and does
 * nothing. The quote row is the record: a deposit has one effect, so it needs no event log of its own.
 */
export async function applyQuoteDepositEvent(scopes: UnitOfWork, event: PaymentEvent, log?: FastifyBaseLogger): Promise<DepositOutcome> {
  const { quoteId, tenantId, sessionId } = event;
  if (event.type !== 'checkout.completed' || !quoteId || !isUuid(quoteId) || !sessionId || event.amountTotal === null) return 'ignored';
  if (tenantId !== null && !isUuid(tenantId)) return 'ignored';
  return inQuoteBook(scopes, tenantId, async ({ tx }) => {
    if (await markDepositPaid(tx, tenantId, quoteId, event.amountTotal!, sessionId, event.paymentReference)) return 'applied';
    const quote = await depositState(tx, tenantId, quoteId);
    if (quote?.paidAt) return quote.paymentSessionId === sessionId ? 'duplicate' : 'ignored';
    if (quote) log?.warn({ quoteId, amount: event.amountTotal, deposit: quote.depositAmountPence }, 'a deposit payment does not match the quote\'s deposit');
    return 'ignored';
  });
}
