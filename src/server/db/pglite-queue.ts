import { DatabaseBusyError } from './pool-gate';
import { WaitTiming } from './pool-monitor';

/** The contract PostgreSQL's pool keeps (DATABASE_QUEUE_LIMIT, DATABASE_QUEUE_WAIT_MS), for PGlite. */
export interface QueueOptions {
  /** Callers that may wait while one runs; one more is refused at once (503). */
  queueLimit: number;
  /** How long one may wait to start; past it, it leaves the queue and is refused (503). */
  waitMs: number;
}

interface Waiter {
  deadline: number;
  timer: NodeJS.Timeout;
  start: () => void;
  refuse: (err: Error) => void;
}

/**
 * A first-in, first-out queue in front of PGlite, which has one connection and runs one statement at a
 * time (in its own thread: pglite-thread.ts). It gives PGlite PostgreSQL's pool contract (decision 032):
 *
 * - at most `queueLimit` callers wait; one more is refused at once;
 * - a caller that has not started within `waitMs` leaves the queue and is refused, and never runs
 *   later (its client has been answered 503 by then).
 *
 * PGlite queued without bound and without deadline (behind its own lock): at 400 connections no
 * request was ever refused, p95 was 5 s and more, and the server kept running searches for clients
 * that had long given up.
 */
export class PgliteQueue {
  /** Insertion-ordered: the first is the oldest; a waiter whose time is up is deleted in O(1). */
  private readonly waiting = new Set<Waiter>();
  /** A caller runs: new callers queue behind it. */
  private busy = false;
  private closed = false;
  /** Times each caller's wait for its turn while metrics observe it (decision 055). */
  readonly waits = new WaitTiming();

  constructor(private readonly options: QueueOptions) {}

  /** How many wait, whether one more would be refused (/readyz), and whether one runs (metrics). */
  get state(): { waiting: number; saturated: boolean; running: boolean } {
    return { waiting: this.waiting.size, saturated: this.busy && this.waiting.size >= this.options.queueLimit, running: this.busy };
  }

  /**
   * Runs `task` when its turn comes, or refuses it with DatabaseBusyError. `waitMs` may be shortened
   * for one caller (a readiness probe must answer fast), never lengthened past the queue's.
   */
  run<T>(task: () => Promise<T>, waitMs = this.options.waitMs): Promise<T> {
    if (this.closed) return Promise.reject(new DatabaseBusyError('the embedded database is closing'));
    if (!this.busy) {
      this.busy = true;
      this.waits.start()?.();
      return this.settle(task);
    }
    if (this.waiting.size >= this.options.queueLimit) {
      return Promise.reject(new DatabaseBusyError(`${this.waiting.size} requests already wait for the embedded database`));
    }
    const wait = Math.min(waitMs, this.options.waitMs);
    const waited = this.waits.start();
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        deadline: performance.now() + wait,
        timer: setTimeout(() => this.expire(waiter), wait),
        start: () => {
          waited?.();
          resolve(this.settle(task));
        },
        refuse: (err) => {
          waited?.();
          reject(err);
        },
      };
      // Nothing else keeps a stopping process alive for a request that will be refused anyway.
      waiter.timer.unref();
      this.waiting.add(waiter);
    });
  }

  /** Refuses every waiter; later callers too. The running caller finishes. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiting) this.refuse(waiter, 'the embedded database is closing');
  }

  private async settle<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Starts the oldest waiter whose time is not up, or frees the database. */
  private next(): void {
    for (const waiter of this.waiting) {
      this.waiting.delete(waiter);
      clearTimeout(waiter.timer);
      // Its timer may not have fired yet (a busy event loop runs timers late): the deadline decides.
      if (performance.now() >= waiter.deadline) {
        waiter.refuse(this.expired());
        continue;
      }
      waiter.start();
      return;
    }
    this.busy = false;
  }

  private expire(waiter: Waiter): void {
    if (this.waiting.delete(waiter)) waiter.refuse(this.expired());
  }

  private refuse(waiter: Waiter, reason: string): void {
    this.waiting.delete(waiter);
    clearTimeout(waiter.timer);
    waiter.refuse(new DatabaseBusyError(reason));
  }

  private expired(): DatabaseBusyError {
    return new DatabaseBusyError(`waited ${this.options.waitMs} ms for the embedded database`);
  }
}

/** PGlite's top-level entry points, as PGlite and PgliteThread both have them. */
export interface PgliteEntryPoints {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
  close: () => Promise<void>;
  /** Takes the database's answers that have arrived (PgliteThread): called at each caller's arrival. */
  pump?: () => void;
}

/**
 * Puts PGlite's top-level entry points (a query, a multi-statement exec, a transaction) behind the
 * queue. Statements inside a transaction go through the transaction's own handle, which does not pass
 * through these, so they are never queued again. Answers the queue and the unqueued query (for a probe
 * that is queued by hand with its own deadline).
 */
export function queuePglite<C extends PgliteEntryPoints>(client: C, options: QueueOptions): { queue: PgliteQueue; rawQuery: C['query'] } {
  const queue = new PgliteQueue(options);
  const pump = client.pump?.bind(client) ?? (() => undefined);
  const wrap = <F extends (...args: never[]) => Promise<unknown>>(fn: F) =>
    ((...args: Parameters<F>) => {
      pump();
      return queue.run(() => fn(...args));
    }) as F;
  const rawQuery = client.query.bind(client) as C['query'];
  const close = client.close.bind(client);
  client.query = wrap(rawQuery);
  client.exec = wrap(client.exec.bind(client) as C['exec']);
  client.transaction = wrap(client.transaction.bind(client) as C['transaction']);
  client.close = () => {
    queue.close();
    return close();
  };
  return { queue, rawQuery };
}
