import type pg from 'pg';
import type { WaitTiming } from './pool-monitor';

/**
 * The database is saturated: every connection is busy and too many requests already wait for one, or
 * one waited longer than the pool allows. Answered 503 with Retry-After (DESIGN rule 13), never 500, so
 * a flood is shed at once instead of making every shopper wait seconds behind it.
 */
export class DatabaseBusyError extends Error {
  constructor(reason: string) {
    // No stack: it would say nothing, and during a flood capturing one for each of thousands of
    // refusals a second took a twentieth of the server's time (measured).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`The database is busy: ${reason}`);
    Error.stackTraceLimit = limit;
  }
}

/** pg-pool's own message when connectionTimeoutMillis passes with no connection free. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * SQLSTATE query_canceled: PostgreSQL stopped a statement that ran past statement_timeout
 * (DATABASE_STATEMENT_TIMEOUT_MS). The request asked for more than the database gives one request
 * while it is this busy: 503 with Retry-After, not a 500 (decision 032).
 */
const QUERY_CANCELED = '57014';

/** Whether an error (or what it wraps: drizzle wraps query errors in `cause`) means "busy, retry". */
export function isDatabaseBusy(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof DatabaseBusyError) return true;
    if (e instanceof Error && e.message === POOL_WAIT_TIMEOUT) return true;
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * Refuses a connection request at once when `queueLimit` requests already wait for one. pg-pool queues
 * without bound; both drizzle's transactions (pool.connect()) and plain queries (pool.query, which calls
 * connect with a callback) pass through here. With `waits` observed (metrics on), each request's wait
 * for its connection is timed, whether it got one or timed out.
 */
export function limitPoolQueue(pool: pg.Pool, queueLimit: number, waits?: WaitTiming): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guarded = (cb?: ConnectCallback) => {
    if (isPoolSaturated(pool, queueLimit)) {
      const err = new DatabaseBusyError(`${pool.waitingCount} requests already wait for a connection`);
      if (cb) {
        process.nextTick(() => cb(err));
        return undefined;
      }
      return Promise.reject(err);
    }
    const waited = waits?.start();
    if (!waited) return connect(cb);
    if (cb) {
      return connect((err, client, done) => {
        waited();
        cb(err, client, done);
      });
    }
    return connect()!.finally(waited);
  };
  pool.connect = guarded as typeof pool.connect;
}

/** Whether one more connection request would be refused at once (every connection busy, queue full). */
export function isPoolSaturated(pool: Pick<pg.Pool, 'idleCount' | 'waitingCount'>, queueLimit: number): boolean {
  return pool.idleCount === 0 && pool.waitingCount >= queueLimit;
}
