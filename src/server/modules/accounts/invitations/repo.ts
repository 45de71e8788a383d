import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { memberships, tenantInvitations, users } from '../../../db/schema/index';
import type { InviteRole, InviteStatus } from '../../../../shared/crm/access';
import type { MemberRole } from '../../../../shared/roles';

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
  requested_by_email: tenantInvitations.requestedByEmail,
};
export type InviteRow = { id: string; email: string; role: InviteRole; status: InviteStatus; expires_at: Date; magic_link_sent_at: Date | null; updated_at: Date; requested_by_email: string | null };

/** The open statuses share one row per address (tenant_invitations_open_unique); upserts name the same predicate. */
const OPEN = sql`status in ('pending', 'awaiting_approval')`;
/** Whose standing backs a link: rows written before decision 030 have only their inviter. */
const grantedBy = sql<string | null>`coalesce(${tenantInvitations.grantedBy}, ${tenantInvitations.invitedBy})`;

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

export interface NewLink {
  tokenHash: string;
  expiresAt: Date;
  /** The manager whose standing backs the link (decision 030). */
  grantedBy: string;
}

/**
 * A manager's invite: creates the pending invite for this address, or refreshes the one already open
 * (a request awaiting approval is approved by it). The unique open index makes two concurrent invites
 * of one address meet here rather than both insert.
 */
export async function upsertPendingInvite(tx: Tx, v: NewLink & { tenantId: string; email: string; role: InviteRole; invitedBy: string }): Promise<InviteRow> {
  const now = new Date();
  const [row] = await tx
    .insert(tenantInvitations)
    .values({ ...v, status: 'pending', magicLinkSentAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [tenantInvitations.tenantId, tenantInvitations.email],
      targetWhere: OPEN,
      set: {
        status: 'pending',
        role: v.role,
        tokenHash: v.tokenHash,
        expiresAt: v.expiresAt,
        invitedBy: v.invitedBy,
        grantedBy: v.grantedBy,
        approvedAt: sql`case when ${tenantInvitations.status} = 'awaiting_approval' then now() else ${tenantInvitations.approvedAt} end`,
        magicLinkSentAt: now,
        updatedAt: now,
      },
    })
    .returning(inviteColumns);
  return row as InviteRow;
}

/**
 * A platform sales request: no token, nothing sent. Asking again for the same address updates the
 * open request; null when the address already has a working invitation (nothing to request).
 */
export async function upsertRequest(tx: Tx, v: { tenantId: string; email: string; role: InviteRole; invitedBy: string; requestedByEmail: string; expiresAt: Date }): Promise<InviteRow | null> {
  const now = new Date();
  const [row] = await tx
    .insert(tenantInvitations)
    .values({ ...v, status: 'awaiting_approval', tokenHash: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [tenantInvitations.tenantId, tenantInvitations.email],
      targetWhere: OPEN,
      set: { role: v.role, invitedBy: v.invitedBy, requestedByEmail: v.requestedByEmail, expiresAt: v.expiresAt, updatedAt: now },
      setWhere: sql`${tenantInvitations.status} = 'awaiting_approval'`,
    })
    .returning(inviteColumns);
  return (row as InviteRow | undefined) ?? null;
}

/**
 * A fresh token for a pending invite (the old link stops working); null when no such pending invite.
 * grantedBy is left alone when the caller does not manage the store (it cannot back a link).
 */
export async function refreshInvite(tx: Tx, tenantId: string, inviteId: string, email: string, v: { tokenHash: string; expiresAt: Date; grantedBy?: string }): Promise<InviteRow | null> {
  const now = new Date();
  const [row] = await tx
    .update(tenantInvitations)
    .set({ tokenHash: v.tokenHash, expiresAt: v.expiresAt, ...(v.grantedBy ? { grantedBy: v.grantedBy } : {}), magicLinkSentAt: now, updatedAt: now })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), eq(tenantInvitations.email, email), eq(tenantInvitations.status, 'pending')))
    .returning(inviteColumns);
  return (row as InviteRow | undefined) ?? null;
}

/** Approves a request awaiting approval: it gets its link and the approver's backing. Null when not awaiting. */
export async function approveRequest(tx: Tx, tenantId: string, inviteId: string, v: NewLink): Promise<InviteRow | null> {
  const now = new Date();
  const [row] = await tx
    .update(tenantInvitations)
    .set({ status: 'pending', tokenHash: v.tokenHash, expiresAt: v.expiresAt, grantedBy: v.grantedBy, approvedAt: now, magicLinkSentAt: now, updatedAt: now })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), eq(tenantInvitations.status, 'awaiting_approval')))
    .returning(inviteColumns);
  return (row as InviteRow | undefined) ?? null;
}

export async function declineRequest(tx: Tx, tenantId: string, inviteId: string): Promise<InviteRow | null> {
  const [row] = await tx
    .update(tenantInvitations)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), eq(tenantInvitations.status, 'awaiting_approval')))
    .returning(inviteColumns);
  return (row as InviteRow | undefined) ?? null;
}

export async function findInvite(tx: Tx, tenantId: string, inviteId: string): Promise<(InviteRow & { invited_by: string | null }) | null> {
  const [row] = await tx
    .select({ ...inviteColumns, invited_by: tenantInvitations.invitedBy })
    .from(tenantInvitations)
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId)))
    .limit(1);
  return (row as (InviteRow & { invited_by: string | null }) | undefined) ?? null;
}

/** Withdraws an open invitation or request; false when it is no longer open. */
export async function revokeInvite(tx: Tx, tenantId: string, inviteId: string): Promise<boolean> {
  const rows = await tx
    .update(tenantInvitations)
    .set({ status: 'revoked', updatedAt: new Date() })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, inviteId), inArray(tenantInvitations.status, ['pending', 'awaiting_approval'])))
    .returning({ id: tenantInvitations.id });
  return rows.length > 0;
}

/**
 * A member's role, holding their membership row until the transaction ends: accepting checks the
 * inviter's standing with it, so a demotion at the same moment waits rather than slipping between.
 */
export async function lockMemberRole(tx: Tx, tenantId: string, userId: string): Promise<MemberRole | null> {
  const rows = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .for('share')
    .limit(1);
  return rows[0]?.role ?? null;
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
    .select({ id: tenantInvitations.id, email: tenantInvitations.email, role: tenantInvitations.role, status: tenantInvitations.status, expires_at: tenantInvitations.expiresAt, granted_by: grantedBy })
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
    .returning({ role: tenantInvitations.role, email: tenantInvitations.email, magic_link_sent_at: tenantInvitations.magicLinkSentAt, granted_by: grantedBy, invited_by: tenantInvitations.invitedBy });
  return row ?? null;
}

/** Grants the invited role (an existing membership keeps an owner's role; otherwise the invite's). */
export async function grantMembership(tx: Tx, tenantId: string, userId: string, role: InviteRole, invitedAt: Date) {
  await tx
    .insert(memberships)
    .values({ tenantId, userId, role, invitedAt })
    .onConflictDoUpdate({ target: [memberships.tenantId, memberships.userId], set: { role: sql`case when ${memberships.role} = 'owner' then 'owner' else excluded.role end`, invitedAt } });
}
