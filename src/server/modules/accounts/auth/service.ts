import { randomUUID } from 'node:crypto';
import type { Scope, UnitOfWork } from '../../../db/unit-of-work';
import type { Config } from '../../../config';
import type { Actor } from '../../../http/context';
import { AppError, conflict, notFound } from '../../../http/errors';
import { tenantSummaries } from '../../tenants';
import { rateLimited, spendPlatformAllowance, type Limit } from '../../limits';
import {
  AUTH_TEXT,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_DEVICE,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_MAX_PER_ADDRESS,
  SIGN_UP_WINDOW_MS,
  type SessionResponse,
  type SignInBody,
  type SignUpBody,
} from '../../../../shared/auth';
import * as repo from './repo';
import { candidateHash, hashPassword } from './passwords';
import { hashToken, newSessionToken } from './tokens';
import { lockoutSeconds } from './lockout';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
  /** The token the browser already holds, ended when a new one is issued (no session fixation). */
  previousToken: string | null;
  /** The device id of this browser's device cookie when it proves an earlier sign-in to `email` (decision 031). */
  deviceFor?: (email: string) => string | null;
  /** The store whose host the person signs in on (null: the platform host): they become its customer (issue 26). */
  storeTenantId?: string | null;
}

export interface AuthDeps {
  scopes: UnitOfWork;
  config: Config;
}

const ANON: Scope = { tenantId: null, userId: null };
/** The scope that may see (and end) the session of this token, and nothing else of sessions. */
const sessionScope = (token: string): Scope => ({ tenantId: null, userId: null, sessionHash: hashToken(token) });
/** Writing last_seen_at on every request would turn reads into writes; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export function isPlatformOwner(config: Config, user: { email: string; isPlatformOwner: boolean }): boolean {
  return user.isPlatformOwner || config.platformOwnerEmails.includes(user.email);
}

/** A new session for this user (sign-in, sign-up, an accepted invitation), noting when they signed in. */
export async function startSession(deps: AuthDeps, userId: string, meta: ClientMeta): Promise<string> {
  const token = newSessionToken();
  const previousHash = meta.previousToken ? hashToken(meta.previousToken) : null;
  await deps.scopes.run({ tenantId: null, userId, sessionHash: previousHash }, async ({ tx, emit }) => {
    if (previousHash) await repo.deleteSessionByHash(tx, previousHash);
    await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    await repo.noteSignIn(tx, userId);
    // Signed in on a store's host: one of its customers from now on (Admin > Customers, issue 26).
    const user = meta.storeTenantId ? await repo.findUserFlags(tx, userId) : null;
    if (meta.storeTenantId && user) emit({ type: 'account.used_in_store', tenantId: meta.storeTenantId, userId, email: user.email });
  });
  return token;
}

/** Sign-ups per client address (accounts are platform-wide, so counted across every store). */
const SIGN_UP_LIMIT: Limit = { bucket: 'sign_up', max: SIGN_UP_MAX_PER_ADDRESS, windowMs: SIGN_UP_WINDOW_MS, message: AUTH_TEXT.signUpRateLimited };

const SIGN_IN_LIMITS = {
  pair: SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT,
  account: SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  address: SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  windowMs: SIGN_IN_WINDOW_MS,
};
const DEVICE_LIMIT = { max: SIGN_IN_MAX_FAILURES_PER_DEVICE, windowMs: SIGN_IN_WINDOW_MS };

