import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/connection';
import { DomainEvents } from '../../db/domain-events';
import { UnitOfWork } from '../../db/unit-of-work';
import { backgroundJobs } from '../../db/schema';
import { resetTestApp, type TestApp } from '../../test/harness';
import { JobRunner } from './runner';
import { LeaseLostError, type ClaimedJob, type Lease } from './lease';

// Background jobs (issue 15, decision 025): claimed once, by one instance, under a lease that another
// instance may take over only once it has lapsed; a worker that lost its lease can write nothing more.
// On PostgreSQL the second instance has a connection pool of its own, as a second process would.

let t: TestApp;
let otherDatabase: Database;
let otherScopes: UnitOfWork;
let demo: string;
let acme: string;
const silent = { error: () => {}, warn: () => {} };

async function queue(tenantId: string, n = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const subjectId = randomUUID();
    const [row] = await t.database.db.insert(backgroundJobs).values({ tenantId, kind: 'product_import', subjectId }).returning({ id: backgroundJobs.id });
    ids.push(row.id);
  }
  return ids;
}

const jobRow = async (id: string) => (await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0];

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
  otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
  otherScopes = new UnitOfWork(await otherDatabase.connectApp(), new DomainEvents());
});

afterAll(async () => {
  if (otherDatabase && otherDatabase !== t.database) await otherDatabase.close();
});

beforeEach(async () => {
  await t.database.db.delete(backgroundJobs);
});

describe('claiming jobs', () => {
  it('hands a queued job to one worker, which holds it until its lease lapses', async () => {
    const [id] = await queue(demo);
    const a = new JobRunner(t.scopes, { workerId: 'a', leaseSeconds: 60, log: silent });
    const b = new JobRunner(otherScopes, { workerId: 'b', leaseSeconds: 60, log: silent });
    const claimed = await a.claim();
    expect(claimed).toMatchObject({ id, tenantId: demo, kind: 'product_import', attempts: 1 });
    expect(await b.claim()).toBeNull();
    expect(await a.claim()).toBeNull();
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'a' });
  });

  it('never gives the same job to two instances claiming at the same time', async () => {
    const ids = await queue(demo, 12);
    ids.push(...(await queue(acme, 12)));
    const a = new JobRunner(t.scopes, { workerId: 'a', log: silent });
    const b = new JobRunner(otherScopes, { workerId: 'b', log: silent });
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).claim()));
    const got = claims.filter((c): c is ClaimedJob => c !== null).map((c) => c.id);
    expect(got).toHaveLength(24);
    expect(new Set(got)).toEqual(new Set(ids));
    const rows = await t.database.db.select().from(backgroundJobs);
    expect(rows.every((r) => r.attempts === 1 && r.status === 'running')).toBe(true);
  });

  it('lets another instance take a job over once its lease lapsed, and the first can then write nothing', async () => {
    const [id] = await queue(demo);
    const a = new JobRunner(t.scopes, { workerId: 'a', leaseSeconds: 1, log: silent });
    const b = new JobRunner(otherScopes, { workerId: 'b', leaseSeconds: 60, log: silent });
    const first = await a.claim();
    expect(first?.id).toBe(id);
    // The lease lapses: as if instance a had died.
    await t.database.db.update(backgroundJobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(backgroundJobs.id, id));
    const second = await b.claim();
    expect(second).toMatchObject({ id, attempts: 2 });
    let aLease: Lease | null = null;
    a.register('product_import', async (_job, lease) => {
      aLease = lease;
    }, async () => {});
    await a.runClaimed(first!);
    await expect(t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => aLease!.hold(tx, { through: 99 }))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await jobRow(id)).toMatchObject({ lockedBy: 'b', cursor: {} });
  });
});

