import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork, Work } from '../../../db/unit-of-work';
import { AppError, notFound } from '../../../http/errors';
import type { PaymentProvider } from '../../../adapters/payments/payments';
import { PaymentSessionCompleteError, PaymentSessionUnknownError } from '../../../adapters/payments/errors';
import { formatGBP, MAX_ORDER_TOTAL_PENCE, penceToPounds } from '../../../../shared/money';
import { quotePagePath } from '../../../../shared/crm/routes';
import { paymentDestination, providerName } from '../../payments';
import { spendPlatformAllowance } from '../../limits';
import { addQuoteEvent } from './events-repo';
import { claimDepositOpening, depositState, inQuoteBook, openPublicQuote, recordDepositSession, releaseDepositOpening } from './public-repo';
import { crmOpenOn, DEPOSIT_LIMIT, PUBLIC_QUOTE_TEXT, type QuoteHost } from './public-service';

/** How long a deposit's payment page stays open. */
const SESSION_MINUTES = 60;
/** How long a start waits for another start of the same quote to open its session. */
const WAIT_FOR_OPENING_MS = 20_000;
const POLL_MS = 100;

const money = (pence: number) => formatGBP(penceToPounds(pence));

export interface DepositDeps {
  scopes: UnitOfWork;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

type Step = { kind: 'reuse'; url: string } | { kind: 'wait' } | { kind: 'open'; title: string; amount: number; previous: { sessionId: string; provider: string | null } | null };

/**
 * One look at the quote with its row locked (decision 029): paid or not payable is refused; an open
 * session still good for this deposit is answered again; while another start is opening one, wait;
 * otherwise this start claims the opening (and spends one of the quote's provider calls).
 */
async function nextStep(deps: DepositDeps, tenantId: string | null, quoteId: string, token: string): Promise<Step> {
  return inQuoteBook(deps.scopes, tenantId, async ({ tx }) => {
    const q = await depositState(tx, tenantId, quoteId, deps.payments.name);
    if (!q) throw notFound(PUBLIC_QUOTE_TEXT.notFound);
    if (q.paidAt) throw new AppError(409, 'already_paid', PUBLIC_QUOTE_TEXT.alreadyPaid);
    if (q.status !== 'active') throw new AppError(409, 'invalid_transition', PUBLIC_QUOTE_TEXT.notPayable);
    if (q.depositAmountPence <= 0) throw new AppError(409, 'invalid_transition', PUBLIC_QUOTE_TEXT.noDeposit);
    if (q.depositAmountPence > MAX_ORDER_TOTAL_PENCE) throw new AppError(409, 'order_too_large', PUBLIC_QUOTE_TEXT.tooLarge);
    if (q.reusable && q.paymentUrl) return { kind: 'reuse', url: q.paymentUrl };
    if (q.opening) return { kind: 'wait' };
    await spendPlatformAllowance(tx, DEPOSIT_LIMIT, quoteId);
    await claimDepositOpening(tx, tenantId, quoteId, token);
    const previous = q.paymentSessionId ? { sessionId: q.paymentSessionId, provider: q.paymentProvider } : null;
    return { kind: 'open', title: q.title, amount: q.depositAmountPence, previous };
  });
}

/**
 * POST .../deposit: the client's payment page for the quote's deposit (decisions 028, 029). Starts of
 * one quote are serialised on its row: however many arrive at once, one opens a session at the provider
 * (no transaction open meanwhile) and the others wait for it and answer the same page. A session still
 * good for the deposit is answered again; one that is not (running out, for another amount, another
 * provider's) is expired at the provider before the new one is opened, so the quote has one open
 * session. An earlier session the provider says was paid answers 409: that payment is on its way.
 */
export async function startDeposit(deps: DepositDeps, host: QuoteHost, uniqueUrl: string): Promise<{ url: string }> {
  const found = await deps.scopes.run({ tenantId: host.tenantId, userId: null }, async (work) => {
    const row = (await crmOpenOn(work.tx, host)) ? await openPublicQuote(work.tx, uniqueUrl, false) : null;
    if (!row) return null;
    // Into the store's connected account when it is ready, as checkout does; the platform's own otherwise.
    const destination = host.tenantId && row.paid_at === null ? await paymentDestination({ ...work, tenantId: host.tenantId, actor: null }, deps.payments.name) : null;
    return { row, destination };
  });
  if (!found) throw notFound(PUBLIC_QUOTE_TEXT.notFound);
  const { row, destination } = found;
  const token = randomUUID();
  const deadline = Date.now() + WAIT_FOR_OPENING_MS;
  for (;;) {
    const step = await nextStep(deps, host.tenantId, row.id, token);
    if (step.kind === 'reuse') return { url: step.url };
    if (step.kind === 'open') {
      const url = await openSession(deps, host, { id: row.id, uniqueUrl: row.unique_url, destination }, token, step);
      if (url) return { url };
    }
    // Waiting for another start's session (or this one lost its claim): look again, for a while.
    if (Date.now() > deadline) throw new AppError(409, 'deposit_in_progress', PUBLIC_QUOTE_TEXT.inProgress);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The claimed start's provider calls, none inside a transaction: the earlier session expired first,
 * then the new one opened and recorded. Null when the claim was lost meanwhile (the new session is
 * closed again and the caller looks at the quote once more).
 */
async function openSession(
  deps: DepositDeps,
  host: QuoteHost,
  quote: { id: string; uniqueUrl: string; destination: string | null },
  token: string,
  step: Extract<Step, { kind: 'open' }>,
): Promise<string | null> {
  const { payments, log } = deps;
  const book = <T>(fn: (work: Work) => Promise<T>) => inQuoteBook(deps.scopes, host.tenantId, fn);
  const release = () => book(({ tx }) => releaseDepositOpening(tx, host.tenantId, quote.id, token));
  // A session of another provider (the shop changed its payment keys) cannot be reached, nor paid here.
  if (step.previous && step.previous.provider === payments.name) {
    try {
      await payments.expireSession(step.previous.sessionId);
    } catch (err) {
      if (err instanceof PaymentSessionCompleteError) {
        await release();
        throw new AppError(409, 'already_paid', PUBLIC_QUOTE_TEXT.alreadyPaid);
      }
      // A session the provider does not know cannot be paid; anything else may still be open: stop.
      if (!(err instanceof PaymentSessionUnknownError)) {
        await release();
        log.error({ err, quoteId: quote.id, sessionId: step.previous.sessionId }, 'could not close the earlier deposit session');
        throw new AppError(502, 'payment_unavailable', PUBLIC_QUOTE_TEXT.providerDown);
      }
    }
  }
  const expiresAt = new Date(Date.now() + SESSION_MINUTES * 60_000);
  let session;
  try {
    session = await payments.createDepositSession({
      tenantId: host.tenantId,
      quoteId: quote.id,
      payeeName: host.fromName,
      description: `Deposit: ${step.title}`,
      amount: step.amount,
      currency: 'gbp',
      returnUrl: `${host.origin}${quotePagePath(quote.uniqueUrl)}`,
      expiresAt,
      destinationAccount: quote.destination,
    });
  } catch (err) {
    await release();
    log.error({ err, quoteId: quote.id }, 'the payment provider did not open a deposit session');
    throw new AppError(502, 'payment_unavailable', PUBLIC_QUOTE_TEXT.providerDown);
  }
  const recorded = await book(async ({ tx }) => {
    const opened = { sessionId: session.sessionId, url: session.url, provider: payments.name, amount: step.amount, expiresAt };
    if (!(await recordDepositSession(tx, host.tenantId, quote.id, token, opened))) return false;
    const replaced = step.previous ? `; the earlier one (${step.previous.sessionId}) was closed` : '';
    await addQuoteEvent(tx, host.tenantId, quote.id, 'deposit_session_opened', `Payment page opened for the ${money(step.amount)} deposit (${providerName(payments.name)} session ${session.sessionId})${replaced}.`, {
      session_id: session.sessionId,
      replaced_session_id: step.previous?.sessionId ?? null,
    });
    return true;
  });
  if (recorded) return session.url;
  await payments.expireSession(session.sessionId).catch((err: unknown) => log.warn({ err, sessionId: session.sessionId }, 'could not close a deposit session opened after the claim was lost'));
  return null;
}
