import { and, count, eq, isNull, or, sql, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { twoStepRecoveryCodes, users } from '../../../db/schema/index';

export async function twoStepRow(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: users.email, secret: users.totpSecret, pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function setPendingSecret(tx: Tx, userId: string, sealed: string): Promise<void> {
  await tx.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId));
}

/** The pending secret becomes the account's, with the step its first code used. */
export async function enable(tx: Tx, userId: string, sealed: string, step: number): Promise<void> {
  await tx.update(users).set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step }).where(eq(users.id, userId));
}

export async function disable(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
}

/**
 * Takes the step for this account: one conditional update, so a code (and any code of an earlier
 * step) works once even when two requests race. True when this call took it.
 */
export async function takeStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[]): Promise<void> {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await tx.insert(twoStepRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses one recovery code; true when it was one of the account's and unused. */
export async function useRecoveryCode(tx: Tx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await tx
    .update(twoStepRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(twoStepRecoveryCodes.userId, userId), eq(twoStepRecoveryCodes.codeHash, codeHash), isNull(twoStepRecoveryCodes.usedAt)))
    .returning({ id: twoStepRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(tx: Tx, userId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(twoStepRecoveryCodes).where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return n;
}
