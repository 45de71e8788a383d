import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../http/errors';

/** At most `max` counted actions in any `windowMs`; beyond it, 429 with `message`. */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
  message: string;
}

/** The state of one counter: how many actions are in the window, and when a slot frees up. */
export interface WindowState {
  /** Counted actions in the window, capped at the limit (enough to know it is reached). */
  count: number;
  /** Seconds until the oldest of the last `max` actions leaves the window (0 below the limit). */
  retryAfterSeconds: number;
}

/** The tables counted in a window: every row has created_at. */
type CountedTable = 'platform_rate_limit_events' | 'sign_in_failures' | 'rate_limit_events';

/** One counter to read: the rows of `table` matching `where`, against `limit`. */
export interface Counter {
  table: CountedTable;
  where: SQL;
  limit: Pick<Limit, 'max' | 'windowMs'>;
}

/**
 * Counts the rows of `table` matching `where` in the last `windowMs`. Reads only the newest `max`
 * rows through the (key, created_at) index; the max-th newest one says when the limit lets go
 * (Retry-After), exactly rather than a whole window.
 */
export async function windowState(tx: Tx, table: CountedTable, where: SQL, limit: Pick<Limit, 'max' | 'windowMs'>): Promise<WindowState> {
  return (await windowStates(tx, [{ table, where, limit }]))[0];
}

/**
 * How long counted actions are kept: the daily housekeeping deletes older ones (decision 056). Every
 * window must fit in it, or the clean-up would forget actions a limit still counts: the longest today
 * is a day (shops opened per account and per address).
 */
export const COUNTER_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/** Several counters read in one statement (one round trip), answered in the order asked. */
export async function windowStates(tx: Tx, counters: readonly Counter[]): Promise<WindowState[]> {
  if (counters.length === 0) return [];
  const tooLong = counters.find((c) => c.limit.windowMs > COUNTER_KEEP_MS);
  if (tooLong) throw new Error(`A ${tooLong.limit.windowMs} ms window is longer than counted actions are kept (COUNTER_KEEP_MS): raise the keep time with it`);
  const parts = counters.map(({ table, where, limit }, i) => {
    const window = sql`(${limit.windowMs} * interval '1 millisecond')`;
    return sql`select ${i}::int as i, count(*)::int as n, extract(epoch from (min(created_at) + ${window} - now())) * 1000 as free_in_ms
      from (select created_at from ${sql.identifier(table)}
            where ${where} and created_at > now() - ${window}
            order by created_at desc limit ${limit.max}) recent`;
  });
  const rows = rowsOf<{ i: number; n: number; free_in_ms: number | string | null }>(await tx.execute(sql.join(parts, sql` union all `)));
  return counters.map(({ limit }, i) => {
    const row = rows.find((r) => Number(r.i) === i);
    const count = row?.n ?? 0;
    const freeInMs = Number(row?.free_in_ms ?? 0);
    return { count, retryAfterSeconds: count >= limit.max ? Math.max(1, Math.ceil(freeInMs / 1000)) : 0 };
  });
}

/** 429 `rate_limited` with the limit's words and a Retry-After header in whole seconds. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/**
 * Spends one action of a platform-wide allowance (no tenant: accounts and addresses span stores),
 * or throws 429 without counting it. A transaction-scoped advisory lock on the counter makes the
 * count and the insert one step, so requests at once cannot all slip under the limit. Rows of this
 * counter older than the window are deleted on the way.
 */
export async function spendPlatformAllowance(tx: Tx, limit: Limit, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${limit.bucket}:${key}`}, 0))`);
  const state = await windowState(tx, 'platform_rate_limit_events', sql`bucket = ${limit.bucket} and key = ${key}`, limit);
  if (state.count >= limit.max) throw rateLimited(limit.message, state.retryAfterSeconds);
  await tx.execute(sql`
    delete from platform_rate_limit_events
    where bucket = ${limit.bucket} and key = ${key} and created_at <= now() - (${limit.windowMs} * interval '1 millisecond')`);
  await tx.execute(sql`insert into platform_rate_limit_events (bucket, key) values (${limit.bucket}, ${key})`);
}

/**
 * Spends one action of a store's own allowance (review posts per address, AI calls per person), or
 * throws 429 with Retry-After without counting it; the same one-step count and insert as above, in
 * the store's tenant-scoped table.
 */
export async function spendStoreAllowance(tx: Tx, tenantId: string, limit: Limit, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${limit.bucket}:${key}`}, 0))`);
  const state = await windowState(tx, 'rate_limit_events', sql`tenant_id = ${tenantId} and bucket = ${limit.bucket} and key = ${key}`, limit);
  if (state.count >= limit.max) throw rateLimited(limit.message, state.retryAfterSeconds);
  // Counted actions past the window are of no more use, and their keys are client addresses (personal
  // data): the bucket's old rows go on the way, as the platform's counters' do.
  await tx.execute(sql`
    delete from rate_limit_events
    where tenant_id = ${tenantId} and bucket = ${limit.bucket} and created_at <= now() - (${limit.windowMs} * interval '1 millisecond')`);
  await tx.execute(sql`insert into rate_limit_events (tenant_id, bucket, key) values (${tenantId}, ${limit.bucket}, ${key})`);
}

/** Forgets a store's counters kept under these keys (client addresses, an account id) of an erased customer. */
export async function forgetStoreKeys(tx: Tx, tenantId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`delete from rate_limit_events where tenant_id = ${tenantId}::uuid and key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
}

/**
 * Forgets the platform counters kept under these keys (an account id, an email): the account they
 * counted for was erased (issue 26), so nothing of the person stays, not even in a rate limit.
 */
export async function forgetPlatformKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`delete from platform_rate_limit_events where key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
}
