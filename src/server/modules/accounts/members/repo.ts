import { and, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { memberships, users } from '../../../db/schema/index';

/** The store's team. RLS and the tenant filter both keep it to ctx.tenantId. */
export async function listMembers(ctx: TenantCtx) {
  return ctx.tx
    .select({ user_id: users.id, email: users.email, role: memberships.role, created_at: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, ctx.tenantId))
    .orderBy(users.email);
}

export async function findMember(ctx: TenantCtx, userId: string) {
  const rows = await ctx.tx
    .select({ user_id: users.id, email: users.email, role: memberships.role, created_at: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}
