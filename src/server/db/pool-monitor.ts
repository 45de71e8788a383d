/** How busy the app role's connections are right now (metrics, decision 055). */
export interface PoolSnapshot {
  /** Connections the pool may open (PGlite: its one connection). */
  size: number;
  /** Connections running a request's or a job's work. */
  inUse: number;
  /** Requests waiting for a connection (PGlite: for their turn). */
  waiting: number;
}

/** Told how long each request waited for its connection, in seconds (refusals at once are not waits). */
export type WaitObserver = (seconds: number) => void;

/**
 * What metrics read of the pool. Waits are timed only while an observer is set, so a server that
 * serves no metrics does no timing at all.
 */
export interface PoolMonitor {
  snapshot(): PoolSnapshot;
  observeWaits(observer: WaitObserver | null): void;
}

/** Where the pool (or PGlite's queue) finds the observer, if any, when a request asks for a connection. */
export class WaitTiming {
  observer: WaitObserver | null = null;

  /** A function to call when the wait ends, or null when nobody listens (then nothing is timed). */
  start(): (() => void) | null {
    const observer = this.observer;
    if (!observer) return null;
    const started = performance.now();
    return () => observer((performance.now() - started) / 1000);
  }
}
