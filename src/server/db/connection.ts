import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index';
import { isPoolSaturated, limitPoolQueue } from './pool-gate';
import { WaitTiming, type PoolMonitor } from './pool-monitor';
import { queuePglite } from './pglite-queue';
import { PgliteThread } from './pglite-thread';
import type { PGlite } from '@electric-sql/pglite';
import { latestMigrationOf, MIGRATION_APPLIED_SQL, probeDatabase, type Readiness } from './readiness';
import { ensureDerivedLogin } from './app-login';
import { listenOnPostgres, type Listen, type ListenerStatus } from './notifications';
import { withMigrationLock } from './migration-lock';
import { ProbeConnection } from './probe-connection';
import { DeferredBeginClient } from './deferred-begin';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** What requests, jobs and adapters get of the database: the app role's connection and LISTEN. */
export interface AppConnection {
  db: Db;
  /** A payload arrives only once the transaction that sent it has committed. */
  listen: Listen;
  /**
   * Readiness (/readyz): not ready at once when one more request would be refused (every connection
   * busy and the wait queue full) or a LISTEN connection is down (this instance could miss another's
   * cache invalidation); else whether the database answers within `deadlineMs` that this build's newest
   * migration is applied.
   */
  probe(deadlineMs: number): Promise<Readiness>;
  /** Connections in use, requests waiting, and their waits timed on demand (metrics, decision 055). */
  pool?: PoolMonitor;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * Connected as the owner of the tables: migrations, seeding and boot alone (DESIGN rule 10). Request
   * code never sees it; a lint rule keeps it inside db/, boot and tests.
   */
  db: Db;
  /**
   * The connection requests use, as the app role, for a UnitOfWork; opened on first call, after the
   * migrations have created the role. PostgreSQL: a second pool that logs in as shop_app itself
   * (DATABASE_APP_URL, or derived from DATABASE_URL), and LISTEN on a dedicated connection per channel
   * that reconnects by itself, to listenUrl (DATABASE_LISTEN_URL: direct, past a transaction pooler)
   * or else the app's address. PGlite: the one in-process connection, switched to the role per
   * transaction (decision 013), and its in-process LISTEN.
   */
  connectApp(appUrl?: string, listenUrl?: string): Promise<AppConnection>;
  /**
   * Runs fn while no other instance migrates: PostgreSQL's advisory lock on a connection of its own
   * (migration-lock.ts); PGlite's data folder has one process anyway.
   */
  underMigrationLock<T>(fn: () => Promise<T>, onWait?: () => void): Promise<T>;
  /**
   * PGlite only: its whole data folder as a gzipped tarball, taken between two transactions after a
   * checkpoint (backups, ops/backup). PostgreSQL is backed up with pg_dump instead.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** What readiness asks the database for: this build's newest migration (read once, at first open). */
let latestMigration: ReturnType<typeof latestMigrationOf> | null = null;
const newestMigration = () => (latestMigration ??= latestMigrationOf(migrationsFolder));

export class DatabaseUnavailableError extends Error {}

/**
 * How requests share the database (DATABASE_POOL_SIZE, DATABASE_QUEUE_LIMIT, DATABASE_QUEUE_WAIT_MS,
 * DATABASE_STATEMENT_TIMEOUT_MS). PGlite has one connection: its queue keeps the same limit and wait
 * (pglite-queue.ts); it cannot stop a running statement (decision 032).
 */
export interface PoolOptions {
  size: number;
  /** Requests that may wait for a connection; one more is refused at once (503). */
  queueLimit: number;
  /** How long one may wait before it is refused (503). */
  waitMs: number;
  /** PostgreSQL stops a request's statement that runs longer (503); the owner's (migrations) are not bound. */
  statementTimeoutMs?: number;
}

export const DEFAULT_POOL: Required<PoolOptions> = { size: 10, queueLimit: 500, waitMs: 3000, statementTimeoutMs: 10_000 };

/**
 * Opens PGlite under dataDir (or in memory when dataDir is null), or PostgreSQL when a URL is given.
 * For PostgreSQL the first query runs straight away so a server that cannot be reached fails at start.
 * PGlite has no pool (one query at a time); its queue gets the same bounds (pglite-queue.ts).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null; pool?: PoolOptions; loadDataDir?: Uint8Array }): Promise<Database> {
  const { size, queueLimit, waitMs } = opts.pool ?? DEFAULT_POOL;
  const statementTimeoutMs = opts.pool?.statementTimeoutMs ?? DEFAULT_POOL.statementTimeoutMs;
  if (opts.databaseUrl) {
    const ownerUrl = opts.databaseUrl;
    // The owner only migrates, seeds and lets the app role log in: a few connections are plenty.
    const owner = new pg.Pool({ connectionString: ownerUrl, max: 3, connectionTimeoutMillis: waitMs });
    owner.on('error', () => {});
    try {
      await owner.query('select 1');
    } catch (err) {
      await owner.end().catch(() => {});
      throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL at ${safeUrl(ownerUrl)}: ${(err as Error).message}`);
    }
    let app: { pool: pg.Pool; probes: ProbeConnection; connection: AppConnection } | null = null;
    const latest = newestMigration();
    const connectApp = async (appUrl?: string, listenUrl?: string): Promise<AppConnection> => {
      if (app) return app.connection;
      const url = appUrl ?? (await ensureDerivedLogin(owner, ownerUrl));
      // An idle client losing its connection must not crash the process; the pool replaces it.
      // statement_timeout goes in each connection's startup packet: every statement of a request or job.
      // Each transaction's `begin` travels with its scope's statement (deferred-begin.ts).
      const pool = new pg.Pool({ Client: DeferredBeginClient, connectionString: url, max: size, connectionTimeoutMillis: waitMs, statement_timeout: statementTimeoutMs });
      const waits = new WaitTiming();
      limitPoolQueue(pool, queueLimit, waits);
      pool.on('error', () => {});
      try {
        await pool.query('select 1');
      } catch (err) {
        await pool.end().catch(() => {});
        throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL as the app role at ${safeUrl(url)}: ${(err as Error).message}`);
      }
      // Keep-alive probes, so a listening connection whose server vanished silently is noticed and replaced.
      const listenClient = () => new pg.Client({ connectionString: listenUrl ?? url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      const listeners = new Set<ListenerStatus>();
      const listen: Listen = async (channel, handler) => {
        const status: ListenerStatus = { connected: false };
        let stop: () => Promise<void>;
        try {
          stop = await listenOnPostgres(listenClient, channel, handler, undefined, status);
        } catch (err) {
          if (!listenUrl) throw err;
          throw new DatabaseUnavailableError(`Cannot LISTEN at DATABASE_LISTEN_URL ${safeUrl(listenUrl)}: ${(err as Error).message}`);
        }
        listeners.add(status);
        return async () => {
          listeners.delete(status);
          await stop();
        };
      };
      // Readiness asks on a connection of its own: reachability, not a place in the requests' queue.
      const probes = new ProbeConnection(url);
      const migrationApplied = async () => (await probes.query<{ applied: boolean }>(MIGRATION_APPLIED_SQL, [latest.when]))[0].applied;
      const connection: AppConnection = {
        db: drizzlePg(pool, { schema }) as unknown as Db,
        listen,
        probe: (deadlineMs) => {
          if (isPoolSaturated(pool, queueLimit)) return Promise.resolve({ ready: false, reason: 'every connection is busy and the wait queue is full' });
          if ([...listeners].some((l) => !l.connected)) return Promise.resolve({ ready: false, reason: 'a LISTEN connection is reconnecting' });
          return probeDatabase(migrationApplied, latest.tag, deadlineMs);
        },
        pool: {
          snapshot: () => ({ size, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
          observeWaits: (observer) => {
            waits.observer = observer;
          },
        },
      };
      app = { pool, probes, connection };
      return connection;
    };
    const close = async () => {
      await Promise.all([owner.end(), app?.pool.end(), app?.probes.close()]);
    };
    const underMigrationLock = <T>(fn: () => Promise<T>, onWait?: () => void) => withMigrationLock(ownerUrl, fn, onWait);
    return { kind: 'postgres', db: drizzlePg(owner, { schema }) as unknown as Db, connectApp, underMigrationLock, close };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // In a worker thread of its own, so no statement holds up the event loop (decision 032). A restore
  // opens an empty folder with a backup's data folder (loadDataDir).
  const client = new PgliteThread(opts.dataDir, { loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const { queue, rawQuery } = queuePglite(client, { queueLimit, waitMs });
  const latest = newestMigration();
  const migrationApplied = async () => (await rawQuery<{ applied: boolean }>(MIGRATION_APPLIED_SQL, [latest.when])).rows[0].applied;
  // drizzle calls only the part of PGlite's interface the thread has (query, exec, transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  const connection: AppConnection = {
    db,
    // One in-process connection that cannot drop, so nothing is ever missed.
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, (payload) => handler.notify(payload));
      return () => unlisten();
    },
    // Queued like any request, but waiting at most the probe's own deadline.
    probe: (deadlineMs) =>
      queue.state.saturated ? Promise.resolve({ ready: false, reason: 'the wait queue is full' }) : probeDatabase(() => queue.run(migrationApplied, deadlineMs), latest.tag, deadlineMs),
    // PGlite has no pool: one connection, busy or not, and the callers queued for their turn.
    pool: {
      snapshot: () => {
        const state = queue.state;
        return { size: 1, inUse: state.running ? 1 : 0, waiting: state.waiting };
      },
      observeWaits: (observer) => {
        queue.waits.observer = observer;
      },
    },
  };
  return { kind: 'pglite', db, connectApp: async () => connection, underMigrationLock: (fn) => fn(), dumpDataDir: () => client.dumpDataDir(), close: () => client.close() };
}

/**
 * Applies the migrations this build carries that the database lacks, under the migration lock, so
 * instances started together on an empty database apply each migration once (decision 057).
 */
export async function runMigrations(database: Database, options: { onWait?: () => void } = {}): Promise<void> {
  await database.underMigrationLock(async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as never, { migrationsFolder });
    } else {
      await migratePg(database.db as never, { migrationsFolder });
    }
  }, options.onWait);
}

/** The URL with any password hidden, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
