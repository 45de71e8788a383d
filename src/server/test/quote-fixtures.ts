import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { leads } from '../db/schema/index';
import { rowsOf } from '../db/rows';
import { call, type TestApp } from './harness';
import { defaultQuoteContent } from '../../shared/crm/quote-pricing';
import { CRM_API } from '../../shared/crm/routes';
import type { Quote, QuoteEvent, SaveQuoteBody } from '../../shared/crm/quotes';

// Tests of the quotes work: leads written straight into a book (the leads routes are other work),
// in that book's own scope so row-level security applies as it does to requests.

export async function insertLead(t: TestApp, tenantId: string | null, name = 'Ada Lovelace', company: string | null = 'Analytical Ltd'): Promise<string> {
  return t.scopes.run({ tenantId, userId: null, platformSales: tenantId === null }, async ({ tx }) => {
    const [row] = await tx.insert(leads).values({ tenantId, name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, company }).returning({ id: leads.id });
    return row.id;
  });
}

/** A save body with every §9 default for the lead. */
export function quoteBody(leadId: string, overrides: Partial<SaveQuoteBody> = {}): SaveQuoteBody {
  return { lead_id: leadId, ...defaultQuoteContent(), ...overrides };
}

/** A quote saved through the admin route in the book of `host`. */
export async function createQuote(app: FastifyInstance, host: string, cookie: string, leadId: string, overrides: Partial<SaveQuoteBody> = {}): Promise<Quote> {
  const res = await call(app, 'POST', CRM_API.quotes, { host, cookie, body: quoteBody(leadId, overrides) });
  if (res.statusCode !== 201) throw new Error(`quote not created: ${res.statusCode} ${res.body}`);
  return res.json().quote as Quote;
}

/** The client's "Pay deposit" on the proposal page (no sign-in). */
export const startDeposit = (app: FastifyInstance, quote: Quote, host: string) => call(app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host });

/** The quote's history as the admin quote route serves it, newest first. */
export async function quoteHistory(app: FastifyInstance, quote: Quote, host: string, cookie: string): Promise<QuoteEvent[]> {
  return (await call(app, 'GET', CRM_API.quote(quote.id), { host, cookie })).json().history as QuoteEvent[];
}

/** The quote's open session runs out (as if an hour had passed): the next start must open another. */
export async function lapseDepositSession(t: TestApp, quoteId: string): Promise<void> {
  await t.database.db.execute(sql`update quotes set payment_session_expires_at = now() where id = ${quoteId}::uuid`);
}

export interface StrayRow {
  id: string;
  tenant_id: string | null;
  session_id: string;
  subject_kind: string;
  subject_id: string;
  reason: string;
  amount: number;
  state: string;
  provider_refund_id: string | null;
  refunded_amount: number | null;
}

/** The stray payment records of one order or quote (owner connection: what the shop wrote down). */
export async function strayRecords(t: TestApp, subjectId: string): Promise<StrayRow[]> {
  const rows = rowsOf<StrayRow>(await t.database.db.execute(sql`select * from stray_payment_refunds where subject_id = ${subjectId}::uuid order by created_at`));
  return rows.map((r) => ({ ...r, amount: Number(r.amount), refunded_amount: r.refunded_amount === null ? null : Number(r.refunded_amount) }));
}

/** Mail of one kind in the outbox (every book's, the platform's own included). */
export async function outboxOf(t: TestApp, kind: string) {
  return rowsOf<{ tenant_id: string | null; to_address: string; subject: string; text: string; order_id: string | null }>(
    await t.database.db.execute(sql`select tenant_id, to_address, subject, text, order_id from email_messages where kind = ${kind} order by created_at`),
  );
}
