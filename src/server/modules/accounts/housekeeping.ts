import { sql } from 'drizzle-orm';
import type { ScopedTx, StoreTx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { SESSION_IDLE_MS } from '../../../shared/auth';
import { COUNTER_KEEP_MS } from '../limits';

// The daily housekeeping's part here (decision 056): what has ended, in bounded batches. Rows another
// transaction holds are skipped (FOR UPDATE SKIP LOCKED), so a batch never waits on a request.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reset links stay a week past their end, so opening an old one still says "expired" rather than "unknown". */
export const RESET_LINK_KEEP_MS = 7 * DAY_MS;
/** Invitations stay 30 days past their end: the team page lists an expired one (to send again) for that long. */
export const INVITATION_KEEP_MS = 30 * DAY_MS;

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
const count = (rows: unknown) => Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);

/**
 * Up to `limit` sessions that can no longer be used: past their absolute end, or idle longer than
 * SESSION_IDLE_MS. A scope sees only its own sessions, so a definer function does it (migration 0047).
 */
export async function deleteEndedSessions(ctx: ScopedTx, limit: number): Promise<number> {
  return count(await ctx.tx.execute(sql`select app_housekeeping_sessions(${Math.round(SESSION_IDLE_MS / 1000)}, ${limit}) as n`));
}

/** Up to `limit` reset links a week past their end (used and superseded links end too); the app role cannot delete them itself. */
export async function deleteEndedResetLinks(ctx: ScopedTx, limit: number): Promise<number> {
  return count(await ctx.tx.execute(sql`select app_housekeeping_password_resets(${Math.round(RESET_LINK_KEEP_MS / 1000)}, ${limit}) as n`));
}

/**
 * Up to `limit` failed sign-ins older than every window that counts them. No row lock first: the app
 * role may not update these rows (so not lock them either), and nothing but another clean-up touches
 * rows this old; two at once delete each row once.
 */
export async function deleteOldSignInFailures(ctx: ScopedTx, limit: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await ctx.tx.execute(sql`
      delete from sign_in_failures where id in (
        select id from sign_in_failures where created_at < now() - ${ms(COUNTER_KEEP_MS)} limit ${limit})
      returning id`),
  );
  return rows.length;
}

/**
 * Up to `limit` of this store's invitations 30 days past their end that were never accepted (pending,
 * awaiting approval, declined, withdrawn). Accepted ones stay: their link says "already used".
 */
export async function deleteEndedInvitations(ctx: StoreTx, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await ctx.tx.execute(sql`
      delete from tenant_invitations where tenant_id = ${ctx.tenantId} and id in (
        select id from tenant_invitations
         where tenant_id = ${ctx.tenantId} and status <> 'accepted' and expires_at < now() - ${ms(INVITATION_KEEP_MS)}
         limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}
