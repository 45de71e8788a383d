import pg from 'pg';

/**
 * The session-level advisory lock migrations run under, in PostgreSQL's two-key form: a key space of
 * its own, apart from the one-key transaction locks of the limiter and checkout holds
 * (hashtextextended(...)). 0x73686f70 is "shop"; 1 names the migrations.
 */
export const MIGRATION_LOCK_KEYS: readonly [number, number] = [0x73686f70, 1];

/**
 * Runs `migrate` while this process holds the migration lock, on a connection of its own (a pooled
 * one would carry the lock back into the pool). Instances started together take turns: the first
 * applies what is missing, the next find nothing left to apply. A process that dies holding the lock
 * loses its session, and the lock with it. The owner's DATABASE_URL must reach PostgreSQL directly:
 * a pooler in transaction mode would hand the session-level lock to another client (docs/deploy.md).
 */
export async function withMigrationLock<T>(ownerUrl: string, migrate: () => Promise<T>, onWait: () => void = () => {}): Promise<T> {
  const client = new pg.Client({ connectionString: ownerUrl });
  // A broken connection surfaces as a failed query below; an unhandled 'error' would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const [first] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [...MIGRATION_LOCK_KEYS])).rows;
    if (!first.locked) {
      onWait();
      await client.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK_KEYS]);
    }
    return await migrate();
  } finally {
    // Ending the session lets go of the lock too; unlocking first frees it without waiting for the close.
    await client.query('select pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK_KEYS]).catch(() => {});
    await client.end().catch(() => {});
  }
}
