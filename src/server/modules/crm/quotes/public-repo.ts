import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { UnitOfWork, Work } from '../../../db/unit-of-work';
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
  return scopes.run({ tenantId, userId: null, platformSales: tenantId === null }, fn);
}

const inBook = (tenantId: string | null) => (tenantId === null ? isNull(quotes.tenantId) : eq(quotes.tenantId, tenantId));

export async function depositState(tx: Tx, tenantId: string | null, quoteId: string) {
  const [row] = await tx
    .select({ id: quotes.id, paidAt: quotes.paidAt, paymentSessionId: quotes.paymentSessionId, depositAmountPence: quotes.depositAmountPence })
    .from(quotes)
    .where(and(inBook(tenantId), eq(quotes.id, quoteId)))
    .for('update');
  return row ?? null;
}

export async function recordDepositSession(tx: Tx, tenantId: string | null, quoteId: string, sessionId: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ paymentSessionId: sessionId, updatedAt: sql`now()` })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), isNull(quotes.paidAt)));
}

/** Paid, exactly once: only while unpaid and only for the deposit's exact amount. True when this call did it. */
export async function markDepositPaid(tx: Tx, tenantId: string | null, quoteId: string, amountPence: number, sessionId: string, reference: string | null): Promise<boolean> {
  const rows = await tx
    .update(quotes)
    .set({ paidAt: sql`now()`, paymentSessionId: sessionId, paymentReference: reference, updatedAt: sql`now()` })
    .where(and(inBook(tenantId), eq(quotes.id, quoteId), isNull(quotes.paidAt), eq(quotes.depositAmountPence, amountPence)))
    .returning({ id: quotes.id });
  return rows.length > 0;
}
