import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { UnitOfWork, Work } from '../../../db/unit-of-work';
import { salesBookScope } from '../../../db/privileged-scopes';
import { rowsOf } from '../../../db/rows';
import { quotes } from '../../../db/schema/index';
import type { QuoteContent, QuoteStatus } from '../../../../shared/crm/quotes';

/** What open_public_quote answers (migration 0024): one quote of the host's book, by its link. */
export interface PublicQuoteRow {
  id: string;
  tenant_id: string | null;
  unique_url: string;
  status: QuoteStatus;
  content: QuoteContent;
  total_amount_pence: number;
  deposit_amount_pence: number;
  shopify_monthly_total_pence: number;
  paid_at: Date | string | null;
  created_at: Date | string;
  client_name: string;
  client_company: string | null;
}

export const UNIQUE_URL_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The quote whose unguessable link this is, in the book of the host (the scope's tenant, none on the
 * platform host), counting a view when asked: only the proposal page's own HTML load does.
 */
export async function openPublicQuote(tx: Tx, uniqueUrl: string, countView: boolean): Promise<PublicQuoteRow | null> {
  if (!UNIQUE_URL_SHAPE.test(uniqueUrl)) return null;
  const res = await tx.execute(sql`select * from open_public_quote(${uniqueUrl}, ${countView})`);
  const [row] = rowsOf<PublicQuoteRow>(res);
  if (!row) return null;
  return { ...row, total_amount_pence: Number(row.total_amount_pence), deposit_amount_pence: Number(row.deposit_amount_pence), shopify_monthly_total_pence: Number(row.shopify_monthly_total_pence) };
}

/**
 * Work on one quote's own book when no signed-in person chose it: a deposit started from its link, or
 * its payment's signed webhook. A store's book is its tenant scope; the platform's needs the
 * platform_sales flag (decision 027), set here only for a quote already proven by its link or by a
 * provider's signature, and every statement below names that one quote.
 */
export function inQuoteBook<T>(scopes: UnitOfWork, tenantId: string | null, fn: (work: Work) => Promise<T>): Promise<T> {
  return scopes.run(salesBookScope(tenantId), fn);
}

const inBook = (tenantId: string | null) => (tenantId === null ? isNull(quotes.tenantId) : eq(quotes.tenantId, tenantId));

/** How long a start may hold its claim while it asks the provider (two calls, each with the SDK's retries). */
export const OPENING_LEASE_SECONDS = 120;
/** An open session is answered again only while the client has at least this long left to pay on it. */
export const REUSE_MARGIN_SECONDS = 10 * 60;

/**
 * The quote's deposit as a start or a webhook decides on it, row locked until the transaction ends:
 * this lock is what serialises the starts and payments of one quote (decision 029). Times are
 * compared by the database, so every instance reads them on one clock.
 */
export async function depositState(tx: Tx, tenantId: string | null, quoteId: string, provider?: string) {
  const [row] = await tx
    .select({
      id: quotes.id,
      status: quotes.status,
      title: sql<string>`${quotes.content} ->> 'header_title'`,
      paidAt: quotes.paidAt,
      paymentSessionId: quotes.paymentSessionId,
      paymentProvider: quotes.paymentProvider,
      paymentUrl: quotes.paymentUrl,
      depositAmountPence: quotes.depositAmountPence,
      opening: sql<boolean>`coalesce(${quotes.depositOpeningUntil} > now(), false)`,
      // Still good to answer again: this provider's, for today's deposit, with time left to pay.
      reusable: sql<boolean>`coalesce(${quotes.paymentUrl} is not null and ${quotes.paymentProvider} = ${provider ?? ''}
        and ${quotes.paymentSessionAmountPence} = ${quotes.depositAmountPence}
        and ${quotes.paymentSessionExpiresAt} > now() + make_interval(secs => ${REUSE_MARGIN_SECONDS}), false)`,
    })
    .from(quotes)
    .where(and(inBook(tenantId), eq(quotes.id, quoteId)))
    .for('update');
  return row ? { ...row, depositAmountPence: Number(row.depositAmountPence) } : null;
}

/** This start opens the session: others wait for it until it records one or the claim lapses. */
export async function claimDepositOpening(tx: Tx, tenantId: string | null, quoteId: string, token: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ depositOpeningUntil: sql`now() + make_interval(secs => ${OPENING_LEASE_SECONDS})`, depositOpeningToken: token })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId)));
}

/** The claim let go without a session (the provider failed, or the quote turned out paid). */
export async function releaseDepositOpening(tx: Tx, tenantId: string | null, quoteId: string, token: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ depositOpeningUntil: null, depositOpeningToken: null })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), eq(quotes.depositOpeningToken, token)));
}

export interface OpenedSession {
  sessionId: string;
  url: string;
  provider: string;
  amount: number;
  expiresAt: Date;
}

/**
 * The session the claim opened becomes the quote's one open session, only while this start still holds
 * the claim and the quote is unpaid. False: it lost the claim (it lapsed and another start took over)
 * or the quote was paid meanwhile, and the caller closes the session it opened.
 */
export async function recordDepositSession(tx: Tx, tenantId: string | null, quoteId: string, token: string, s: OpenedSession): Promise<boolean> {
  const rows = await tx
    .update(quotes)
    .set({
      paymentSessionId: s.sessionId,
      paymentUrl: s.url,
      paymentProvider: s.provider,
      paymentSessionAmountPence: s.amount,
      paymentSessionExpiresAt: s.expiresAt,
      depositOpeningUntil: null,
      depositOpeningToken: null,
      updatedAt: sql`now()`,
    })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), eq(quotes.depositOpeningToken, token), isNull(quotes.paidAt)))
    .returning({ id: quotes.id });
  return rows.length > 0;
}

/**
 * The quote's recorded session was paid for the wrong amount (the quote was repriced after its page
 * opened) and that payment is being refunded: the quote forgets it, so the next start opens a new
 * session instead of finding this one complete and answering "already paid".
 */
export async function forgetDepositSession(tx: Tx, tenantId: string | null, quoteId: string, sessionId: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ paymentSessionId: null, paymentUrl: null, paymentProvider: null, paymentSessionAmountPence: null, paymentSessionExpiresAt: null, updatedAt: sql`now()` })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), eq(quotes.paymentSessionId, sessionId), isNull(quotes.paidAt)));
}

/**
 * Paid, exactly once: only while unpaid and only for the deposit's exact amount. True when this call
 * did it. The session that paid becomes the quote's, and no page is answered for it any more.
 */
export async function markDepositPaid(tx: Tx, tenantId: string | null, quoteId: string, amountPence: number, sessionId: string, provider: string, reference: string | null): Promise<boolean> {
  const rows = await tx
    .update(quotes)
    .set({ paidAt: sql`now()`, paymentSessionId: sessionId, paymentProvider: provider, paymentReference: reference, paymentUrl: null, updatedAt: sql`now()` })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), isNull(quotes.paidAt), eq(quotes.depositAmountPence, amountPence)))
    .returning({ id: quotes.id });
  return rows.length > 0;
}
