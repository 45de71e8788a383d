import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/connection';
import type { Actor } from '../../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { ACCESS_TEXT, type InviteRole } from '../../../../shared/crm/access';
import { PASSWORD_MIN } from '../../../../shared/auth';
import { STORE_MANAGER_ROLES } from '../../../../shared/roles';
import * as auth from '../auth/service';
import { findUserFlags, insertUser } from '../auth/repo';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import * as repo from './repo';
import { usesTwoStep } from '../two-step/service';

export interface InviteStore {
  id: string;
  name: string;
}

/** Why a link no longer works: unknown 404; used, expired or withdrawn 410, each with its own text. */
function refusal(invite: { status: string; expires_at: Date } | null): AppError | null {
  if (!invite) return notFound(ACCESS_TEXT.inviteInvalid);
  if (invite.status === 'accepted') return new AppError(410, 'already_used', ACCESS_TEXT.inviteUsed);
  if (invite.status === 'revoked') return new AppError(410, 'invalid_claim', ACCESS_TEXT.inviteRevokedLink);
  if (invite.expires_at.getTime() <= Date.now()) return new AppError(410, 'invalid_claim', ACCESS_TEXT.inviteExpired);
  return null;
}

async function openInvite(tx: Tx, store: InviteStore, token: string) {
  const invite = await repo.inviteByTokenHash(tx, store.id, hashToken(token));
  const refused = refusal(invite);
  if (refused) throw refused;
  return invite!;
}

const inviterLostAccess = () => new AppError(410, 'inviter_lost_access', ACCESS_TEXT.inviterLostAccess);

/**
 * Whether the account backing a link is a platform owner (decision 030). Read in that account's own
 * scope: its own users row is the one row it surely sees, and an owner named only in
 * PLATFORM_OWNER_EMAILS belongs to no store, so the store's scope may not see it.
 */
async function backedByPlatformOwner(deps: auth.AuthDeps, grantedBy: string | null): Promise<boolean> {
  if (!grantedBy) return false;
  return deps.scopes.run({ tenantId: null, userId: grantedBy }, async ({ tx }) => {
    const user = await findUserFlags(tx, grantedBy);
    return user ? auth.isPlatformOwner(deps.config, user) : false;
  });
}

/**
 * A link grants at most what its backer holds in the store now (decision 030): an invite or approval
 * by an owner or admin who has since been demoted or removed gives nothing (410). With `lock`, the
 * backer's membership is held until the grant commits, so a demotion at that moment cannot slip by.
 */
async function assertBackerHolds(tx: Tx, store: InviteStore, grantedBy: string | null, ownerBacked: boolean, lock: boolean): Promise<void> {
  if (ownerBacked) return;
  const role = grantedBy ? (lock ? await repo.lockMemberRole(tx, store.id, grantedBy) : await repo.findMemberRole(tx, store.id, grantedBy)) : null;
  if (!role || !STORE_MANAGER_ROLES.includes(role)) throw inviterLostAccess();
}

/** The link's invite, refused as accepting would refuse it, with whether a platform owner backs it. */
async function checkedInvite(deps: auth.AuthDeps, store: InviteStore, token: string, userId: string | null) {
  const invite = await deps.scopes.run({ tenantId: store.id, userId }, ({ tx }) => openInvite(tx, store, token));
  const ownerBacked = await backedByPlatformOwner(deps, invite.granted_by);
  await deps.scopes.run({ tenantId: store.id, userId }, ({ tx }) => assertBackerHolds(tx, store, invite.granted_by, ownerBacked, false));
  return { invite, ownerBacked };
}

/** GET: what the accept page shows; the same refusals as accepting. */
export async function preview(deps: auth.AuthDeps, store: InviteStore, token: string) {
  const { invite } = await checkedInvite(deps, store, token, null);
  return { store_name: store.name, email: invite.email, role: invite.role, has_account: await auth.accountExists(deps, invite.email) };
}

