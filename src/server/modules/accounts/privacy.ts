import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { users } from '../../db/schema/index';
import type { Actor } from '../../http/context';
import { conflict } from '../../http/errors';
import { forgetPlatformKeys } from '../limits';
import { forgetOwnPlatformMail } from '../emails';
import { PRIVACY_TEXT } from '../../../shared/privacy';
import { listMemberships } from './auth/repo';
import { clearAccountFailures, endSessions } from './recovery/repo';
import { liveSessions } from './settings/repo';
import { describeBrowser } from './settings/devices';

// The platform-wide account under UK GDPR (issue 26 item 5): what it holds, for a data export, and its
// erasure, which only the person can ask for, on the platform host. A store's erasure leaves the account
// (it is not the store's) and only ends its sessions.

export interface ExportedAccount {
  email: string;
  created_at: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  two_step_sign_in: boolean;
  signed_in_devices: { browser: string; signed_in_at: string; last_used_at: string }[];
}

/** The account as its owner may read it (the own_account and own_session policies: their scope only). */
export async function accountForExport(tx: Tx, userId: string): Promise<ExportedAccount | null> {
  const [row] = await tx
    .select({ email: users.email, createdAt: users.createdAt, confirmedAt: users.emailConfirmedAt, lastSignInAt: users.lastSignInAt, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const devices = await liveSessions(tx, userId);
  return {
    email: row.email,
    created_at: row.createdAt.toISOString(),
    email_confirmed_at: row.confirmedAt?.toISOString() ?? null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    two_step_sign_in: row.totpEnabledAt !== null,
    signed_in_devices: devices.map((d) => ({ browser: describeBrowser(d.userAgent), signed_in_at: d.createdAt.toISOString(), last_used_at: d.lastSeenAt.toISOString() })),
  };
}

/** Signs the person out everywhere: every session of the account ends. */
export function endAllSessions(tx: Tx, userId: string): Promise<number> {
  return endSessions(tx, userId);
}

/**
 * Erases the account itself, in the person's own platform scope: refused while it runs a store's team or
 * the platform (someone else relies on it). Everything hanging off the account goes with its row (ON
 * DELETE): sessions, reset links, recovery codes, saved addresses, claims, push subscriptions; orders,
 * carts and customer records lose the link to it. Its failed sign-ins, limit counters and the platform's
 * own mail to it go too.
 */
export async function eraseOwnAccount(tx: Tx, actor: Actor): Promise<void> {
  if (actor.isOwner || actor.isSales) throw conflict('account_in_use', PRIVACY_TEXT.platformAccount);
  if ((await listMemberships(tx, actor.userId)).length > 0) throw conflict('account_in_use', PRIVACY_TEXT.storeTeam);
  await clearAccountFailures(tx, actor.email);
  await forgetPlatformKeys(tx, [actor.userId, actor.email.toLowerCase()]);
  await forgetOwnPlatformMail(tx);
  await tx.delete(users).where(eq(users.id, actor.userId));
}
