import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { TenantCtx } from '../../../http/context';
import { memberships, users } from '../../../db/schema/index';
import type { MemberRole, Permission } from '../../../../shared/roles';

/** The store's team. RLS and the tenant filter both keep it to ctx.tenantId. */
export async function listMembers(ctx: TenantCtx) {
  return ctx.tx
    .select({ user_id: users.id, email: users.email, role: memberships.role, permissions: memberships.permissions, created_at: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, ctx.tenantId))
    .orderBy(users.email);
}

export async function findMember(ctx: TenantCtx, userId: string) {
  const rows = await ctx.tx
    .select({ user_id: users.id, email: users.email, role: memberships.role, permissions: memberships.permissions, created_at: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A staff member's permissions (issue 27); false when they are no staff member of this store. */
export async function setPermissions(ctx: TenantCtx, userId: string, permissions: readonly Permission[]): Promise<boolean> {
  const rows = await ctx.tx
    .update(memberships)
    .set({ permissions: [...permissions] })
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId), eq(memberships.role, 'staff')))
    .returning({ userId: memberships.userId });
  return rows.length === 1;
}

/** Upserts a member's role (store creation and the demo seed); runs in the tenant's scope, as RLS requires. */
export async function insertMembership(tx: Tx, tenantId: string, userId: string, role: MemberRole) {
  await tx.insert(memberships).values({ tenantId, userId, role }).onConflictDoUpdate({ target: [memberships.tenantId, memberships.userId], set: { role } });
}

/**
 * The store's owners' and admins' addresses, longest-standing first: who hears about the store's money
 * when it has no contact email (decision 029). In the store's scope (members are visible there).
 */
export async function storeManagerEmails(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.role, ['owner', 'admin'])))
    .orderBy(memberships.createdAt);
  return rows.map((r) => r.email);
}

/** Members per tenant; needs the platform-owner scope (RLS policy platform_owner_read). */
export async function memberCounts(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.select({ tenantId: memberships.tenantId, n: count() }).from(memberships).groupBy(memberships.tenantId);
  return new Map(rows.map((r) => [r.tenantId, Number(r.n)]));
}

export async function findUserIdByEmail(tx: Tx, email: string): Promise<string | null> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0]?.id ?? null;
}

/** Email addresses of these users, as far as the scope may see them (timelines and ledgers name who acted). */
export async function userEmails(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.email]));
}
