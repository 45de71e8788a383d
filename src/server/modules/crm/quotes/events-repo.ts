import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { quoteEvents, quotes } from '../../../db/schema/index';

// A quote's history (decision 029), in the quote's own book: row-level security keeps each statement
// there (a store's tenant scope, or the platform-sales scope for tenant_id null) and the filters say so too.

export type QuoteEventRow = typeof quoteEvents.$inferSelect;

const eventsInBook = (tenantId: string | null) => (tenantId === null ? isNull(quoteEvents.tenantId) : eq(quoteEvents.tenantId, tenantId));

/** Adds an entry when the quote is in this book (a deleted quote has no history to add to). */
export async function addQuoteEvent(tx: Tx, tenantId: string | null, quoteId: string, type: string, message: string, data?: Record<string, unknown>): Promise<boolean> {
  const [quote] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(tenantId === null ? isNull(quotes.tenantId) : eq(quotes.tenantId, tenantId), eq(quotes.id, quoteId)));
  if (!quote) return false;
  // clock_timestamp, not the transaction's start: entries written in one transaction keep their order.
  await tx.insert(quoteEvents).values({ tenantId, quoteId, type, message: message.slice(0, 2000), data: data ?? null, createdAt: sql`clock_timestamp()` });
  return true;
}

/** Newest first. */
export async function listQuoteEvents(tx: Tx, tenantId: string | null, quoteId: string): Promise<QuoteEventRow[]> {
  return tx
    .select()
    .from(quoteEvents)
    .where(and(eventsInBook(tenantId), eq(quoteEvents.quoteId, quoteId)))
    .orderBy(desc(quoteEvents.createdAt), desc(quoteEvents.id))
    .limit(200);
}
