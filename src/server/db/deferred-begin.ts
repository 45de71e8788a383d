import pg from 'pg';

/**
 * A PostgreSQL connection that sends a transaction's `begin` together with the statement after it.
 *
 * Every request is one transaction that starts with `begin` and then sets its scope (UnitOfWork). Sent
 * apart, they cost two round trips; on this machine a round trip on the loopback was the largest
 * single cost of a cart call (one socket write each: about a quarter of the server's CPU when a code
 * was applied, measured with BENCH_CPU_PROF). PostgreSQL's simple query protocol takes several
 * statements in one message, so `begin` waits here and goes out as `begin; <next>` when the next
 * statement has no parameters (the scope's set_config, which UnitOfWork writes as literals).
 *
 * The rules keep every answer what it would have been:
 * - a parameterised next statement gets `begin` sent alone first (two round trips, as before);
 * - `commit` or `rollback` straight after `begin` sends nothing: no transaction was opened;
 * - anything else the pool or pg itself sends (callbacks, submittables) flushes `begin` first.
 * drizzle's transactions send `begin` as a promise-returning query with no values, which is the one
 * form deferred.
 */
export class DeferredBeginClient extends pg.Client {
  private beginPending = false;

  // pg's query() has many overloads; this one handles the promise forms drizzle uses and passes the
  // rest through untouched (after any pending `begin`).
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const plainPromise = typeof values !== 'function' && typeof callback !== 'function' && !isSubmittable(config);
    const params = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
    const parameterless = !params || params.length === 0;
    const named = typeof config === 'object' && config !== null && 'name' in config && Boolean((config as { name?: unknown }).name);
    const call = (...a: unknown[]) => (super.query as (...x: unknown[]) => unknown)(...a);

    if (plainPromise && parameterless && !named && typeof text === 'string') {
      const statement = text.trim().toLowerCase();
      if (statement === 'begin' && !this.beginPending) {
        this.beginPending = true;
        return Promise.resolve(emptyResult('BEGIN')) as never;
      }
      if (this.beginPending && (statement === 'commit' || statement === 'rollback')) {
        this.beginPending = false;
        return Promise.resolve(emptyResult(statement.toUpperCase())) as never;
      }
      if (this.beginPending) {
        this.beginPending = false;
        const merged = typeof config === 'string' ? `begin;${config}` : { ...(config as object), text: `begin;${text}` };
        // Two results come back (begin's and the statement's); the caller asked for the second.
        return (call(merged, values) as Promise<pg.QueryResult | pg.QueryResult[]>).then((r) => (Array.isArray(r) ? r[r.length - 1] : r)) as never;
      }
    }
    if (!this.beginPending) return call(...args) as never;
    this.beginPending = false;
    if (plainPromise) return (call('begin') as Promise<unknown>).then(() => call(...args)) as never;
    // A callback or submittable form: queued after `begin` on this connection, which runs in order.
    void (call('begin') as Promise<unknown>).catch(() => {});
    return call(...args) as never;
  }
}

const isSubmittable = (config: unknown) => typeof (config as { submit?: unknown } | null)?.submit === 'function';

const emptyResult = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });
