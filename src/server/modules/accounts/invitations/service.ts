import { randomBytes } from 'node:crypto';
import type { TenantCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailButton } from '../../../adapters/email/layout';
import { AppError, conflict, forbidden, notFound } from '../../../http/errors';
import { sendTemplatedEmail } from '../../emails';
import { findTenant } from '../../tenants';
import { ACCESS_TEXT, INVITE_TTL_MS, type Invite, type InviteRole, type Member } from '../../../../shared/crm/access';
import { invitationPagePath } from '../../../../shared/crm/routes';
import { hashToken } from '../auth/tokens';
import * as repo from './repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export function inviteDto(row: repo.InviteRow): Invite {
  return { ...row, expires_at: iso(row.expires_at), magic_link_sent_at: isoOrNull(row.magic_link_sent_at), updated_at: iso(row.updated_at) };
}

export async function listAccess(ctx: TenantCtx): Promise<{ members: Member[]; invites: Invite[] }> {
  const members = (await repo.listMembers(ctx.tx, ctx.tenantId)).map((m) => ({
    ...m,
    invited_at: isoOrNull(m.invited_at),
    created_at: iso(m.created_at),
    last_sign_in_at: isoOrNull(m.last_sign_in_at),
  }));
  return { members, invites: (await repo.listInvites(ctx.tx, ctx.tenantId)).map(inviteDto) };
}

/** How a store's own address is reached: the caller's scheme and port, the store's primary domain. */
export type OriginFor = (domain: string | null) => string;

export interface InviteRequest {
  email: string;
  role: InviteRole;
  inviteId?: string;
  resend?: boolean;
}

/**
 * A new invite (or a fresh link for the address's open one), or with resend a fresh link for that
 * invite: either way a new random token, only its hash stored, so any earlier link stops working.
 * The link goes out by email (the store's 'invite' template) and is returned to copy.
 */
export async function invite(ctx: TenantCtx, mail: EmailSender, originFor: OriginFor, body: InviteRequest): Promise<{ invite: Invite; magic_link_url: string }> {
  const store = await findTenant(ctx.tx, ctx.tenantId);
  if (!store) throw notFound('Store not found');
  if (await repo.memberWithEmail(ctx.tx, ctx.tenantId, body.email)) {
    throw conflict('email_taken', `${body.email} is already a member of this store.`, { email: 'Already a member of this store' });
  }
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS), invitedBy: ctx.actor.userId };
  let row: repo.InviteRow | null;
  if (body.resend) {
    if (!body.inviteId) throw new AppError(400, 'invalid_input', 'Invite is required', { inviteId: 'Invite is required' });
    row = await repo.refreshInvite(ctx.tx, ctx.tenantId, body.inviteId, body.email, values);
    if (!row) throw notFound('Invite not found');
  } else {
    row = await repo.upsertPendingInvite(ctx.tx, { tenantId: ctx.tenantId, email: body.email, role: body.role, ...values });
  }
  const link = `${originFor(store.domain)}${invitationPagePath(token)}`;
  await sendTemplatedEmail({ ...ctx, tenantId: ctx.tenantId }, mail, {
    key: 'invite',
    to: body.email,
    shopName: store.name,
    values: {
      invited_by: ctx.actor.email,
      role: row.role,
      invite_url: link,
      invite_button: renderEmailButton({ label: 'Accept invitation', url: link }),
    },
  });
  return { invite: inviteDto(row), magic_link_url: link };
}

export async function revoke(ctx: TenantCtx, inviteId: string): Promise<void> {
  const found = await repo.findInvite(ctx.tx, ctx.tenantId, inviteId);
  if (!found) throw notFound('Invite not found');
  if (found.status === 'revoked') return;
  if (found.status !== 'pending' || !(await repo.revokeInvite(ctx.tx, ctx.tenantId, inviteId))) {
    throw conflict('invalid_transition', 'This invitation has already been accepted.');
  }
}

/** The member being changed: never the store's owner, never yourself (no locking yourself out). */
async function changeableMember(ctx: TenantCtx, userId: string) {
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
