import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The database is saturated: every connection is busy and too many requests already wait for one, or
 * one waited longer than the pool allows. Answered 503 with Retry-After (DESIGN rule 13), never 500, so
 * a flood is shed at once instead of making every shopper wait seconds behind it.
 */
export class DatabaseBusyError extends Error {
  constructor(reason: string) {
    super(`The database is busy: ${reason}`);
  }
}

/** pg-pool's own message when connectionTimeoutMillis passes with no connection free. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** Whether an error (or what it wraps: drizzle wraps query errors in `cause`) means "busy, retry". */
export function isDatabaseBusy(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof DatabaseBusyError) return true;
    if (e instanceof Error && e.message === POOL_WAIT_TIMEOUT) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * Refuses a connection request at once when `queueLimit` requests already wait for one. pg-pool queues
 * without bound; both drizzle's transactions (pool.connect()) and plain queries (pool.query, which calls
 * connect with a callback) pass through here.
 */
export function limitPoolQueue(pool: pg.Pool, queueLimit: number): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guarded = (cb?: ConnectCallback) => {
    if (pool.idleCount === 0 && pool.waitingCount >= queueLimit) {
      const err = new DatabaseBusyError(`${pool.waitingCount} requests already wait for a connection`);
      if (cb) {
        process.nextTick(() => cb(err));
        return undefined;
      }
      return Promise.reject(err);
    }
    return connect(cb);
  };
  pool.connect = guarded as typeof pool.connect;
}

/**
 * PGlite has no pool: it runs one statement at a time and queues the rest in memory without bound. The
 * same bound applies to its queue: past `queueLimit` top-level queries and transactions in flight, one
 * more is refused at once (503). Statements inside a transaction use the transaction's own handle and
 * are not counted again.
 */
export function limitPgliteQueue(client: PGlite, queueLimit: number): void {
  let inFlight = 0;
  const guard = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (inFlight > queueLimit) throw new DatabaseBusyError(`${inFlight} queries already wait for the embedded database`);
      inFlight++;
      try {
        return await run(...args);
      } finally {
        inFlight--;
      }
    };
  client.query = guard(client.query.bind(client)) as typeof client.query;
  client.transaction = guard(client.transaction.bind(client)) as typeof client.transaction;
}
