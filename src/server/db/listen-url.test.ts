import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../test/harness';
import { DatabaseUnavailableError, openDatabase, type Database } from './connection';
import { derivedAppUrl } from './app-login';
import { rowsOf } from './rows';
import { loadBootConfig } from '../config';

// DATABASE_LISTEN_URL (decision 057): behind PgBouncer in transaction mode, LISTEN must reach PostgreSQL
// directly. Here the "direct" address is told apart by its application_name.
let t: TestApp;
let other: Database | null = null;
beforeAll(async () => {
  t = await resetTestApp();
});
afterAll(async () => {
  await other?.close();
});

const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
};

describe('DATABASE_LISTEN_URL', () => {
  it('is read with the database address (boot only), and only beside DATABASE_URL', () => {
    const env = { DATABASE_URL: 'postgres://owner:pw@db/shop', DATABASE_LISTEN_URL: 'postgres://shop_app:pw@db-direct:5432/shop' };
    expect(loadBootConfig(env).database.listenUrl).toBe(env.DATABASE_LISTEN_URL);
    expect(JSON.stringify(loadBootConfig(env).config)).not.toContain('db-direct');
    expect(() => loadBootConfig({ DATABASE_LISTEN_URL: env.DATABASE_LISTEN_URL })).toThrow('DATABASE_LISTEN_URL: is for PostgreSQL');
    expect(() => loadBootConfig({ ...env, DATABASE_LISTEN_URL: 'mysql://x' })).toThrow('DATABASE_LISTEN_URL: must start with postgres://');
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL (PGlite listens in process)', () => {
    it('carries the LISTEN connections while requests use the app address', async () => {
      other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: { size: 2, queueLimit: 10, waitMs: 3000 } });
      const appUrl = withName(derivedAppUrl(t.databaseUrl!), 'shop_requests_probe');
      const connection = await other.connectApp(appUrl, withName(derivedAppUrl(t.databaseUrl!), 'shop_listen_probe'));
      const heard: string[] = [];
      const stop = await connection.listen('listen_url_probe', { notify: (p) => heard.push(p), missed: () => {} });
      try {
        const sessions = rowsOf<{ application_name: string; query: string }>(
          await t.database.db.execute(sql`select application_name, query from pg_stat_activity where datname = current_database() and application_name in ('shop_listen_probe', 'shop_requests_probe')`),
        );
        expect(sessions.filter((s) => s.application_name === 'shop_listen_probe').map((s) => s.query)).toEqual(['LISTEN "listen_url_probe"']);
        expect(sessions.some((s) => s.application_name === 'shop_requests_probe' && /^LISTEN/i.test(s.query))).toBe(false);
        await t.database.db.execute(sql`select pg_notify('listen_url_probe', 'hello')`);
        await expect.poll(() => heard).toEqual(['hello']);
        expect(await connection.probe(2000)).toEqual({ ready: true });
      } finally {
        await stop();
      }
    });

    it('stops the start with a message naming it (password hidden) when it cannot be reached', async () => {
      const unreachable = 'postgres://shop_app:secret-pw@127.0.0.1:1/nowhere';
      const fresh = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: { size: 1, queueLimit: 1, waitMs: 3000 } });
      try {
        const bad = await fresh.connectApp(undefined, unreachable);
        const err = await bad.listen('listen_url_probe', { notify: () => {}, missed: () => {} }).then(() => null, (e: unknown) => e);
        expect(err).toBeInstanceOf(DatabaseUnavailableError);
        expect((err as Error).message).toContain('Cannot LISTEN at DATABASE_LISTEN_URL postgres://shop_app:***@127.0.0.1:1/nowhere');
        expect((err as Error).message).not.toContain('secret-pw');
      } finally {
        await fresh.close();
      }
    });
  });
});
