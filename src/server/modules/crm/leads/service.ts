import type { z } from 'zod';
import type { CrmCtx } from '../../../http/context';
import { assertClientTenant } from '../../../http/guards';
import { forbidden, notFound } from '../../../http/errors';
import { LEAD_DEFAULTS, type Lead, type LeadStatus, type createLeadBody, type updateLeadBody } from '../../../../shared/crm/leads';
import { outboundLimit, spendOutboundAllowance } from '../../limits';
import { OUTBOUND_LIMITS, OUTBOUND_TEXT } from '../../../../shared/outbound-limits';
import * as repo from './repo';
import type { LeadValues } from './repo';

export const LEAD_NOT_FOUND = 'Lead not found';

type CreateInput = z.output<typeof createLeadBody>;
type UpdateInput = z.output<typeof updateLeadBody>;

/**
 * A tenant id the client sent (a new lead's tenant_id, the Bark import's x-tenant-id) never selects
 * the book (decision 027): it must name the book inCrm chose, or be absent. The platform's book has no
 * tenant id, so there any value names a different book.
 */
export function assertBookTenant(ctx: Pick<CrmCtx, 'tenantId'>, sent: unknown): void {
  if (ctx.tenantId) return assertClientTenant({ tenantId: ctx.tenantId }, sent);
  if (sent !== undefined && sent !== null && sent !== '') throw forbidden('This request names a different store.');
}

/** Each import fetches an address the caller typed for up to 10 s: per book and per person (decision 033). */
const BARK_LIMIT = outboundLimit('bark_import', OUTBOUND_LIMITS.barkImport, { store: OUTBOUND_TEXT.barkImportStore, account: OUTBOUND_TEXT.barkImportAccount });

/**
 * Counts one Bark import against the caller's and the book's hourly allowance, or throws 429 with
 * Retry-After. Called in the transaction that commits before the sheet is fetched, so the fetch that
 * follows is counted whether or not it succeeds, and one refused fetches nothing.
 */
export function spendBarkImportAllowance(ctx: CrmCtx): Promise<void> {
  return spendOutboundAllowance(ctx.tx, BARK_LIMIT, { tenantId: ctx.tenantId, accountId: ctx.actor.userId });
}

const pence = (pounds: number | null | undefined) => (pounds === undefined ? undefined : pounds === null ? null : Math.round(pounds * 100));

/** The edited fields in the table's terms; undefined stays undefined (the column is left alone). */
function editedValues(input: Omit<UpdateInput, 'status'>): LeadValues {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    projectType: input.project_type,
    projectDescription: input.project_description,
    budgetRange: input.budget_range,
    priority: input.priority,
    quoteAmountPence: pence(input.quote_amount),
    userNotes: input.user_notes,
    location: input.location,
    nextFollowUp: input.next_follow_up,
  };
}

export function listLeads(ctx: CrmCtx): Promise<Lead[]> {
  return repo.listLeads(ctx);
}

/** A new lead starts in the pipeline's first column; priority and source take their defaults. */
export function createLead(ctx: CrmCtx, input: CreateInput): Promise<Lead> {
  assertBookTenant(ctx, input.tenant_id);
  return repo.insertLead(ctx, {
    ...editedValues(input),
    name: input.name,
    email: input.email,
    status: 'new',
    priority: input.priority ?? LEAD_DEFAULTS.priority,
    source: input.source ?? LEAD_DEFAULTS.source,
  });
}

export async function updateLead(ctx: CrmCtx, id: string, input: UpdateInput): Promise<Lead> {
  const lead = await repo.updateLead(ctx, id, { ...editedValues(input), status: input.status });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}

export async function setLeadStatus(ctx: CrmCtx, id: string, status: LeadStatus): Promise<Lead> {
  const lead = await repo.updateLead(ctx, id, { status });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}
