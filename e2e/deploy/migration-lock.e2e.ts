import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from '../../src/server/test/databases';
import { builtMigrationCount, freePort, Instance } from './cluster';

// Three instances started at once on an empty database all come up, and each migration is applied
// once: the first to take the advisory lock migrates, the others wait and find nothing left (decision
// 057). PostgreSQL only: an embedded database belongs to one process.
const instances: Instance[] = [];
const cleanupDirs: string[] = [];
afterAll(() => {
  instances.forEach((i) => i.kill());
  cleanupDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe.skipIf(!process.env.DATABASE_URL)('three instances started at once on an empty PostgreSQL database (skipped without DATABASE_URL: PGlite is one process)', () => {
  it('all become ready with every migration applied once, and all stop cleanly (exit 0)', async () => {
    const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!, 'e2e_migration_lock');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
    cleanupDirs.push(dataDir);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_POOL_SIZE: '2', COOKIE_SECRET: 'lock-test-cookie-secret-0123456789', WEBHOOK_SECRET: 'lock-test-webhook-secret-0123456789', SHUTDOWN_DRAIN_MS: '0' };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) instances.push(Instance.start(port, env));
    await Promise.all(instances.map((i) => i.ready()));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ applied: number; distinct_hashes: number }>('select count(*)::int as applied, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations');
      expect(rows[0]).toEqual({ applied: builtMigrationCount(), distinct_hashes: builtMigrationCount() });
    } finally {
      await db.end();
    }
    expect(await Promise.all(instances.map((i) => i.stop()))).toEqual([0, 0, 0]);
  }, 120_000);
});
