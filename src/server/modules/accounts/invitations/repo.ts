import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { memberships, tenantInvitations, users } from '../../../db/schema/index';
import type { InviteRole } from '../../../../shared/crm/access';

// Every function runs in one store's scope: memberships and tenant_invitations are tenant tables
// (tenant_isolation), and users shows only that store's members (visible_users). The explicit
// tenant filters repeat what RLS already enforces.

/** The store's team, with when each was invited and last signed in. */
export async function listMembers(tx: Tx, tenantId: string) {
  return tx
    .select({
      user_id: users.id,
      email: users.email,
      role: memberships.role,
      invited_at: memberships.invitedAt,
      created_at: memberships.createdAt,
      last_sign_in_at: users.lastSignInAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(users.email);
}

export async function findMemberRole(tx: Tx, tenantId: string, userId: string) {
  const rows = await tx.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId))).limit(1);
  return rows[0]?.role ?? null;
}

export async function memberWithEmail(tx: Tx, tenantId: string, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return rows.length > 0;
}

const inviteColumns = {
  id: tenantInvitations.id,
  email: tenantInvitations.email,
  role: tenantInvitations.role,
  status: tenantInvitations.status,
  expires_at: tenantInvitations.expiresAt,
  magic_link_sent_at: tenantInvitations.magicLinkSentAt,
  updated_at: tenantInvitations.updatedAt,
};
export type InviteRow = { id: string; email: string; role: InviteRole; status: 'pending' | 'accepted' | 'revoked'; expires_at: Date; magic_link_sent_at: Date | null; updated_at: Date };

/** Pending invites, and the 50 most recently settled ones (accepted or revoked), newest first. */
export async function listInvites(tx: Tx, tenantId: string): Promise<InviteRow[]> {
  const pending = await tx.select(inviteColumns).from(tenantInvitations).where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.status, 'pending')));
  const settled = await tx
    .select(inviteColumns)
    .from(tenantInvitations)
    .where(and(eq(tenantInvitations.tenantId, tenantId), ne(tenantInvitations.status, 'pending')))
    .orderBy(desc(tenantInvitations.updatedAt))
    .limit(50);
  return [...pending, ...settled].sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime());
}

/**
 * Creates the pending invite for this address, or refreshes the one already open (the unique pending
 * index makes two concurrent invites of one address meet here rather than both insert).
 */
export async function upsertPendingInvite(tx: Tx, v: { tenantId: string; email: string; role: InviteRole; tokenHash: string; expiresAt: Date; invitedBy: string }): Promise<InviteRow> {
  const now = new Date();
  const [row] = await tx
    .insert(tenantInvitations)
    .values({ ...v, status: 'pending', magicLinkSentAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [tenantInvitations.tenantId, tenantInvitations.email],
      targetWhere: sql`status = 'pending'`,
      set: { role: v.role, tokenHash: v.tokenHash, expiresAt: v.expiresAt, invitedBy: v.invitedBy, magicLinkSentAt: now, updatedAt: now },
    })
    .returning(inviteColumns);
  return row as InviteRow;
}

/** A fresh token for a pending invite (the old link stops working); null when no such pending invite. */
export async function refreshInvite(tx: Tx, tenantId: string, inviteId: string, email: string, v: { tokenHash: string; expiresAt: Date; invitedBy: string }): Promise<InviteRow | null> {
  const now = new Date();
  const [row] = await tx
    .update(tenantInvitations)
    .set({ tokenHash: v.tokenHash, expiresAt: v.expiresAt, invitedBy: v.invitedBy, magicLinkSentAt: now, updatedAt: now })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), eq(tenantInvitations.email, email), eq(tenantInvitations.status, 'pending')))
    .returning(inviteColumns);
  return (row as InviteRow | undefined) ?? null;
}

export async function findInvite(tx: Tx, tenantId: string, inviteId: string): Promise<InviteRow | null> {
  const [row] = await tx.select(inviteColumns).from(tenantInvitations).where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId))).limit(1);
  return (row as InviteRow | undefined) ?? null;
}

export async function revokeInvite(tx: Tx, tenantId: string, inviteId: string): Promise<boolean> {
  const rows = await tx
    .update(tenantInvitations)
    .set({ status: 'revoked', updatedAt: new Date() })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), eq(tenantInvitations.status, 'pending')))
    .returning({ id: tenantInvitations.id });
  return rows.length > 0;
}

export async function setMemberRole(tx: Tx, tenantId: string, userId: string, role: InviteRole) {
  await tx.update(memberships).set({ role }).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), inArray(memberships.role, ['admin', 'staff'])));
}

export async function deleteMember(tx: Tx, tenantId: string, userId: string) {
  await tx.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), or(eq(memberships.role, 'admin'), eq(memberships.role, 'staff'))));
}

/** What the accept page shows, by the link's token hash, whatever the invite's state. */
export async function inviteByTokenHash(tx: Tx, tenantId: string, tokenHash: string) {
  const [row] = await tx
    .select({ id: tenantInvitations.id, email: tenantInvitations.email, role: tenantInvitations.role, status: tenantInvitations.status, expires_at: tenantInvitations.expiresAt })
    .from(tenantInvitations)
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/**
 * Single use: only one caller can turn a pending, unexpired invite into accepted (the row lock makes
 * concurrent callers wait, then see it no longer pending). Null when this caller did not win.
 */
export async function consumeInvite(tx: Tx, tenantId: string, tokenHash: string, userId: string) {
  const [row] = await tx
    .update(tenantInvitations)
    .set({ status: 'accepted', acceptedBy: userId, acceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.tokenHash, tokenHash), eq(tenantInvitations.status, 'pending'), gt(tenantInvitations.expiresAt, sql`now()`)))
    .returning({ role: tenantInvitations.role, email: tenantInvitations.email, magic_link_sent_at: tenantInvitations.magicLinkSentAt });
  return row ?? null;
}

/** Grants the invited role (an existing membership keeps an owner's role; otherwise the invite's). */
export async function grantMembership(tx: Tx, tenantId: string, userId: string, role: InviteRole, invitedAt: Date) {
  await tx
    .insert(memberships)
    .values({ tenantId, userId, role, invitedAt })
    .onConflictDoUpdate({ target: [memberships.tenantId, memberships.userId], set: { role: sql`case when ${memberships.role} = 'owner' then 'owner' else excluded.role end`, invitedAt } });
}
