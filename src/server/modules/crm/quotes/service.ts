import { randomBytes } from 'node:crypto';
import type { CrmCtx } from '../../../http/context';
import { AppError, notFound } from '../../../http/errors';
import { quoteContentSchema, type Quote, type QuoteEvent, type SaveQuoteBody } from '../../../../shared/crm/quotes';
import { computeQuoteTotals } from '../../../../shared/crm/quote-pricing';
import { penceToPounds, poundsToPence } from '../../../../shared/money';
import * as repo from './repo';
import { toQuote } from './view';
import { addQuoteEvent, listQuoteEvents } from './events-repo';

export const QUOTE_NOT_FOUND = 'Quote not found';
export const LEAD_NOT_FOUND = 'Lead not found';
export const PAID_QUOTE_TEXT = {
  noDelete: 'This quote has been paid and cannot be deleted.',
  noEdit: 'This quote has been paid and cannot be changed.',
} as const;

/** The public link's secret: 16 random bytes, base64url (22 characters), as the table's check requires. */
export const newUniqueUrl = (): string => randomBytes(16).toString('base64url');

/** The row's values from a validated body: totals always computed here, never taken from the client. */
function valuesOf(body: SaveQuoteBody): repo.QuoteValues {
  const { lead_id, ...rest } = body;
  // The route validated the body already; parsing again gives the stored content its exact shape.
  const content = quoteContentSchema.parse(rest);
  const totals = computeQuoteTotals(content);
  return {
    leadId: lead_id,
    content,
    totalAmountPence: poundsToPence(totals.total),
    depositAmountPence: poundsToPence(totals.deposit),
    shopifyMonthlyTotalPence: poundsToPence(totals.shopifyMonthly),
  };
}

async function assertLead(ctx: CrmCtx, leadId: string): Promise<void> {
  if (!(await repo.leadInBook(ctx.tx, ctx.tenantId, leadId))) throw new AppError(404, 'not_found', LEAD_NOT_FOUND, { lead_id: LEAD_NOT_FOUND });
}

export async function listQuotes(ctx: CrmCtx): Promise<{ quotes: Quote[]; revenue: number }> {
  const rows = await repo.listQuotes(ctx.tx, ctx.tenantId);
  return { quotes: rows.map(toQuote), revenue: penceToPounds(await repo.paidDepositsPence(ctx.tx, ctx.tenantId)) };
}

export async function getQuote(ctx: CrmCtx, id: string): Promise<Quote> {
  const row = await repo.findQuote(ctx.tx, ctx.tenantId, id);
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return toQuote(row);
}

/** The quote with its history, newest first (decision 029): what the builder's History list shows. */
export async function getQuoteWithHistory(ctx: CrmCtx, id: string): Promise<{ quote: Quote; history: QuoteEvent[] }> {
  const quote = await getQuote(ctx, id);
  const rows = await listQuoteEvents(ctx.tx, ctx.tenantId, id);
  return { quote, history: rows.map((e) => ({ id: e.id, type: e.type, message: e.message, created_at: e.createdAt.toISOString() })) };
}

export async function createQuote(ctx: CrmCtx, body: SaveQuoteBody): Promise<Quote> {
  const values = valuesOf(body);
  await assertLead(ctx, values.leadId);
  const id = await repo.insertQuote(ctx.tx, ctx.tenantId, ctx.actor.userId, newUniqueUrl(), values);
  await addQuoteEvent(ctx.tx, ctx.tenantId, id, 'created', `Quote created by ${ctx.actor.email}`);
  return getQuote(ctx, id);
}

/**
 * Saves the builder's content (status 'active', spec §4). A paid quote is closed: its deposit is the
 * revenue figure and the client's receipt, so changing its prices afterwards would rewrite both.
 */
export async function updateQuote(ctx: CrmCtx, id: string, body: SaveQuoteBody): Promise<Quote> {
  const existing = await repo.findQuote(ctx.tx, ctx.tenantId, id, true);
  if (!existing) throw notFound(QUOTE_NOT_FOUND);
  if (existing.paidAt) throw new AppError(409, 'already_paid', PAID_QUOTE_TEXT.noEdit);
  const values = valuesOf(body);
  if (values.leadId !== existing.leadId) await assertLead(ctx, values.leadId);
  await repo.updateQuote(ctx.tx, ctx.tenantId, id, values);
  return getQuote(ctx, id);
}

/** Deletes an unpaid quote; a paid one is refused (409): it is the record of money received. */
export async function deleteQuote(ctx: CrmCtx, id: string): Promise<void> {
  const existing = await repo.findQuote(ctx.tx, ctx.tenantId, id, true);
  if (!existing) throw notFound(QUOTE_NOT_FOUND);
  if (existing.paidAt) throw new AppError(409, 'already_paid', PAID_QUOTE_TEXT.noDelete);
  await repo.deleteQuote(ctx.tx, ctx.tenantId, id);
}
