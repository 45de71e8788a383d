import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreTx } from '../../http/context';
import { pushSubscriptions } from '../../db/schema';
import type { PushKind } from '../../../shared/push';


export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewSubscription {
  kind: PushKind;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: string | null;
  userAgent: string | null;
}

/** Creates the row, or refreshes the one this browser already has for this kind (keys, owner, last seen). */
export async function upsertSubscription(ctx: StoreTx, s: NewSubscription) {
  const [row] = await ctx.tx
    .insert(pushSubscriptions)
    .values({ tenantId: ctx.tenantId, ...s })
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.kind, pushSubscriptions.endpoint],
      set: { p256dh: s.p256dh, auth: s.auth, userId: s.userId, userAgent: s.userAgent, lastSeenAt: sql`now()` },
    })
    .returning({ id: pushSubscriptions.id, kind: pushSubscriptions.kind, createdAt: pushSubscriptions.createdAt, lastSeenAt: pushSubscriptions.lastSeenAt });
  return row;
}

export async function subscriptionExists(ctx: StoreTx, kind: PushKind, endpoint: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, ctx.tenantId), eq(pushSubscriptions.kind, kind), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return rows.length > 0;
}

export async function countByKind(ctx: StoreTx): Promise<Record<PushKind, number>> {
  const rows = await ctx.tx
    .select({ kind: pushSubscriptions.kind, n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, ctx.tenantId))
    .groupBy(pushSubscriptions.kind);
  const counts: Record<PushKind, number> = { customer: 0, staff: 0 };
  for (const r of rows) counts[r.kind] = r.n;
  return counts;
}

export async function deleteByEndpoint(ctx: StoreTx, endpoint: string, kind: PushKind | undefined): Promise<number> {
  const where = [eq(pushSubscriptions.tenantId, ctx.tenantId), eq(pushSubscriptions.endpoint, endpoint)];
  if (kind) where.push(eq(pushSubscriptions.kind, kind));
  const rows = await ctx.tx.delete(pushSubscriptions).where(and(...where)).returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteByIds(ctx: StoreTx, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await ctx.tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, ctx.tenantId), inArray(pushSubscriptions.id, ids)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function listNewest(ctx: StoreTx, limit: number): Promise<SubscriptionRow[]> {
  return ctx.tx
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, ctx.tenantId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(limit);
}

/** A person's own subscriptions of one kind (a test push goes to these only). */
export async function listOfUser(ctx: StoreTx, kind: PushKind, userId: string): Promise<SubscriptionRow[]> {
  return ctx.tx
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, ctx.tenantId), eq(pushSubscriptions.kind, kind), eq(pushSubscriptions.userId, userId)));
}

/** Every staff subscription of the store (paid-order pushes), oldest first. */
export async function listStaff(ctx: StoreTx): Promise<SubscriptionRow[]> {
  return ctx.tx
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, ctx.tenantId), eq(pushSubscriptions.kind, 'staff')))
    .orderBy(pushSubscriptions.createdAt);
}

