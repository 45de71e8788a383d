import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { FileStorage } from '../../adapters/storage/storage';
import type { JobRunner } from '../jobs';
import { allTenantIds } from '../tenants';
import { catalogueMediaUsages } from '../catalogue';
import { menuMediaUsages, pageMediaUsages } from '../content';
import type { MediaUsageFinder } from '../media';
import { claimToday, endDay, forgetOldRuns, holdDay } from './runs';
import { noCounts, sweepPlatform, sweepStore, type HousekeepingCounts } from './sweeps';

/** The periodic task's name on the job runner. */
export const HOUSEKEEPING_TASK = 'housekeeping';
/** How often an instance asks whether today's run is due: cheap (one statement), and soon after midnight UTC. */
export const HOUSEKEEPING_EVERY_MS = 15 * 60 * 1000;
/** Renewed at every step; a run whose instance died is taken over this long after its last step. */
const LEASE_SECONDS = 10 * 60;
/** Days of run rows kept. */
const KEEP_RUNS_DAYS = 90;

/** Where a store's library files are shown: the same places the media library asks before a delete. */
export const MEDIA_USAGE_FINDERS: readonly MediaUsageFinder[] = [catalogueMediaUsages, pageMediaUsages, menuMediaUsages];

export interface HousekeepingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface HousekeepingDeps {
  scopes: UnitOfWork;
  /** Read at each run (tests swap the storage on the app's deps). */
  readonly storage: FileStorage;
  emailRetentionDays: number;
  log: HousekeepingLog;
  /** Names this instance on the day's row. */
  workerId?: string;
  /** Rows per statement (default 500). */
  batch?: number;
}

export type HousekeepingOutcome = { ran: false } | { ran: true; day: string; counts: HousekeepingCounts };

/** The day was taken back by another instance (this one's lease lapsed): stop, writing nothing more. */
class DayLost extends Error {}
/** This instance is shutting down: stop at the next step and let the day go. */
class Stopped extends Error {}

/**
 * The daily housekeeping (issue 30 item 7, decision 056), once a day across every instance: the
 * instance that claims today's row runs every kind of clean-up (sweeps.ts), renewing its lease between
 * steps, and records and logs the counts; every other instance finds the day taken and does nothing.
 * Each clean-up only deletes what has ended, so a day run twice (a lease taken over) removes nothing
 * the first did not leave. A failure lets the day go for another attempt (three in all).
 */
export async function runHousekeeping(deps: HousekeepingDeps, signal: AbortSignal = new AbortController().signal): Promise<HousekeepingOutcome> {
  const worker = deps.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const platform = { tenantId: null, userId: null };
  const claimed = await deps.scopes.run(platform, (work) => claimToday(work, worker, LEASE_SECONDS));
  if (!claimed) return { ran: false };
  const started = performance.now();
  const counts = noCounts();
  const sweep = {
    scopes: deps.scopes,
    get storage() {
      return deps.storage;
    },
    emailRetentionDays: deps.emailRetentionDays,
    finders: MEDIA_USAGE_FINDERS,
    batch: deps.batch ?? 500,
    checkpoint: async () => {
      if (signal.aborted) throw new Stopped();
      if (!(await deps.scopes.run(platform, (work) => holdDay(work, claimed.day, worker, LEASE_SECONDS)))) throw new DayLost();
    },
  };
  try {
    await sweepPlatform(sweep, counts);
    for (const tenantId of await deps.scopes.run(platform, (work) => allTenantIds(work))) {
      await sweepStore(sweep, tenantId, counts);
      await sweep.checkpoint();
    }
    await deps.scopes.run(platform, async (work) => {
      await forgetOldRuns(work, KEEP_RUNS_DAYS);
      await endDay(work, claimed.day, worker, { counts: { ...counts }, error: null });
    });
  } catch (err) {
    if (err instanceof DayLost) {
      deps.log.warn({ day: claimed.day, ...counts }, 'housekeeping: another instance took the day over (this one stalled past its lease); stopping');
      return { ran: false };
    }
    const stopped = err instanceof Stopped;
    await deps.scopes.run(platform, (work) => endDay(work, claimed.day, worker, { counts: { ...counts }, error: stopped ? null : String((err as Error).message ?? err), stopped }));
    if (stopped) return { ran: false };
    throw err;
  }
  deps.log.info({ day: claimed.day, attempt: claimed.attempts, seconds: Number(((performance.now() - started) / 1000).toFixed(1)), ...counts }, 'housekeeping: removed what has ended');
  return { ran: true, day: claimed.day, counts };
}

/** Registers the daily run on an instance's job runner: every instance asks; one runs it each day. */
export function registerHousekeeping(jobs: JobRunner, deps: HousekeepingDeps, everyMs = HOUSEKEEPING_EVERY_MS): void {
  jobs.every(HOUSEKEEPING_TASK, everyMs, (signal) => runHousekeeping(deps, signal));
}
