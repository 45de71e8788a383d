import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDatabaseBusy } from './pool-gate';

/** What /readyz reports: whether this instance should be sent requests now, and if not why. */
export type Readiness = { ready: true } | { ready: false; reason: string };

export const READY: Readiness = { ready: true };

/** drizzle's record of applied migrations: one row per migration, created_at its journal's `when`. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/**
 * The newest migration this build carries: the last entry of its journal (meta/_journal.json), whose
 * `when` drizzle records as created_at once the migration is applied.
 */
export function latestMigrationOf(migrationsFolder: string): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${migrationsFolder} has no migrations`);
  return { tag: last.tag, when: last.when };
}

/** The probe's one statement: true when the build's newest migration is recorded as applied. */
export const MIGRATION_APPLIED_SQL = `select exists (select 1 from ${MIGRATIONS_TABLE} where created_at = $1) as applied`;

/** The migrations table is missing or not readable yet: nothing (or not migration 0048) was applied. */
function isMissingMigrations(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '42P01' || code === '3F000' || code === '42501';
}

/**
 * Asks whether this build's newest migration is applied and answers within `deadlineMs` whatever the
 * database does. A probe that lost the race keeps nothing waiting: PGlite's queue drops it at the same
 * deadline, and on PostgreSQL the probe's own connection bounds its statement (probe-connection.ts).
 *
 * The deadline counts the database's time, not this process's: when the timer fires, an answer that
 * already reached the socket is still read first (the timer's verdict waits for setImmediate, after
 * the poll phase), so a busy event loop does not make a database that answered look slow.
 */
export function probeDatabase(migrationApplied: () => Promise<boolean>, latestTag: string, deadlineMs: number): Promise<Readiness> {
  const notApplied: Readiness = { ready: false, reason: `migration ${latestTag} of this build is not applied` };
  return new Promise<Readiness>((resolve) => {
    const timer = setTimeout(() => setImmediate(() => resolve({ ready: false, reason: `the database did not answer within ${deadlineMs} ms` })), deadlineMs);
    migrationApplied().then(
      (applied) => resolve(applied ? READY : notApplied),
      (err: unknown) => resolve(isMissingMigrations(err) ? notApplied : { ready: false, reason: isDatabaseBusy(err) ? 'the database is busy' : 'the database is unavailable' }),
    ).finally(() => clearTimeout(timer));
  });
}
