import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CrmCtx } from '../../../http/context';
import { leads } from '../../../db/schema/index';
import type { Lead, LeadPriority, LeadStatus } from '../../../../shared/crm/leads';
import type { BarkLead } from './bark-sheet';

/** The book a CRM scope works in (decision 027): its store's rows, or the platform's (tenant_id null). */
export const inBook = (ctx: Pick<CrmCtx, 'tenantId'>): SQL => (ctx.tenantId ? eq(leads.tenantId, ctx.tenantId) : isNull(leads.tenantId));

type LeadRow = typeof leads.$inferSelect;

/** The API's shape: pounds, ISO timestamps, the follow-up date as YYYY-MM-DD. */
export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    project_type: row.projectType,
    project_description: row.projectDescription,
    budget_range: row.budgetRange,
    status: row.status,
    priority: row.priority,
    quote_amount: row.quoteAmountPence === null ? null : Number(row.quoteAmountPence) / 100,
    user_notes: row.userNotes,
    location: row.location,
    source: row.source,
    bark_id: row.barkId,
    notes: row.notes,
    next_follow_up: row.nextFollowUp,
    deposit_paid: row.depositPaidPence === null ? null : Number(row.depositPaidPence) / 100,
    deposit_paid_at: row.depositPaidAt === null ? null : new Date(row.depositPaidAt).toISOString(),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

/** Every lead of the book, newest first (ties by id, so the order is stable). */
export async function listLeads(ctx: CrmCtx): Promise<Lead[]> {
  const rows = await ctx.tx.select().from(leads).where(inBook(ctx)).orderBy(desc(leads.createdAt), desc(leads.id));
  return rows.map(toLead);
}

/** The columns a person edits, in the table's terms (undefined: leave as it is). */
export interface LeadValues {
  name?: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  projectType?: string | null;
  projectDescription?: string | null;
  budgetRange?: string | null;
  status?: LeadStatus;
  priority?: LeadPriority;
  quoteAmountPence?: number | null;
  userNotes?: string | null;
  location?: string | null;
  source?: string;
  nextFollowUp?: string | null;
}

export async function insertLead(ctx: CrmCtx, values: LeadValues & { name: string; email: string }): Promise<Lead> {
  const [row] = await ctx.tx
    .insert(leads)
    .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.actor.userId })
    .returning();
  return toLead(row);
}

/** Null when the id names no lead of this book (another book's lead is the same as a missing one). */
export async function updateLead(ctx: CrmCtx, id: string, values: LeadValues): Promise<Lead | null> {
  const [row] = await ctx.tx
    .update(leads)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inBook(ctx), eq(leads.id, id)))
    .returning();
  return row ? toLead(row) : null;
}

/**
 * Inserts a Bark sheet's leads in one statement (the rows travel as one JSON parameter, so no
 * parameter limit applies); a Bark id already in this book is left alone (the unique index on book
 * and bark_id). Answers how many were new.
 */
export async function insertBarkLeads(ctx: CrmCtx, rows: BarkLead[]): Promise<number> {
  if (!rows.length) return 0;
  const json = JSON.stringify(
    rows.map((r) => ({
      name: r.name,
      email: r.email,
      phone: r.phone,
      project_type: r.projectType,
      project_description: r.projectDescription,
      location: r.location,
      quote_amount_pence: r.quoteAmountPence,
      bark_id: r.barkId,
      notes: r.notes,
    })),
  );
  const result = await ctx.tx.execute(sql`
    insert into leads (tenant_id, name, email, phone, project_type, project_description, location, quote_amount_pence, source, bark_id, notes, created_by)
    select ${ctx.tenantId}::uuid, r.name, r.email, r.phone, r.project_type, r.project_description, r.location, r.quote_amount_pence, 'bark', r.bark_id, r.notes, ${ctx.actor.userId}::uuid
    from jsonb_to_recordset(${json}::jsonb) as r(name text, email text, phone text, project_type text, project_description text,
                                                 location text, quote_amount_pence bigint, bark_id text, notes text)
    on conflict (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid), bark_id) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