describe('running jobs', () => {
  it('runs each job once, keeps the cursor it commits, and ends it', async () => {
    const ids = await queue(demo, 3);
    const runner = new JobRunner(t.scopes, { workerId: 'a', log: silent });
    const seen: string[] = [];
    runner.register('product_import', async (job, lease) => {
      seen.push(job.id);
      await t.scopes.run({ tenantId: job.tenantId, userId: null }, ({ tx }) => lease.hold(tx, { through: 7 }));
      expect(await lease.cursor()).toEqual({ through: 7 });
      await t.scopes.run({ tenantId: job.tenantId, userId: null }, ({ tx }) => lease.finish(tx, 'succeeded'));
    }, async () => {});
    await runner.drain();
    await runner.drain();
    expect(seen.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: 'succeeded', lockedBy: null, cursor: { through: 7 } });
  });

  it('a job that keeps stopping is tried again, then given up', async () => {
    const [id] = await queue(demo);
    const runner = new JobRunner(t.scopes, { workerId: 'a', leaseSeconds: 1, maxAttempts: 2, log: silent });
    let runs = 0;
    let gaveUp = 0;
    runner.register('product_import', async () => {
      runs += 1;
      throw new Error('the process died here');
    }, async (job, lease) => {
      gaveUp += 1;
      await t.scopes.run({ tenantId: job.tenantId, userId: null }, ({ tx }) => lease.finish(tx, 'failed', 'given up'));
    });
    for (let i = 0; i < 3; i++) {
      await runner.drain();
      await t.database.db.update(backgroundJobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(backgroundJobs.id, id));
    }
    expect(runs).toBe(2);
    expect(gaveUp).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'given up' });
    await runner.drain();
    expect(runs + gaveUp).toBe(3);
  });

  it('a job released at shutdown is free to claim at once', async () => {
    const [id] = await queue(demo);
    const a = new JobRunner(t.scopes, { workerId: 'a', log: silent });
    const job = await a.claim();
    a.register('product_import', (_job, lease) => lease.release(), async () => {});
    await a.runClaimed(job!);
    const b = new JobRunner(otherScopes, { workerId: 'b', log: silent });
    expect(await b.claim()).toMatchObject({ id, attempts: 2 });
  });

  it('hands back at shutdown a job whose handler stopped without letting go, so another instance claims it at once', async () => {
    const [id] = await queue(demo);
    const a = new JobRunner(t.scopes, { workerId: 'a', log: silent });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    // As a picture job whose storage call fails because the instance is going away: it throws.
    a.register('product_import', async (_job, lease) => {
      started();
      await new Promise((resolve) => lease.signal.addEventListener('abort', resolve));
      throw new Error('storage closed under the job');
    }, async () => {});
    a.kick();
    await running;
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'a' });
    await a.close();
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: null, leaseUntil: null });
    const b = new JobRunner(otherScopes, { workerId: 'b', log: silent });
    expect(await b.claim()).toMatchObject({ id, attempts: 2 });
  });

  it('leaves a job that ends while the instance shuts down ended', async () => {
    const [id] = await queue(demo);
    const a = new JobRunner(t.scopes, { workerId: 'a', log: silent });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    a.register('product_import', async (job, lease) => {
      started();
      await new Promise((resolve) => lease.signal.addEventListener('abort', resolve));
      await t.scopes.run({ tenantId: job.tenantId, userId: null }, ({ tx }) => lease.finish(tx, 'succeeded'));
    }, async () => {});
    a.kick();
    await running;
    await a.close();
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', lockedBy: null });
  });
});

describe('periodic tasks', () => {
  it('run when asked, never twice at once in one instance; a failure is logged, not thrown; closing waits for a run', async () => {
    const errors: unknown[] = [];
    const runner = new JobRunner(t.scopes, { workerId: 'p', log: { error: (obj) => errors.push(obj), warn: () => {} } });
    let runs = 0;
    let release: () => void = () => {};
    runner.every('tick', 60_000, async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = runner.runPeriodic('tick');
    const second = runner.runPeriodic('tick');
    expect(second).toBe(first);
    await new Promise((r) => setTimeout(r, 10));
    expect(runs).toBe(1);
    release();
    await first;
    runner.every('fails', 60_000, async () => {
      throw new Error('the database went away');
    });
    await runner.runPeriodic('fails');
    expect(errors).toHaveLength(1);
    const third = runner.runPeriodic('tick');
    const closed = runner.close();
    release();
    await Promise.all([third, closed]);
    expect(runs).toBe(2);
    // Closed: no more runs.
    await runner.runPeriodic('tick');
    expect(runs).toBe(2);
  });
});

describe('row-level security', () => {
  it('a store sees only its own jobs, and a scope without a store sees none', async () => {
    await queue(demo, 2);
    await queue(acme, 1);
    const count = (tenantId: string | null) =>
      t.scopes.run({ tenantId, userId: null }, async ({ tx }) => (await tx.select({ id: backgroundJobs.id }).from(backgroundJobs)).length);
    expect(await count(demo)).toBe(2);
    expect(await count(acme)).toBe(1);
    expect(await count(null)).toBe(0);
  });
});
