import { beforeAll, describe, expect, it } from 'vitest';
import { resetTestApp, type TestApp } from '../test/harness';
import { withMigrationLock } from './migration-lock';

// Instances started together take turns at migrating (decision 057). PGlite is skipped: its data folder
// belongs to one process, which needs no lock. e2e/deploy/migration-lock.e2e.ts starts three real
// servers at once on an empty database.
let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

describe.skipIf(!process.env.DATABASE_URL)('the migration lock (PostgreSQL only; PGlite has one process per data folder)', () => {
  it('lets one instance migrate at a time: the next waits, says so, and runs once the first is done', async () => {
    const url = t.databaseUrl!;
    const order: string[] = [];
    let finishFirst: () => void = () => {};
    let firstRunning: () => void = () => {};
    const running = new Promise<void>((r) => (firstRunning = r));
    const first = withMigrationLock(url, async () => {
      order.push('first starts');
      firstRunning();
      await new Promise<void>((r) => (finishFirst = r));
      order.push('first ends');
    });
    await running;
    let secondWaits: () => void = () => {};
    const waiting = new Promise<void>((r) => (secondWaits = r));
    const second = withMigrationLock(
      url,
      async () => {
        order.push('second runs');
      },
      () => {
        order.push('second waits');
        secondWaits();
      },
    );
    await waiting;
    expect(order).toEqual(['first starts', 'second waits']);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'second waits', 'first ends', 'second runs']);
  });

  it('lets go of the lock when the migration fails', async () => {
    await expect(withMigrationLock(t.databaseUrl!, async () => Promise.reject(new Error('a bad migration')))).rejects.toThrow('a bad migration');
    let waited = false;
    await withMigrationLock(t.databaseUrl!, async () => {}, () => (waited = true));
    expect(waited).toBe(false);
  });
});
