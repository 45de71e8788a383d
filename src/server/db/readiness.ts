import { isDatabaseBusy } from './pool-gate';

/** What /readyz reports: whether this instance should be sent requests now, and if not why. */
export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Runs a trivial query and answers within `deadlineMs` whatever it does. A probe that lost the race
 * keeps nothing waiting: PGlite's queue drops it at the same deadline, and pg-pool's own wait ends
 * at DATABASE_QUEUE_WAIT_MS, when the late query runs and is thrown away.
 */
export function probeDatabase(query: () => Promise<unknown>, deadlineMs: number): Promise<Readiness> {
  return new Promise<Readiness>((resolve) => {
    const timer = setTimeout(() => resolve({ ready: false, reason: `the database did not answer within ${deadlineMs} ms` }), deadlineMs);
    query().then(
      () => resolve({ ready: true }),
      (err: unknown) => resolve({ ready: false, reason: isDatabaseBusy(err) ? 'the database is busy' : 'the database is unavailable' }),
    ).finally(() => clearTimeout(timer));
  });
}
