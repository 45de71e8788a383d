import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { crmSettings } from '../../../db/schema/index';
import type { LeadStatus } from '../../../../shared/crm/leads';
import type { CrmKit, CrmProjectType } from '../../../../shared/crm/settings';

// A store's CRM settings row (decision 044), under tenant isolation: a scope reads and writes its own.

export interface CrmSettingsRow {
  kit: CrmKit;
  depositLeadStatus: LeadStatus;
  projectTypes: unknown;
}

export async function findCrmSettings(tx: Tx, tenantId: string): Promise<CrmSettingsRow | null> {
  const [row] = await tx
    .select({ kit: crmSettings.kit, depositLeadStatus: crmSettings.depositLeadStatus, projectTypes: crmSettings.projectTypes })
    .from(crmSettings)
    .where(eq(crmSettings.tenantId, tenantId))
    .limit(1);
  return row ?? null;
}

export async function saveCrmSettingsRow(tx: Tx, tenantId: string, values: { kit: CrmKit; depositLeadStatus: LeadStatus; projectTypes: CrmProjectType[] }): Promise<void> {
  await tx
    .insert(crmSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: crmSettings.tenantId, set: { ...values, updatedAt: sql`now()` } });
}
