import { sql } from 'drizzle-orm';
import type { ScopedTx } from '../../http/context';
import { rowsOf } from '../../db/rows';

// The day's run row (housekeeping_runs, decision 056): claimed by one instance, held under a lease it
// renews between steps, ended with its counts. The day is the database's, in UTC, so instances whose
// clocks differ a little still agree on it.

/** Claims after which a day that keeps failing is left for the next one. */
export const MAX_ATTEMPTS = 3;

/**
 * Claims today's run for `worker`, or answers null: another instance ran it, runs it now (its lease
 * holds), or it failed MAX_ATTEMPTS times. The day is the primary key, so of instances claiming at
 * once one inserts and the others wait for it and then find it taken; a run whose lease lapsed (its
 * instance died) is taken over.
 */
export async function claimToday(ctx: ScopedTx, worker: string, leaseSeconds: number): Promise<{ day: string; attempts: number } | null> {
  const rows = rowsOf<{ day: string; attempts: number }>(
    await ctx.tx.execute(sql`
      insert into housekeeping_runs as r (day, status, attempts, locked_by, lease_until, started_at)
      values ((now() at time zone 'UTC')::date, 'running', 1, ${worker}, now() + make_interval(secs => ${leaseSeconds}), now())
      on conflict (day) do update
        set attempts = r.attempts + 1, locked_by = excluded.locked_by, lease_until = excluded.lease_until, started_at = now()
        where r.status = 'running' and (r.lease_until is null or r.lease_until < now()) and r.attempts < ${MAX_ATTEMPTS}
      returning r.day::text as day, r.attempts`),
  );
  return rows[0] ? { day: rows[0].day, attempts: Number(rows[0].attempts) } : null;
}

/** Renews the lease; false when this worker no longer holds the day (its lease lapsed and another took it). */
export async function holdDay(ctx: ScopedTx, day: string, worker: string, leaseSeconds: number): Promise<boolean> {
  const rows = rowsOf<{ day: string }>(
    await ctx.tx.execute(sql`
      update housekeeping_runs set lease_until = now() + make_interval(secs => ${leaseSeconds})
      where day = ${day}::date and locked_by = ${worker} and status = 'running'
      returning day::text as day`),
  );
  return rows.length > 0;
}

/** Ends the day: succeeded with its counts, or (failed) let go for another attempt, or for good after MAX_ATTEMPTS. */
export async function endDay(ctx: ScopedTx, day: string, worker: string, outcome: { counts: Record<string, number>; error: string | null; stopped?: boolean }): Promise<void> {
  const counts = JSON.stringify(outcome.counts);
  if (outcome.error === null && !outcome.stopped) {
    await ctx.tx.execute(sql`
      update housekeeping_runs set status = 'succeeded', counts = ${counts}::jsonb, locked_by = null, lease_until = null, last_error = null, finished_at = now()
      where day = ${day}::date and locked_by = ${worker}`);
    return;
  }
  // Stopped by a shutdown: no attempt spent, any instance may take it at once.
  const stopped = outcome.stopped ?? false;
  await ctx.tx.execute(sql`
    update housekeeping_runs
       set counts = ${counts}::jsonb, locked_by = null, lease_until = null,
           attempts = case when ${stopped}::boolean then greatest(attempts - 1, 1) else attempts end,
           last_error = coalesce(${outcome.error?.slice(0, 2000) ?? null}, last_error),
           status = case when not ${stopped}::boolean and attempts >= ${MAX_ATTEMPTS} then 'failed' else 'running' end,
           finished_at = case when not ${stopped}::boolean and attempts >= ${MAX_ATTEMPTS} then now() end
     where day = ${day}::date and locked_by = ${worker}`);
}

/** Forgets runs older than `days`: a row a day needs no clean-up of its own, but need not grow for ever. */
export async function forgetOldRuns(ctx: ScopedTx, days: number): Promise<number> {
  const rows = rowsOf<{ day: string }>(await ctx.tx.execute(sql`delete from housekeeping_runs where day < (now() at time zone 'UTC')::date - ${days}::int returning day::text as day`));
  return rows.length;
}
