import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { tenantDomains, tenants } from '../../db/schema/index';

// Column names are written out in full: drizzle leaves single-table columns unqualified, and an
// unqualified "id" inside the subquery would mean the domain's own id.
const primaryDomain = sql<string | null>`(select d.domain from tenant_domains d where d.tenant_id = "tenants"."id" order by d.is_primary desc, d.created_at limit 1)`;

export async function listTenants(tx: Tx) {
  return tx
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, domain: primaryDomain, created_at: tenants.createdAt, suspended_at: tenants.suspendedAt, launched_at: tenants.launchedAt })
    .from(tenants)
    .orderBy(tenants.name);
}

/** Name and primary domain of each tenant asked for (the membership list shows them). */
export async function tenantSummaries(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx.select({ id: tenants.id, name: tenants.name, domain: primaryDomain }).from(tenants).where(inArray(tenants.id, [...ids]));
}

export async function listDomains(tx: Tx) {
  return tx
    .select({ id: tenantDomains.id, name: tenants.name, domain: tenantDomains.domain })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .orderBy(tenants.name, tenantDomains.domain);
}

export async function findTenant(tx: Tx, id: string) {
  const rows = await tx
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, domain: primaryDomain, suspended: sql<boolean>`${tenants.suspendedAt} is not null`, suspendedReason: tenants.suspendedReason, crmEnabled: tenants.crmEnabled })
    .from(tenants)
    .where(eq(tenants.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the store's own CRM is on (decision 044); false for a store that does not exist. */
export async function crmEnabled(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.select({ on: tenants.crmEnabled }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0]?.on ?? false;
}

/** Switches the store's CRM on or off; row-level security lets only its own scope (or an owner) write it. */
export async function setCrmEnabled(tx: Tx, id: string, on: boolean): Promise<boolean> {
  const rows = await tx.update(tenants).set({ crmEnabled: on }).where(eq(tenants.id, id)).returning({ id: tenants.id });
  return rows.length > 0;
}

export async function domainTaken(tx: Tx, domain: string) {
  const rows = await tx.select({ id: tenantDomains.id }).from(tenantDomains).where(eq(tenantDomains.domain, domain)).limit(1);
  return rows.length > 0;
}

export async function slugTaken(tx: Tx, slug: string) {
  const rows = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return rows.length > 0;
}

/**
 * A new store row. `launched: false` (the platform owner's launcher, self-service) leaves it unlaunched
 * until its merchant opens it; seeds and test fixtures make stores that are open at once.
 */
export async function insertTenant(tx: Tx, values: { id?: string; name: string; slug: string; launched?: boolean; settings?: Record<string, unknown> }) {
  const now = new Date();
  const launched = values.launched ?? true;
  const [row] = await tx
    .insert(tenants)
    .values({ ...(values.id ? { id: values.id } : {}), name: values.name, slug: values.slug, settingsJson: values.settings ?? {}, launchedAt: launched ? now : null, deliveryConfirmedAt: launched ? now : null })
    .returning();
  return row;
}

/** Runs inside the new tenant's scope: tenant_domains and memberships accept only its rows. */
export async function insertDomain(tx: Tx, tenantId: string, domain: string) {
  await tx.insert(tenantDomains).values({ tenantId, domain, isPrimary: true });
}

/** Every store's id, for background sweeps that visit each store in its own scope. */
export async function allTenantIds(tx: Tx): Promise<string[]> {
  return (await tx.select({ id: tenants.id }).from(tenants)).map((r) => r.id);
}

export async function tenantName(tx: Tx, id: string): Promise<string | null> {
  const rows = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0]?.name ?? null;
}

/** Suspends (a time) or reactivates (null) a store; the database lets only a platform owner do it. */
export async function setSuspended(tx: Tx, id: string, at: Date | null, reason: string | null = null): Promise<boolean> {
  const rows = await tx.update(tenants).set({ suspendedAt: at, suspendedReason: at ? reason : null }).where(eq(tenants.id, id)).returning({ id: tenants.id });
  return rows.length > 0;
}

/** One store's host names, its primary first. */
export async function domainsOf(tx: Tx, tenantId: string) {
  return tx
    .select({ id: tenantDomains.id, domain: tenantDomains.domain, is_primary: tenantDomains.isPrimary, created_at: tenantDomains.createdAt })
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, tenantId))
    .orderBy(desc(tenantDomains.isPrimary), asc(tenantDomains.createdAt));
}

/** Runs in the tenant's scope (RLS on tenant_domains). An extra domain is not primary. */
export async function addDomain(tx: Tx, tenantId: string, domain: string): Promise<void> {
  await tx.insert(tenantDomains).values({ tenantId, domain, isPrimary: false });
}

export async function removeDomain(tx: Tx, tenantId: string, domainId: string): Promise<{ domain: string; is_primary: boolean } | null> {
  const rows = await tx
    .delete(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, domainId)))
    .returning({ domain: tenantDomains.domain, is_primary: tenantDomains.isPrimary });
  return rows[0] ?? null;
}

/** Makes this domain the store's primary one (links, emails and the launcher use it). */
export async function makePrimary(tx: Tx, tenantId: string, domainId: string): Promise<void> {
  await tx.update(tenantDomains).set({ isPrimary: sql`${tenantDomains.id} = ${domainId}::uuid` }).where(eq(tenantDomains.tenantId, tenantId));
}

export async function isSuspended(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.select({ at: tenants.suspendedAt }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0]?.at != null;
}

/** Where a store stands on its way to opening (issue 25): read in the store's scope, locked for a change. */
export interface LaunchState {
  launchedAt: Date | null;
  previewPassword: string | null;
  deliveryConfirmedAt: Date | null;
}

export async function launchState(tx: Tx, id: string, lock = false): Promise<LaunchState | null> {
  const query = tx
    .select({ launchedAt: tenants.launchedAt, previewPassword: tenants.previewPassword, deliveryConfirmedAt: tenants.deliveryConfirmedAt })
    .from(tenants)
    .where(eq(tenants.id, id))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Row-level security lets only the store's own scope (or a platform owner) write it: false otherwise. */
export async function updateLaunchState(tx: Tx, id: string, values: Partial<LaunchState>): Promise<boolean> {
  const rows = await tx.update(tenants).set(values).where(eq(tenants.id, id)).returning({ id: tenants.id });
  return rows.length > 0;
}
