import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread of its own (pglite-worker.mjs, decision 032), seen from the main thread
 * through the part of PGlite's interface drizzle and this app use: query, exec, transaction (held open
 * across messages while its callback runs here), listen and close. The main thread's event loop then
 * never waits for a statement: it accepts connections, answers /healthz and refuses the excess of a
 * flood while the worker runs one statement at a time.
 *
 * Each call is one message and one answer. Errors come back as plain data with their PostgreSQL fields
 * (code, constraint, detail...), rebuilt into an Error, so callers reading `code` see what PGlite gave.
 * A parser the caller passes (drizzle keeps dates, intervals and numeric arrays as text) runs here on
 * the text the worker passes through for that type.
 */
export class PgliteThread {
  private readonly worker: Worker;
  /** Where the worker answers (and tells notifications). */
  private readonly replies: MessagePort;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private lastId = 0;
  private started: (error?: PlainError) => void = () => undefined;
  private stopped: Error | null = null;
  readonly waitReady: Promise<void>;

  /** `loadDataDir`: a data folder dumped by dumpDataDir(), to open in place of an empty one (a restore). */
  constructor(dataDir: string | null, options: { loadDataDir?: Uint8Array } = {}) {
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, replies: port2, loadDataDir: options.loadDataDir }, transferList: [port2] });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.started = (error) => (error ? reject(rebuild(error)) : resolve());
      this.worker.once('error', reject);
    });
    this.replies.on('message', (message: WorkerMessage) => this.receive(message));
    this.worker.on('error', (err) => this.stop(new Error(`The embedded database stopped: ${err.message}`)));
    this.worker.on('exit', (code) => this.stop(new Error(`The embedded database stopped (exit code ${code})`)));
    // Kept alive while it starts and while a call waits for its answer; an idle database must not hold
    // the process open (an open in-process PGlite did not either).
    void this.waitReady.then(
      () => this.pending.size === 0 && this.unref(),
      () => undefined,
    );
  }

  /**
   * Takes the worker's answers that have arrived, now. The main thread reads a port once per turn of
   * its event loop, and during a flood one turn handles hundreds of requests: a transaction needing
   * five answers then waited five turns, and the worker sat idle. The queue calls this at each request
   * that reaches it, so answers are taken between two requests (decision 032).
   */
  pump(): void {
    for (let message = receiveMessageOnPort(this.replies); message; message = receiveMessageOnPort(this.replies)) this.receive(message.message as WorkerMessage);
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<Results<T>>('query', sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.statement<Results[]>('exec', sql, undefined, options);
  }

  /** Runs fn inside one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => (open(), this.statement<Results<R>>('query', sql, params, options, id)),
      exec: (sql: string, options?: QueryOptions) => (open(), this.statement<Results[]>('exec', sql, undefined, options, id)),
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Calls back with each payload on `channel`; resolves to the function that stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      if (!set.delete(callback) || set.size) return;
      this.handlers.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  /**
   * The data folder as a gzipped tarball (a consistent copy: taken between transactions, after a
   * checkpoint), for backups. Refused while a transaction is open.
   */
  dumpDataDir(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.stop(new Error('The embedded database is closed'));
    await this.worker.terminate();
    this.replies.close();
  }

  private async statement<T>(op: 'query' | 'exec', sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number): Promise<T> {
    if (options?.blob || options?.serializers || options?.paramTypes || options?.onNotice) {
      throw new Error('The embedded database thread supports rowMode and parsers only');
    }
    const parsers = options?.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const result = await this.call<Results | Results[]>({ op, sql, params, tx, rowMode: options?.rowMode, rawTypes });
    if (rawTypes.length) for (const one of Array.isArray(result) ? result : [result]) parseColumns(one, parsers);
    return result as T;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    if (this.pending.size === 0) this.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private ref(): void {
    this.worker.ref();
    this.replies.ref();
  }

  private unref(): void {
    this.worker.unref();
    this.replies.unref();
  }

  private receive(message: WorkerMessage): void {
    if ('ready' in message) return this.started(message.ready ? undefined : message.error);
    if ('notify' in message) {
      for (const handler of this.handlers.get(message.notify) ?? []) handler(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.unref();
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(rebuild(message.error));
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}

interface PlainError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
}

type WorkerMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: PlainError }
  | { notify: string; payload: string }
  | { ready: boolean; error?: PlainError };

function rebuild(plain: PlainError): Error {
  const err = new Error(plain.message);
  Object.assign(err, plain.fields);
  err.name = plain.name;
  return err;
}

/** Applies the caller's parsers to the columns of their types (the worker left those as text). */
function parseColumns(result: Results, parsers: NonNullable<QueryOptions['parsers']>): void {
  const columns = result.fields.map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] })).filter((c) => c.parse);
  if (!columns.length) return;
  for (const row of result.rows as unknown[]) {
    for (const column of columns) {
      if (Array.isArray(row)) {
        if (row[column.index] !== null) row[column.index] = column.parse!(row[column.index] as string);
      } else {
        const record = row as Record<string, unknown>;
        if (record[column.name] !== null) record[column.name] = column.parse!(record[column.name] as string);
      }
    }
  }
}
