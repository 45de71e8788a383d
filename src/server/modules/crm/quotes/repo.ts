import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { leads, quotes } from '../../../db/schema/index';
import type { QuoteContent } from '../../../../shared/crm/quotes';

// Quotes of the request's sales book. Row-level security keeps every read and write inside the book
// the scope names (a store's, or the platform's under platform_sales); the tenant filters here say
// the same in the query so a mistake in scope setup cannot widen it (decision 027).

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteWithLead = QuoteRow & { lead: { name: string; email: string; company: string | null } | null };

/** The book's own filter: tenant_id equal, or null for the platform's book. */
const inBook = (tenantId: string | null) => (tenantId === null ? isNull(quotes.tenantId) : eq(quotes.tenantId, tenantId));

const withLead = {
  quote: quotes,
  lead: { name: leads.name, email: leads.email, company: leads.company },
};

export async function listQuotes(tx: Tx, tenantId: string | null): Promise<QuoteWithLead[]> {
  const rows = await tx.select(withLead).from(quotes).leftJoin(leads, eq(leads.id, quotes.leadId)).where(inBook(tenantId)).orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map((r) => ({ ...r.quote, lead: r.lead }));
}

export async function findQuote(tx: Tx, tenantId: string | null, id: string, forUpdate = false): Promise<QuoteWithLead | null> {
  const query = tx.select(withLead).from(quotes).leftJoin(leads, eq(leads.id, quotes.leadId)).where(and(inBook(tenantId), eq(quotes.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: quotes }) : await query;
  return row ? { ...row.quote, lead: row.lead } : null;
}

/** The lead, when it belongs to this book: a foreign key alone would accept another book's lead. */
export async function leadInBook(tx: Tx, tenantId: string | null, leadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), tenantId === null ? isNull(leads.tenantId) : eq(leads.tenantId, tenantId)));
  return !!row;
}

export interface QuoteValues {
  leadId: string;
  content: QuoteContent;
  totalAmountPence: number;
  depositAmountPence: number;
  shopifyMonthlyTotalPence: number;
}

export async function insertQuote(tx: Tx, tenantId: string | null, createdBy: string, uniqueUrl: string, v: QuoteValues): Promise<string> {
  const [row] = await tx
    .insert(quotes)
    .values({ tenantId, createdBy, uniqueUrl, status: 'active', ...v })
    .returning({ id: quotes.id });
  return row.id;
}

export async function updateQuote(tx: Tx, tenantId: string | null, id: string, v: QuoteValues): Promise<void> {
  await tx
    .update(quotes)
    .set({ ...v, status: 'active', updatedAt: sql`now()` })
    .where(and(inBook(tenantId), eq(quotes.id, id)));
}

export async function deleteQuote(tx: Tx, tenantId: string | null, id: string): Promise<void> {
  await tx.delete(quotes).where(and(inBook(tenantId), eq(quotes.id, id), isNull(quotes.paidAt)));
}

/** Revenue (spec §9): the deposits of the book's paid quotes, in pence. */
export async function paidDepositsPence(tx: Tx, tenantId: string | null): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${quotes.depositAmountPence})` })
    .from(quotes)
    .where(and(inBook(tenantId), isNotNull(quotes.paidAt)));
  return Number(row?.sum ?? 0);
}
