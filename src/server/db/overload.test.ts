import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { DomainEvents } from './domain-events';
import { UnitOfWork } from './unit-of-work';
import { TenantResolver } from '../modules/tenants/resolver';
import { CatalogueCache } from '../modules/catalogue/storefront/catalogue-cache';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import { seedDemo } from '../seed/demo';
import { call, resetTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { openDatabase, runMigrations, type Database, type PoolOptions } from './connection';
import { isDatabaseBusy } from './pool-gate';
import { rowsOf } from './rows';

// Issue 24: the embedded database sheds load as PostgreSQL does (decision 032). Each test runs on the
// database the suite runs on, through an app of its own whose database allows two connections (one on
// PGlite), one waiting request, 400 ms of waiting and (PostgreSQL) 400 ms per statement.
const onPostgres = Boolean(process.env.DATABASE_URL);
const POOL: PoolOptions = { size: 2, queueLimit: 1, waitMs: 400, statementTimeoutMs: 400 };
const HELD_CONNECTIONS = onPostgres ? POOL.size : 1;
const BUSY = { code: 'busy', message: 'The shop is very busy right now. Please try again in a moment.' };

let t: TestApp;
let small: Database;
let scopes: UnitOfWork;
let app: FastifyInstance;
let productId: string;

beforeAll(async () => {
  t = await resetTestApp();
  if (onPostgres) {
    // The suite's own database, already seeded; only the pool is small.
    small = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: POOL });
  } else {
    // PGlite has one connection per database, whose queue is made when it opens: a database of its own.
    small = await openDatabase({ dataDir: null, pool: POOL });
    await runMigrations(small);
    await seedDemo(small.db, TEST_PASSWORD, new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'shop-overload-files-'))));
  }
  scopes = new UnitOfWork(await small.connectApp(), new DomainEvents());
  // No catalogue cache: every search below must reach the database.
  app = await buildApp({ ...t.app.deps, scopes, tenants: new TenantResolver(scopes, t.config.platformHost), catalogueCache: new CatalogueCache({ seconds: 0 }) });
  // Listening, as a served instance is: /readyz answers 503 until its socket listens (decision 057).
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Also resolves the store's host once, so the requests below need the database for their own work only.
  const list = await call(app, 'GET', '/api/products?limit=1');
  expect(list.statusCode, list.body).toBe(200);
  productId = list.json().items[0].id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await small?.close();
});

/** Occupies every connection (PGlite: the one) with a transaction that waits; resolves once all started. */
async function holdDatabase(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const requests = (await small.connectApp()).db;
  let started = 0;
  await new Promise<void>((allStarted) => {
    for (let i = 0; i < HELD_CONNECTIONS; i++) {
      void requests.transaction(async () => {
        if (++started === HELD_CONNECTIONS) allStarted();
        await held;
      });
    }
  });
  return release;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectBusy(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.json().error).toEqual(BUSY);
}

const cartCount = async () => rowsOf<{ n: number }>(await small.db.execute(sql`select count(*)::int as n from carts`))[0].n;

describe(`a saturated ${onPostgres ? 'PostgreSQL pool' : 'embedded database'} (issue 24)`, () => {
  it('/readyz answers 200 while the database takes requests', async () => {
    const res = await call(app, 'GET', '/readyz');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses one request more than the queue holds at once, answers the waiting one 503 at the wait deadline, and never runs it later', async () => {
    const cartsBefore = await cartCount();
    const release = await holdDatabase();
    try {
      // A shopper's first add creates a cart: a write that must not happen once its client was told 503.
      const waiting = call(app, 'POST', '/api/cart/items', { body: { product_id: productId, quantity: 1 } });
      await pause(100);
      // The one place in the queue is taken: the next request, and readiness, are refused at once.
      expectBusy(await call(app, 'GET', '/api/products?q=refused'));
      const notReady = await call(app, 'GET', '/readyz');
      expect(notReady.statusCode, notReady.body).toBe(503);
      expect(notReady.headers['retry-after']).toBe('2');
      expect(notReady.json().error.code).toBe('not_ready');
      // Liveness needs no database.
      expect((await call(app, 'GET', '/healthz')).statusCode).toBe(200);
      expectBusy(await waiting);
    } finally {
      release();
    }
    // Once the database is free again, the request that timed out has still not run.
    const after = await call(app, 'GET', '/api/products?q=after');
    expect(after.statusCode, after.body).toBe(200);
    expect(await cartCount()).toBe(cartsBefore);
  });

  it('/healthz answers while the database is busy with a long statement (PGlite runs it in its own thread)', async () => {
    let finished = false;
    const long = small.db
      .execute(onPostgres ? sql`select pg_sleep(2)` : sql`select count(*) from generate_series(1, 6000000)`)
      .then(() => (finished = true));
    try {
      await pause(50);
      const res = await call(app, 'GET', '/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(finished).toBe(false);
    } finally {
      await long;
    }
  });

  it('/readyz answers 503 when the database does not answer within its deadline, though the queue has room', async () => {
    // PGlite: its one connection is held. PostgreSQL: readiness asks on a connection of its own (decision
    // 057), so the record it reads is locked instead.
    const release = onPostgres ? await lockMigrationsRecord() : await holdDatabase();
    try {
      const res = await call(app, 'GET', '/readyz');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('not_ready');
    } finally {
      release();
    }
    // The probe that gave up left the queue: the next request is served.
    expect((await call(app, 'GET', '/api/products?q=served')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/readyz')).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('readiness on PostgreSQL (decision 057)', () => {
  it('/readyz answers 200 while every request connection is busy but the queue has room: busy is not unready', async () => {
    const release = await holdDatabase();
    try {
      const res = await call(app, 'GET', '/readyz');
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      release();
    }
  });
});

/** Another session holds drizzle's migrations record, so a statement reading it waits (PostgreSQL). */
async function lockMigrationsRecord(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
    locked();
    await held;
  });
  await isLocked;
  return () => {
    release();
    void holder;
  };
}

// PGlite runs a statement to its end (decision 032): there the bound is the wait above.
describe.skipIf(!onPostgres)('a statement over DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL)', () => {
  it('is stopped, and the request answered 503 with Retry-After, never 500', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another session holds the products table: the search's statement waits for it past the timeout.
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table products in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      expectBusy(await call(app, 'GET', '/api/products?q=linen'));
    } finally {
      release();
      await holder;
    }
    expect((await call(app, 'GET', '/api/products?q=linen')).statusCode).toBe(200);
  });

  it('pg_sleep past the timeout fails as "busy", as the error handler reads it', async () => {
    const slept = scopes.run({ tenantId: null, userId: null }, ({ tx }) => tx.execute(sql`select pg_sleep(2)`));
    const err = await slept.then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(isDatabaseBusy(err)).toBe(true);
  });
});