export async function signUp(deps: AuthDeps, body: SignUpBody, meta: ClientMeta): Promise<string> {
  // Counted before the (deliberately slow) password hash, taken emails included: an address cannot
  // mint accounts, or test which emails have one, without limit.
  await deps.scopes.run(ANON, ({ tx }) => spendPlatformAllowance(tx, SIGN_UP_LIMIT, meta.ip));
  const passwordHash = await hashPassword(body.password);
  // The id is chosen here so the insert can run in that user's scope (the users sign-up policy).
  const id = randomUUID();
  const user = await deps.scopes.run({ tenantId: null, userId: id }, ({ tx }) => repo.insertUser(tx, id, body.email, passwordHash));
  if (!user) throw conflict('email_taken', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
  return startSession(deps, user.id, meta);
}

export async function signIn(deps: AuthDeps, body: SignInBody, meta: ClientMeta): Promise<string> {
  return startSession(deps, await verifyPassword(deps, body, meta), meta);
}

/**
 * The user whose email and password these are, under the sign-in failure limits (401 otherwise).
 * Sign-in, and accepting an invitation into an existing account without a session, both use it.
 */
export async function verifyPassword(deps: AuthDeps, body: SignInBody, meta: ClientMeta): Promise<string> {
  const device = meta.deviceFor?.(body.email) ?? null;
  const { saltPrefix, windows, proofs } = await deps.scopes.run(ANON, async ({ tx }) => ({
    saltPrefix: await repo.passwordSalt(tx, body.email),
    windows: await repo.failureWindows(tx, meta.ip, body.email, SIGN_IN_LIMITS),
    proofs: device ? [{ kind: 'device' as const, failures: await repo.deviceFailures(tx, device, DEVICE_LIMIT) }] : [],
  }));
  // Locked out by any limit, even with the right password (the account's is waived for a known device
  // of its own); wait for the last to free.
  const wait = lockoutSeconds(windows, proofs);
  if (wait > 0) throw rateLimited(AUTH_TEXT.rateLimited, wait);
  // Computed for unknown emails too (against a dummy salt), so timing does not tell which exist.
  const candidate = await candidateHash(saltPrefix, body.password);
  const userId = await deps.scopes.run(ANON, async ({ tx }) => {
    const id = candidate ? await repo.verifyCandidate(tx, body.email, candidate) : null;
    if (id) await repo.clearFailures(tx, meta.ip, body.email);
    else await repo.recordFailure(tx, meta.ip, body.email, device);
    return id;
  });
  if (!userId) throw new AppError(401, 'invalid_credentials', AUTH_TEXT.invalidCredentials);
  return userId;
}

/** Whether an account uses this email; the users a request scope sees are limited, the salt lookup is not. */
export async function accountExists(deps: AuthDeps, email: string): Promise<boolean> {
  return deps.scopes.run(ANON, async ({ tx }) => (await repo.passwordSalt(tx, email)) !== null);
}

export async function signOut(deps: AuthDeps, token: string | null): Promise<void> {
  if (!token) return;
  await deps.scopes.run(sessionScope(token), ({ tx }) => repo.deleteSessionByHash(tx, hashToken(token)));
}

/** The actor for a session token, or null when missing, expired or idle too long. */
export async function loadActor(deps: AuthDeps, token: string): Promise<Actor | null> {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS);
  return deps.scopes.run(sessionScope(token), async ({ tx }) => {
    const row = await repo.findLiveSession(tx, hashToken(token), idleCutoff);
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(tx, row.id);
    const isOwner = isPlatformOwner(deps.config, { email: row.email, isPlatformOwner: row.isPlatformOwner });
    return { sessionId: row.id, userId: row.userId, email: row.email, isOwner, isSales: isOwner || row.isPlatformSales, activeTenantId: row.activeTenantId, twoStep: row.totpEnabledAt !== null };
  });
}

export async function describeSession(deps: AuthDeps, actor: Actor | null): Promise<SessionResponse> {
  if (!actor) return { user: null, memberships: [], active_tenant_id: null };
  const memberships = await deps.scopes.run({ tenantId: null, userId: actor.userId }, async (work) => {
    const rows = await repo.listMemberships(work.tx, actor.userId);
    const stores = new Map((await tenantSummaries(work, rows.map((r) => r.tenant_id))).map((t) => [t.id, t]));
    return rows
      .flatMap((r) => {
        const store = stores.get(r.tenant_id);
        return store ? [{ tenant_id: r.tenant_id, role: r.role, tenant: { name: store.name, domain: store.domain } }] : [];
      })
      .sort((a, b) => a.tenant.name.localeCompare(b.tenant.name));
  });
  const active = memberships.some((m) => m.tenant_id === actor.activeTenantId) ? actor.activeTenantId : null;
  return { user: { id: actor.userId, email: actor.email, isOwner: actor.isOwner, isSales: actor.isSales }, memberships, active_tenant_id: active };
}

/** Chooses the tenant a platform-host admin works in. Only a tenant the user belongs to can be chosen. */
export async function chooseActiveTenant(deps: AuthDeps, actor: Actor, tenantId: string | null): Promise<Actor> {
  await deps.scopes.run({ tenantId: null, userId: actor.userId }, async ({ tx }) => {
    if (tenantId) {
      const role = await repo.findRole(tx, tenantId, actor.userId);
      if (!role) throw notFound('Tenant not found');
    }
    await repo.setActiveTenant(tx, actor.sessionId, tenantId);
  });
  return { ...actor, activeTenantId: tenantId };
}
