import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { sessions, users } from '../../../db/schema/index';
import { SESSION_IDLE_MS } from '../../../../shared/auth';

export async function accountRow(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The new email, confirmed by the link that was opened at that address. Unique: a taken email throws. */
export async function setEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.update(users).set({ email, emailConfirmedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Sessions still usable: not past their absolute expiry and used within the idle window. */
export async function liveSessions(tx: Tx, userId: string) {
  return tx
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS))))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

/** Ends one of the account's sessions; false when the id is not one of theirs. */
export async function endSession(tx: Tx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId))).returning({ id: sessions.id });
  return rows.length === 1;
}
