import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import type { TenantCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { LEAD_STATUSES, type LeadStatus } from '../../../../shared/crm/leads';
import { crmProjectTypeSchema, DEFAULT_DEPOSIT_LEAD_STATUS, NEUTRAL_PROJECT_TYPES, type CrmKit, type CrmProjectType, type CrmSettings, type saveCrmSettingsBody } from '../../../../shared/crm/settings';
import { crmEnabled, setCrmEnabled } from '../../tenants';
import { findCrmSettings, saveCrmSettingsRow } from './repo';

const storedTypes = z.array(crmProjectTypeSchema).min(1);

/** What the store's book uses (no row: the neutral defaults). A stored part that no longer parses falls back to its default. */
export async function storeCrmBook(tx: Tx, tenantId: string): Promise<{ kit: CrmKit; depositLeadStatus: LeadStatus; projectTypes: CrmProjectType[] }> {
  const row = await findCrmSettings(tx, tenantId);
  const types = storedTypes.safeParse(row?.projectTypes);
  return {
    kit: row?.kit === 'agency' ? 'agency' : 'store',
    depositLeadStatus: row && LEAD_STATUSES.includes(row.depositLeadStatus) ? row.depositLeadStatus : DEFAULT_DEPOSIT_LEAD_STATUS,
    projectTypes: types.success ? types.data : [...NEUTRAL_PROJECT_TYPES],
  };
}

/** The status a lead of this book moves to once a deposit is paid: the store's choice, Won in the platform's book. */
export async function depositLeadStatus(tx: Tx, tenantId: string | null): Promise<LeadStatus> {
  return tenantId === null ? DEFAULT_DEPOSIT_LEAD_STATUS : (await storeCrmBook(tx, tenantId)).depositLeadStatus;
}

/** Settings > CRM. */
export async function getCrmSettings(ctx: TenantCtx): Promise<CrmSettings> {
  const book = await storeCrmBook(ctx.tx, ctx.tenantId);
  return { enabled: await crmEnabled(ctx), kit: book.kit, deposit_lead_status: book.depositLeadStatus, project_types: book.projectTypes };
}

export async function saveCrmSettings(ctx: TenantCtx, body: z.output<typeof saveCrmSettingsBody>): Promise<CrmSettings> {
  if (!(await setCrmEnabled(ctx, body.enabled))) throw notFound('Store not found');
  await saveCrmSettingsRow(ctx.tx, ctx.tenantId, { kit: body.kit, depositLeadStatus: body.deposit_lead_status, projectTypes: body.project_types });
  return getCrmSettings(ctx);
}

/**
 * The demo store shows the spec's CRM as written (DESIGN rule 14: the spec's business constants are the
 * demo store's settings): the web-agency kit. New stores have no row and start neutral.
 */
export async function seedDemoCrmKit(tx: Tx, tenantId: string): Promise<void> {
  await saveCrmSettingsRow(tx, tenantId, { kit: 'agency', depositLeadStatus: DEFAULT_DEPOSIT_LEAD_STATUS, projectTypes: [...NEUTRAL_PROJECT_TYPES] });
}
