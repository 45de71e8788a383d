import type { TenantCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { AppError, conflict, forbidden, notFound } from '../../../http/errors';
import { findTenant } from '../../tenants';
import { ACCESS_TEXT, INVITE_TTL_MS, type Invite, type InviteRole, type Member } from '../../../../shared/crm/access';
import { canManage, requireManager } from './scope';
import { newLink, sendInviteEmail, type OriginFor } from './mail';
import * as repo from './repo';

export type { OriginFor } from './mail';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export function inviteDto(row: repo.InviteRow): Invite {
  return { ...row, expires_at: iso(row.expires_at), magic_link_sent_at: isoOrNull(row.magic_link_sent_at), updated_at: iso(row.updated_at) };
}

export async function listAccess(ctx: TenantCtx): Promise<{ members: Member[]; invites: Invite[]; can_manage: boolean }> {
  const members = (await repo.listMembers(ctx.tx, ctx.tenantId)).map((m) => ({
    ...m,
    invited_at: isoOrNull(m.invited_at),
    created_at: iso(m.created_at),
    last_sign_in_at: isoOrNull(m.last_sign_in_at),
  }));
  return { members, invites: (await repo.listInvites(ctx.tx, ctx.tenantId)).map(inviteDto), can_manage: canManage(ctx) };
}

export interface InviteRequest {
  email: string;
  role: InviteRole;
  inviteId?: string;
  resend?: boolean;
}

export interface InviteAnswer {
  invite: Invite;
  /** Null when no link was made: a request awaiting approval. */
  magic_link_url: string | null;
}

async function storeOf(ctx: TenantCtx) {
  const store = await findTenant(ctx);
  if (!store) throw notFound('Store not found');
  return store;
}

/**
 * A new invite (or a fresh link for the address's open one), or with resend a fresh link for that
 * invite: either way a new random token, only its hash stored, so any earlier link stops working.
 * The link goes out by email (the store's 'invite' template) and is returned to copy. Nobody invites
 * their own address; a caller who does not manage the store (platform sales) only files a request
 * that waits for the store's approval (decision 030).
 */
export async function invite(ctx: TenantCtx, mail: EmailSender, originFor: OriginFor, body: InviteRequest): Promise<InviteAnswer> {
  if (body.email === ctx.actor.email) throw conflict('self_invite', ACCESS_TEXT.selfInvite, { email: ACCESS_TEXT.selfInvite });
  const store = await storeOf(ctx);
  if (await repo.memberWithEmail(ctx.tx, ctx.tenantId, body.email)) {
    throw conflict('email_taken', `${body.email} is already a member of this store.`, { email: 'Already a member of this store' });
  }
  if (body.resend) return resend(ctx, mail, originFor, store, body);
  if (!canManage(ctx)) return request(ctx, body);
  const link = newLink();
  const row = await repo.upsertPendingInvite(ctx.tx, {
    tenantId: ctx.tenantId,
    email: body.email,
    role: body.role,
    tokenHash: link.tokenHash,
    expiresAt: link.expiresAt,
    invitedBy: ctx.actor.userId,
    grantedBy: ctx.actor.userId,
  });
  return { invite: inviteDto(row), magic_link_url: await sendInviteEmail(ctx, mail, originFor, store, row, link.token) };
}

/** Platform sales without standing in the store: a request, no link, nothing sent. */
async function request(ctx: TenantCtx, body: InviteRequest): Promise<InviteAnswer> {
  const row = await repo.upsertRequest(ctx.tx, {
    tenantId: ctx.tenantId,
    email: body.email,
    role: body.role,
    invitedBy: ctx.actor.userId,
    requestedByEmail: ctx.actor.email,
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
  });
  if (!row) throw conflict('invalid_transition', ACCESS_TEXT.alreadyOpen, { email: ACCESS_TEXT.alreadyOpen });
  return { invite: inviteDto(row), magic_link_url: null };
}

/**
 * A fresh link for a pending invite. A manager's resend backs the link with their own standing; a
 * platform sales account may resend only an approved invite it asked for, which keeps its approver's.
 */
async function resend(ctx: TenantCtx, mail: EmailSender, originFor: OriginFor, store: { name: string; domain: string | null }, body: InviteRequest): Promise<InviteAnswer> {
  if (!body.inviteId) throw new AppError(400, 'invalid_input', 'Invite is required', { inviteId: 'Invite is required' });
  const found = await repo.findInvite(ctx.tx, ctx.tenantId, body.inviteId);
  if (!found || found.email !== body.email) throw notFound('Invite not found');
  const manages = canManage(ctx);
  if (!manages && found.invited_by !== ctx.actor.userId) throw forbidden(ACCESS_TEXT.managersOnly);
  if (found.status === 'awaiting_approval') throw conflict('invalid_transition', ACCESS_TEXT.awaitingApproval);
  const link = newLink();
  const row = await repo.refreshInvite(ctx.tx, ctx.tenantId, body.inviteId, body.email, { tokenHash: link.tokenHash, expiresAt: link.expiresAt, grantedBy: manages ? ctx.actor.userId : undefined });
  if (!row) throw notFound('Invite not found');
  return { invite: inviteDto(row), magic_link_url: await sendInviteEmail(ctx, mail, originFor, store, row, link.token) };
}

/** A store's owner or admin (or a platform owner) approves a request: its link is made and sent now. */
export async function approve(ctx: TenantCtx, mail: EmailSender, originFor: OriginFor, inviteId: string): Promise<InviteAnswer> {
  requireManager(ctx);
  const store = await storeOf(ctx);
  const found = await repo.findInvite(ctx.tx, ctx.tenantId, inviteId);
  if (!found) throw notFound('Invite not found');
  if (found.email === ctx.actor.email) throw conflict('self_invite', ACCESS_TEXT.selfInvite);
  if (await repo.memberWithEmail(ctx.tx, ctx.tenantId, found.email)) {
    throw conflict('email_taken', `${found.email} is already a member of this store.`);
  }
  const link = newLink();
  const row = await repo.approveRequest(ctx.tx, ctx.tenantId, inviteId, { tokenHash: link.tokenHash, expiresAt: link.expiresAt, grantedBy: ctx.actor.userId });
  if (!row) throw conflict('invalid_transition', ACCESS_TEXT.notAwaiting);
  return { invite: inviteDto(row), magic_link_url: await sendInviteEmail(ctx, mail, originFor, store, row, link.token) };
}

export async function decline(ctx: TenantCtx, inviteId: string): Promise<InviteAnswer> {
  requireManager(ctx);
  if (!(await repo.findInvite(ctx.tx, ctx.tenantId, inviteId))) throw notFound('Invite not found');
  const row = await repo.declineRequest(ctx.tx, ctx.tenantId, inviteId);
  if (!row) throw conflict('invalid_transition', ACCESS_TEXT.notAwaiting);
  return { invite: inviteDto(row), magic_link_url: null };
}

/** Managers revoke any open invitation; platform sales only withdraw what they asked for. */
export async function revoke(ctx: TenantCtx, inviteId: string): Promise<void> {
  const found = await repo.findInvite(ctx.tx, ctx.tenantId, inviteId);
  if (!found) throw notFound('Invite not found');
  if (!canManage(ctx) && found.invited_by !== ctx.actor.userId) throw forbidden(ACCESS_TEXT.managersOnly);
  if (found.status === 'revoked') return;
  if (!(await repo.revokeInvite(ctx.tx, ctx.tenantId, inviteId))) {
    throw conflict('invalid_transition', found.status === 'declined' ? ACCESS_TEXT.notAwaiting : 'This invitation has already been accepted.');
  }
}

/**
 * The member being changed: only by a manager (decision 030), never the store's owner, never yourself
 * (no locking yourself out).
 */
async function changeableMember(ctx: TenantCtx, userId: string) {
  requireManager(ctx);
  const role = await repo.findMemberRole(ctx.tx, ctx.tenantId, userId);
  if (!role) throw notFound('Member not found');
  if (role === 'owner') throw forbidden(ACCESS_TEXT.ownerLocked);
  if (userId === ctx.actor.userId) throw conflict('invalid_transition', 'You cannot change or remove your own access.');
  return role;
}

export async function changeRole(ctx: TenantCtx, userId: string, role: InviteRole): Promise<void> {
  await changeableMember(ctx, userId);
  await repo.setMemberRole(ctx.tx, ctx.tenantId, userId, role);
}

export async function removeMember(ctx: TenantCtx, userId: string): Promise<void> {
  await changeableMember(ctx, userId);
  await repo.deleteMember(ctx.tx, ctx.tenantId, userId);
}
