import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app';
import { DomainEvents } from './domain-events';
import { UnitOfWork } from './unit-of-work';
import { TenantResolver } from '../modules/tenants/resolver';
import { call, resetTestApp, type TestApp } from '../test/harness';
import { openDatabase, type Database } from './connection';
import { DatabaseBusyError, isDatabaseBusy, limitPoolQueue } from './pool-gate';
import { WaitTiming } from './pool-monitor';

describe('isDatabaseBusy', () => {
  it("knows pg-pool's wait timeout, the gate's refusal and a statement timeout, also wrapped as a query error's cause", () => {
    const timeout = new Error('timeout exceeded when trying to connect');
    expect(isDatabaseBusy(timeout)).toBe(true);
    expect(isDatabaseBusy(new DatabaseBusyError('full'))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('Failed query: select 1'), { cause: timeout }))).toBe(true);
    expect(isDatabaseBusy(new Error('duplicate key value violates unique constraint'))).toBe(false);
    // statement_timeout (decision 032): SQLSTATE 57014, as pg raises it and drizzle wraps it.
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(isDatabaseBusy(Object.assign(new Error('Failed query: select pg_sleep(1)'), { cause: cancelled }))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});

describe('limitPoolQueue', () => {
  /** Just what the gate reads of a pg.Pool, and a connect that records it was reached. */
  function fakePool(idleCount: number, waitingCount: number) {
    const reached: string[] = [];
    const pool = { idleCount, waitingCount, connect: (cb?: unknown) => (reached.push(cb ? 'callback' : 'promise'), Promise.resolve('client')) };
    limitPoolQueue(pool as unknown as pg.Pool, 3);
    return { pool: pool as unknown as pg.Pool, reached };
  }

  it('passes requests through while fewer than the limit wait, or a connection is idle', async () => {
    const { pool, reached } = fakePool(0, 2);
    await expect(pool.connect()).resolves.toBe('client');
    const idle = fakePool(1, 50);
    await expect(idle.pool.connect()).resolves.toBe('client');
    expect([...reached, ...idle.reached]).toEqual(['promise', 'promise']);
  });

  it('times each wait for a connection, got or timed out, only while metrics observe it (decision 055)', async () => {
    const waits: number[] = [];
    const timing = new WaitTiming();
    const outcomes: ('client' | Error)[] = ['client', new Error('timeout exceeded when trying to connect'), 'client'];
    const pool = {
      idleCount: 0,
      waitingCount: 0,
      connect: (cb?: (err: Error | undefined, client?: unknown) => void) => {
        const outcome = outcomes.shift()!;
        if (cb) return void setImmediate(() => (outcome instanceof Error ? cb(outcome) : cb(undefined, outcome)));
        return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
      },
    } as unknown as pg.Pool;
    limitPoolQueue(pool, 3, timing);
    await pool.connect();
    expect(waits).toEqual([]);
    timing.observer = (seconds) => waits.push(seconds);
    await expect(pool.connect()).rejects.toThrow('timeout exceeded');
    await new Promise<void>((resolve) => (pool.connect as (cb: () => void) => void)(resolve));
    expect(waits).toHaveLength(2);
    expect(waits.every((w) => w >= 0)).toBe(true);
  });

  it('refuses at once when the queue is full, through a promise or a callback (pool.query)', async () => {
    const { pool, reached } = fakePool(0, 3);
    await expect(pool.connect()).rejects.toBeInstanceOf(DatabaseBusyError);
    const viaCallback = await new Promise<Error | undefined>((resolve) => (pool.connect as (cb: (err?: Error) => void) => void)((err) => resolve(err)));
    expect(viaCallback).toBeInstanceOf(DatabaseBusyError);
    expect(reached).toEqual([]);
  });
});

// The pool itself exists only on PostgreSQL (PGlite runs one query at a time and queues internally).
describe.skipIf(!process.env.DATABASE_URL)('a saturated PostgreSQL pool (issue 11)', () => {
  let t: TestApp;
  let small: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await resetTestApp();
    // Two connections, one request may wait for 300 ms.
    small = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: { size: 2, queueLimit: 1, waitMs: 300 } });
    const scopes = new UnitOfWork(await small.connectApp(), new DomainEvents());
    app = await buildApp({ ...t.app.deps, scopes, tenants: new TenantResolver(scopes, t.config.platformHost) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await small?.close();
  });

  it('answers 503 with Retry-After (never 500) while every connection is busy, and serves again once one is free', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = 0;
    // The requests' pool is the app role's (the owner's is separate and small).
    const requests = (await small.connectApp()).db;
    const allHeld = new Promise<void>((resolve) => {
      const hold = () => requests.transaction(async () => {
        if (++started === 2) resolve();
        await held;
      });
      void hold();
      void hold();
    });
    await allHeld;

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call(app, 'GET', `/api/products?q=flood${i}`)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().error).toEqual({ code: 'busy', message: 'The shop is very busy right now. Please try again in a moment.' });
    }

    release();
    const after = await call(app, 'GET', '/api/products?q=after');
    expect(after.statusCode, after.body).toBe(200);
  });
});
