import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { buildApp } from '../app';
import { resetTestApp, type TestApp } from '../test/harness';
import { latestMigrationOf } from '../db/readiness';
import { rowsOf } from '../db/rows';

// Readiness (decision 057): /readyz answers 200 only while this instance listens, is not shutting down,
// its LISTEN connections are up, and the database answers that this build's newest migration is applied.
const latest = latestMigrationOf(path.join(import.meta.dirname, '../db/migrations'));
let t: TestApp;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  t = await resetTestApp();
  // An app of its own on the suite's database: this file stops serving it.
  app = await buildApp({ ...t.app.deps });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const readyz = async () => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as { status?: string; error?: { code: string; message: string } } };
};

describe('/readyz', () => {
  it('is 503 "not listening" until the socket listens, then 200', async () => {
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json().error).toEqual({ code: 'not_ready', message: 'Not ready: not listening.' });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it("is 503 while this build's newest migration is not recorded as applied (a database restored from an older backup)", async () => {
    const [row] = rowsOf<{ id: number; hash: string; created_at: string }>(await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations where created_at = ${latest.when}`));
    expect(row).toBeDefined();
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({ code: 'not_ready', message: `Not ready: migration ${latest.tag} of this build is not applied.` });
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await readyz()).status).toBe(200);
  });

  // PGlite listens in process: there is no connection to lose.
  it.skipIf(!process.env.DATABASE_URL)('is 503 while a LISTEN connection is down, and 200 once it listens again', async () => {
    await t.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
    const seen: string[] = [];
    // The probe says so at once while any subscription reconnects (at least 100 ms after the drop).
    for (let i = 0; i < 2000 && seen.at(-1) !== 'ready-again'; i++) {
      const res = await readyz();
      if (res.status === 503) {
        expect(res.body.error?.message).toBe('Not ready: a LISTEN connection is reconnecting.');
        if (!seen.includes('reconnecting')) seen.push('reconnecting');
      } else if (seen.includes('reconnecting')) seen.push('ready-again');
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toEqual(['reconnecting', 'ready-again']);
  });

  it('is 503 "shutting down" once shutdown begins, while the instance still answers everything else', async () => {
    app.serving.stop();
    expect(await readyz()).toEqual({ status: 503, body: { error: { code: 'not_ready', message: 'Not ready: shutting down.' } } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
