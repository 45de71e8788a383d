import type { PGlite } from '@electric-sql/pglite';
import { DatabaseBusyError } from './pool-gate';

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
 * A first-in, first-out queue in front of PGlite, which runs one statement at a time on the main
 * thread. It gives PGlite PostgreSQL's pool contract (decision 032):
 *
 * - at most `queueLimit` callers wait; one more is refused at once;
 * - a caller that has not started within `waitMs` leaves the queue and is refused, and never runs
 *   later (its client has been answered 503 by then);
 * - the event loop turns between two callers (sockets are read, timers fire), and a caller never
 *   starts inside the callback that asked for it. PGlite's own lock hands over through promise
 *   callbacks, and a request's transaction ran in microtasks right after its socket's callback: a
 *   flood of hundreds of searches ran back to back in one block, no socket was read, no timer fired,
 *   and /healthz waited the whole queue out (27 s at 400 connections, measured). Now anything not
 *   using the database waits at most about one transaction.
 */
export class PgliteQueue {
  /** Insertion-ordered: the first is the oldest; a waiter whose time is up is deleted in O(1). */
  private readonly waiting = new Set<Waiter>();
  /** A caller runs, or the next one is about to be started (new callers queue behind it). */
  private busy = false;
  private closed = false;

  constructor(private readonly options: QueueOptions) {}

  /** How many wait, and whether one more would be refused; for readiness (/readyz). */
  get state(): { waiting: number; saturated: boolean } {
    return { waiting: this.waiting.size, saturated: this.busy && this.waiting.size >= this.options.queueLimit };
  }

  /**
   * Runs `task` when its turn comes, or refuses it with DatabaseBusyError. `waitMs` may be shortened
   * for one caller (a readiness probe must answer fast), never lengthened past the queue's.
   */
  run<T>(task: () => Promise<T>, waitMs = this.options.waitMs): Promise<T> {
    if (this.closed) return Promise.reject(new DatabaseBusyError('the embedded database is closing'));
    if (!this.busy) {
      // Not inside the caller's own I/O callback: a burst of requests read in one poll phase would
      // otherwise each run its whole transaction there, one after another, and never queue at all.
      this.busy = true;
      return new Promise<T>((resolve) => setImmediate(() => resolve(this.settle(task))));
    }
    if (this.waiting.size >= this.options.queueLimit) {
      return Promise.reject(new DatabaseBusyError(`${this.waiting.size} requests already wait for the embedded database`));
    }
    const wait = Math.min(waitMs, this.options.waitMs);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        deadline: performance.now() + wait,
        timer: setTimeout(() => this.expire(waiter), wait),
        start: () => resolve(this.settle(task)),
        refuse: reject,
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
      if (this.waiting.size === 0) {
        // Nobody waits: free at once, as a released pool connection is (the caller's next query runs).
        this.busy = false;
      } else {
        // Not in this microtask, and not in this loop iteration's check phase either: a caller that
        // ended in the poll phase would otherwise hand over before the sockets were read again. Two
        // immediates put a timers phase and a poll phase between any two callers.
        setImmediate(() => setImmediate(() => this.next()));
      }
    }
  }

  private next(): void {
    for (const waiter of this.waiting) {
      this.waiting.delete(waiter);
      clearTimeout(waiter.timer);
      // Its timer may not have fired yet (timers run in the next loop iteration): the deadline decides.
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

/**
 * Puts PGlite's top-level entry points (a query, a multi-statement exec such as LISTEN, a transaction)
 * behind the queue. Statements inside a transaction go through the transaction's own handle, which
 * PGlite does not route through these, so they are never queued again. Answers the queue and the
 * unqueued query (for a probe that is queued by hand with its own deadline).
 */
export function queuePglite(client: PGlite, options: QueueOptions): { queue: PgliteQueue; rawQuery: PGlite['query'] } {
  const queue = new PgliteQueue(options);
  const rawQuery = client.query.bind(client) as PGlite['query'];
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => queue.run(() => rawQuery(...args))) as PGlite['query'];
  client.exec = (...args) => queue.run(() => exec(...args));
  client.transaction = (...args) => queue.run(() => transaction(...args));
  client.close = () => {
    queue.close();
    return close();
  };
  return { queue, rawQuery };
}
