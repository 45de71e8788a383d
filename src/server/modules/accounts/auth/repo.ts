import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { memberships, sessions, signInFailures, users } from '../../../db/schema/index';
import type { MemberRole, Permission } from '../../../../shared/roles';
import { windowState, type WindowState } from '../../limits';
import type { SignInWindows } from './lockout';
import { rowsOf } from '../../../db/rows';

/** The stored hash's parameters and salt (not its digest), or null for an unknown email. */
export async function passwordSalt(tx: Tx, email: string): Promise<string | null> {
  const [row] = rowsOf<{ prefix: string | null }>(await tx.execute(sql`select app_password_salt(${email}) as prefix`));
  return row?.prefix ?? null;
}

/** The user whose stored hash equals the candidate computed from their salt, or null. */
export async function verifyCandidate(tx: Tx, email: string, candidate: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string | null }>(await tx.execute(sql`select app_verify_password(${email}, ${candidate}) as id`));
  return row?.id ?? null;
}

/**
 * Inserts a user with an id chosen by the caller (the scope's user, as the sign-up policy requires);
 * null when the email is taken (so concurrent sign-ups cannot both win).
 */
export async function insertUser(tx: Tx, id: string, email: string, passwordHash: string) {
  const rows = await tx.insert(users).values({ id, email, passwordHash }).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  return rows[0] ?? null;
}

export async function insertSession(
  tx: Tx,
  values: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null; activeTenantId?: string | null },
) {
  const rows = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return rows[0];
}

/** users.last_sign_in_at (Client Access lists it); the own_account policy lets a user set their own. */
export async function noteSignIn(tx: Tx, userId: string) {
  await tx.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}

export async function deleteSessionByHash(tx: Tx, tokenHash: string) {
  await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** A live session: not past its absolute expiry and used within the idle window. */
export async function findLiveSession(tx: Tx, tokenHash: string, idleCutoff: Date) {
  const rows = await tx
    .select({
      id: sessions.id,
      userId: sessions.userId,
      email: users.email,
      isPlatformOwner: users.isPlatformOwner,
      isPlatformSales: users.isPlatformSales,
      activeTenantId: sessions.activeTenantId,
      lastSeenAt: sessions.lastSeenAt,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  return rows[0] ?? null;
}

export async function touchSession(tx: Tx, sessionId: string) {
  await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function setActiveTenant(tx: Tx, sessionId: string, tenantId: string | null) {
  await tx.update(sessions).set({ activeTenantId: tenantId }).where(eq(sessions.id, sessionId));
}

/** The user's memberships (RLS lets a user read their own); the store names come from the tenants module. */
export async function listMemberships(tx: Tx, userId: string) {
  return tx.select({ tenant_id: memberships.tenantId, role: memberships.role }).from(memberships).where(eq(memberships.userId, userId));
}

/** The member's role in the store and, for staff, what they may do (issue 27); null: not a member. */
export async function findMembership(tx: Tx, tenantId: string, userId: string): Promise<{ role: MemberRole; permissions: Permission[] } | null> {
  const rows = await tx
    .select({ role: memberships.role, permissions: memberships.permissions })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRole(tx: Tx, tenantId: string, userId: string): Promise<MemberRole | null> {
  const rows = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

/**
 * The failed sign-ins that can lock this attempt out, one window per limit: the (address, email)
 * pair, the account from any address, and the address for any email (decisions 001 and 011).
 */
export async function failureWindows(tx: Tx, ip: string, email: string, limits: { pair: number; account: number; address: number; windowMs: number }): Promise<SignInWindows> {
  const { windowMs } = limits;
  return {
    pair: await windowState(tx, 'sign_in_failures', sql`ip = ${ip} and email = ${email}`, { max: limits.pair, windowMs }),
    account: await windowState(tx, 'sign_in_failures', sql`email = ${email}`, { max: limits.account, windowMs }),
    address: await windowState(tx, 'sign_in_failures', sql`ip = ${ip}`, { max: limits.address, windowMs }),
  };
}

/** The failed sign-ins of one device cookie (decision 031), whichever address it came from. */
export async function deviceFailures(tx: Tx, device: string, limit: { max: number; windowMs: number }): Promise<WindowState> {
  return windowState(tx, 'sign_in_failures', sql`device = ${device}`, limit);
}

/** A failure, with the device when the attempt proved one (it counts for every window as well). */
export async function recordFailure(tx: Tx, ip: string, email: string, device: string | null) {
  await tx.insert(signInFailures).values({ ip, email, device });
}

export async function clearFailures(tx: Tx, ip: string, email: string) {
  await tx.delete(signInFailures).where(and(eq(signInFailures.ip, ip), eq(signInFailures.email, email)));
}

/** An account's email and owner flag, as far as the scope may see it (its own scope always does). */
export async function findUserFlags(tx: Tx, userId: string) {
  const rows = await tx.select({ email: users.email, isPlatformOwner: users.isPlatformOwner }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}
