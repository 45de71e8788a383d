import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { memberships, tenantDomains, tenants, users } from '../../db/schema/index';
import type { MemberRole } from '../../../shared/roles';

// Column names are written out in full: drizzle leaves single-table columns unqualified, and an
// unqualified "id" inside the subquery would mean the domain's own id.
const primaryDomain = sql<string | null>`(select d.domain from tenant_domains d where d.tenant_id = "tenants"."id" order by d.is_primary desc, d.created_at limit 1)`;

/** Needs the platform-owner scope for member counts (RLS policy platform_owner_read). */
export async function listTenants(tx: Tx) {
  return tx
    .select({
      id: tenants.id,
      name: tenants.name,
      slug: tenants.slug,
      domain: primaryDomain,
      created_at: tenants.createdAt,
      member_count: sql<number>`(select count(*)::int from memberships m where m.tenant_id = "tenants"."id")`,
    })
    .from(tenants)
    .orderBy(tenants.name);
}

export async function listDomains(tx: Tx) {
  return tx
    .select({ id: tenantDomains.id, name: tenants.name, domain: tenantDomains.domain })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .orderBy(tenants.name, tenantDomains.domain);
}

export async function findTenant(tx: Tx, id: string) {
  const rows = await tx.select({ id: tenants.id, name: tenants.name, slug: tenants.slug, domain: primaryDomain }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function domainTaken(tx: Tx, domain: string) {
  const rows = await tx.select({ id: tenantDomains.id }).from(tenantDomains).where(eq(tenantDomains.domain, domain)).limit(1);
  return rows.length > 0;
}

export async function slugTaken(tx: Tx, slug: string) {
  const rows = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return rows.length > 0;
}

export async function insertTenant(tx: Tx, values: { name: string; slug: string }) {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row;
}

/** Runs inside the new tenant's scope: tenant_domains and memberships accept only its rows. */
export async function insertDomain(tx: Tx, tenantId: string, domain: string) {
  await tx.insert(tenantDomains).values({ tenantId, domain, isPrimary: true });
}

export async function insertMembership(tx: Tx, tenantId: string, userId: string, role: MemberRole) {
  await tx.insert(memberships).values({ tenantId, userId, role }).onConflictDoUpdate({ target: [memberships.tenantId, memberships.userId], set: { role } });
}

export async function findUserId(tx: Tx, email: string) {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0]?.id ?? null;
}
