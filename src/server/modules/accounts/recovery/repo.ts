import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { passwordResets, sessions, signInFailures, users } from '../../../db/schema/index';
import { rowsOf } from '../../../db/rows';

/** The account an exact email names, through the database's narrow lookup (the app role cannot list users). */
export async function userIdForEmail(tx: Tx, email: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string | null }>(await tx.execute(sql`select app_user_id_for_email(${email}) as id`));
  return row?.id ?? null;
}

/** Marks the account's links still waiting as superseded: only the newest one works. */
export async function supersedeResets(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.supersededAt)));
}

export async function insertReset(tx: Tx, values: { userId: string; tokenHash: string; host: string; expiresAt: Date }): Promise<void> {
  await tx.insert(passwordResets).values(values);
}

/** The link a token hash names (the scope names that hash), with its account's email. */
export async function findReset(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      userId: passwordResets.userId,
      host: passwordResets.host,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      supersededAt: passwordResets.supersededAt,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Uses the link: one conditional update, so two tabs submitting at once cannot both set a password.
 * True when this call used it.
 */
export async function useReset(tx: Tx, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), isNull(passwordResets.supersededAt), sql`${passwordResets.expiresAt} > now()`))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/** A new password hash for the account (the own_account policy: the scope is that user). */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Opening a link sent to the address proves it reaches its owner. */
export async function confirmEmailIfNot(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

/** Ends every session of the account (the scope is that user), or every one but `keepId`. */
export async function endSessions(tx: Tx, userId: string, keepId: string | null = null): Promise<number> {
  const where = keepId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepId}`) : eq(sessions.userId, userId);
  const rows = await tx.delete(sessions).where(where).returning({ id: sessions.id });
  return rows.length;
}

/** The account's failed sign-ins from every address: the person has proved they hold the email. */
export async function clearAccountFailures(tx: Tx, email: string): Promise<void> {
  await tx.delete(signInFailures).where(eq(signInFailures.email, email));
}

export async function accountEmail(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}
