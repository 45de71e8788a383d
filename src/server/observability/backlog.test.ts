import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../db/unit-of-work';
import { resetTestApp, type TestApp } from '../test/harness';
import { DatabaseBacklog } from './backlog';

let t: TestApp;

const queueJob = (tenantId: string) => t.database.db.execute(sql`insert into background_jobs (tenant_id, kind, subject_id) values (${tenantId}, 'product_import', gen_random_uuid())`);

beforeAll(async () => {
  t = await resetTestApp();
});

describe('the database backlog metrics read (decision 055)', () => {
  it('counts every store’s jobs, then answers from its count until it is too old, and never makes a scrape wait for a recount', async () => {
    const clock = { now: 0 };
    let failing = false;
    // The app's unit of work, which a test can make fail.
    const scopes = { run: (...args: Parameters<UnitOfWork['run']>) => (failing ? Promise.reject(new Error('database down')) : t.scopes.run(...args)) } as unknown as UnitOfWork;
    const warnings: string[] = [];
    const backlog = new DatabaseBacklog(scopes, { warn: (_obj, msg) => warnings.push(msg) }, 30_000, () => clock.now);

    await queueJob(t.seed.tenantIds.demo);
    await queueJob(t.seed.tenantIds.acme);
    expect((await backlog.current())?.jobs.queued).toBe(2);

    await queueJob(t.seed.tenantIds.demo);
    clock.now = 29_999;
    expect((await backlog.current())?.jobs.queued).toBe(2);
    // Too old: this scrape gets the last count at once, and a recount starts; the next one sees it.
    clock.now = 30_000;
    expect((await backlog.current())?.jobs.queued).toBe(2);
    await expect.poll(async () => (await backlog.current())?.jobs.queued).toBe(3);

    // A failed recount keeps the last count and says so.
    failing = true;
    clock.now = 100_000;
    expect((await backlog.current())?.jobs.queued).toBe(3);
    await expect.poll(() => warnings.length).toBe(1);
    expect((await backlog.current())?.jobs.queued).toBe(3);
  });

  it('answers null while it has never counted', async () => {
    const scopes = { run: () => Promise.reject(new Error('database down')) } as unknown as UnitOfWork;
    const backlog = new DatabaseBacklog(scopes, { warn: () => {} });
    expect(await backlog.current()).toBeNull();
  });
});