/**
 * Turns the invite into a membership, once: the conditional update lets exactly one caller win; the
 * others learn the link's state now (used, mostly). Runs in the store's scope as the joining user.
 * The backer's standing is checked again here, under lock; a refusal rolls the use of the link back.
 */
async function consumeAndGrant(tx: Tx, store: InviteStore, token: string, userId: string, ownerBacked: boolean): Promise<InviteRole> {
  const won = await repo.consumeInvite(tx, store.id, hashToken(token), userId);
  if (!won) {
    throw refusal(await repo.inviteByTokenHash(tx, store.id, hashToken(token))) ?? new AppError(410, 'already_used', ACCESS_TEXT.inviteUsed);
  }
  // Nobody joins on their own invitation or request, whatever email their account has since taken.
  if (won.invited_by === userId || won.granted_by === userId) throw conflict('self_invite', ACCESS_TEXT.selfInvite);
  await assertBackerHolds(tx, store, won.granted_by, ownerBacked, true);
  await repo.grantMembership(tx, store.id, userId, won.role, won.magic_link_sent_at ?? new Date());
  return won.role;
}

export interface Accepted {
  tenant_id: string;
  role: InviteRole;
  /** The invited (and now joined) account's email: the device cookie is bound to it (decision 031). */
  email: string;
  /** A new session token to set as the cookie, or null when the caller's own session continues. */
  sessionToken: string | null;
}

/**
 * POST: accept on the store's host. Signed in as the invited email: joins at once. Signed in as
 * someone else: refused (409). Not signed in: an existing account confirms with its password (no
 * request scope may look an account up by email, so the link alone cannot sign it in); a new one
 * chooses a password and is created. Either way a session starts, as at sign-in.
 */
export async function accept(deps: auth.AuthDeps, store: InviteStore, actor: Actor | null, body: { token: string; password?: string }, meta: auth.ClientMeta): Promise<Accepted> {
  const { invite, ownerBacked } = await checkedInvite(deps, store, body.token, actor?.userId ?? null);
  const consume = (tx: Tx, userId: string) => consumeAndGrant(tx, store, body.token, userId, ownerBacked);
  if (actor) {
    if (actor.email !== invite.email) throw conflict('invalid_claim', ACCESS_TEXT.wrongAccount);
    const role = await deps.scopes.run({ tenantId: store.id, userId: actor.userId }, ({ tx }) => consume(tx, actor.userId));
    return { tenant_id: store.id, role, email: invite.email, sessionToken: null };
  }
  const password = body.password ?? '';
  if (await auth.accountExists(deps, invite.email)) {
    if (!password) throw badRequest('Enter your password to accept', { password: 'Enter your password to accept' });
    const userId = await auth.verifyPassword(deps, { email: invite.email, password }, meta);
    // A password alone never starts a session of an account that signs in in two steps (issue 26).
    if (await usesTwoStep(deps, userId)) throw conflict('two_step_required', ACCESS_TEXT.twoStepFirst);
    const role = await deps.scopes.run({ tenantId: store.id, userId }, ({ tx }) => consume(tx, userId));
    return { tenant_id: store.id, role, email: invite.email, sessionToken: await auth.startSession(deps, userId, meta) };
  }
  if (password.length < PASSWORD_MIN) {
    const message = password ? `Password must be at least ${PASSWORD_MIN} characters` : 'Password is required';
    throw badRequest(message, { password: message });
  }
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  // The users sign-up policy: the scope's user inserts itself. The store scope lets it join there.
  const role = await deps.scopes.run({ tenantId: store.id, userId }, async ({ tx }) => {
    if (!(await insertUser(tx, userId, invite.email, passwordHash))) throw conflict('email_taken', 'An account with this email was just created. Sign in, then open the link again.');
    return consume(tx, userId);
  });
  return { tenant_id: store.id, role, email: invite.email, sessionToken: await auth.startSession(deps, userId, meta) };
}
