import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/connection';
import type { Actor } from '../../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { ACCESS_TEXT, type InviteRole } from '../../../../shared/crm/access';
import { PASSWORD_MIN } from '../../../../shared/auth';
import * as auth from '../auth/service';
import { insertUser } from '../auth/repo';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import * as repo from './repo';

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

/** GET: what the accept page shows; the same refusals as accepting. */
export async function preview(deps: auth.AuthDeps, store: InviteStore, token: string) {
  const invite = await deps.scopes.run({ tenantId: store.id, userId: null }, ({ tx }) => openInvite(tx, store, token));
  return { store_name: store.name, email: invite.email, role: invite.role, has_account: await auth.accountExists(deps, invite.email) };
}

/**
 * Turns the invite into a membership, once: the conditional update lets exactly one caller win; the
 * others learn the link's state now (used, mostly). Runs in the store's scope as the joining user.
 */
async function consumeAndGrant(tx: Tx, store: InviteStore, token: string, userId: string): Promise<InviteRole> {
  const won = await repo.consumeInvite(tx, store.id, hashToken(token), userId);
  if (!won) {
    throw refusal(await repo.inviteByTokenHash(tx, store.id, hashToken(token))) ?? new AppError(410, 'already_used', ACCESS_TEXT.inviteUsed);
  }
  await repo.grantMembership(tx, store.id, userId, won.role, won.magic_link_sent_at ?? new Date());
  return won.role;
}

export interface Accepted {
  tenant_id: string;
  role: InviteRole;
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
  const invite = await deps.scopes.run({ tenantId: store.id, userId: actor?.userId ?? null }, ({ tx }) => openInvite(tx, store, body.token));
  if (actor) {
    if (actor.email !== invite.email) throw conflict('invalid_claim', ACCESS_TEXT.wrongAccount);
    const role = await deps.scopes.run({ tenantId: store.id, userId: actor.userId }, ({ tx }) => consumeAndGrant(tx, store, body.token, actor.userId));
    return { tenant_id: store.id, role, sessionToken: null };
  }
  const password = body.password ?? '';
  if (await auth.accountExists(deps, invite.email)) {
    if (!password) throw badRequest('Enter your password to accept', { password: 'Enter your password to accept' });
    const userId = await auth.verifyPassword(deps, { email: invite.email, password }, meta);
    const role = await deps.scopes.run({ tenantId: store.id, userId }, ({ tx }) => consumeAndGrant(tx, store, body.token, userId));
    return { tenant_id: store.id, role, sessionToken: await auth.startSession(deps, userId, meta) };
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
    return consumeAndGrant(tx, store, body.token, userId);
  });
  return { tenant_id: store.id, role, sessionToken: await auth.startSession(deps, userId, meta) };
}
