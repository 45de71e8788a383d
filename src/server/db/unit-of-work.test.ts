import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../test/harness';
import { DomainEvents, type DomainEvent } from './domain-events';
import { UnitOfWork } from './unit-of-work';
import { rowsOf } from './rows';

// The unit of work (DESIGN rule 10): after-commit work runs only after a commit, in order, and a
// failing piece neither undoes the commit nor stops the rest; events are told once per transaction.
let t: TestApp;
let scopes: UnitOfWork;
let events: DomainEvents;
const logged: string[] = [];
beforeAll(async () => {
  t = await resetTestApp();
  events = new DomainEvents({ error: (_obj, msg) => logged.push(msg) });
  scopes = new UnitOfWork(await t.database.connectApp(), events, { error: (_obj, msg) => logged.push(msg) });
});

describe('UnitOfWork', () => {
  it('runs afterCommit callbacks after the commit, in order, seeing the committed row', async () => {
    const seen: string[] = [];
    const demo = t.seed.tenantIds.demo;
    await scopes.run({ tenantId: demo, userId: null }, async ({ tx, afterCommit }) => {
      await tx.execute(sql`update tenants set name = 'Demo Store (renamed)' where id = ${demo}::uuid`);
      afterCommit(async () => {
        const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from tenants where id = ${demo}::uuid`));
        seen.push(`first saw ${row.name}`);
      });
      afterCommit(() => void seen.push('second'));
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'first saw Demo Store (renamed)', 'second']);
    await t.database.db.execute(sql`update tenants set name = 'Demo Store' where id = ${demo}::uuid`);
  });

  it('drops afterCommit callbacks and events when the transaction rolls back', async () => {
    const seen: DomainEvent[] = [];
    const off = events.on('catalogue.changed', (e) => void seen.push(e));
    let ran = false;
    await expect(
      scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, async ({ afterCommit, emit }) => {
        afterCommit(() => void (ran = true));
        emit({ type: 'catalogue.changed', tenantId: t.seed.tenantIds.demo });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    off();
    expect(ran).toBe(false);
    expect(seen).toEqual([]);
  });

  it('tells an event emitted twenty times in one transaction once, to every subscriber', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const offA = events.on('catalogue.changed', (e) => void a.push(e.tenantId));
    const offB = events.on('catalogue.changed', (e) => void b.push(e.tenantId));
    await scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, async ({ emit }) => {
      for (let i = 0; i < 20; i++) emit({ type: 'catalogue.changed', tenantId: t.seed.tenantIds.demo });
      emit({ type: 'catalogue.changed', tenantId: t.seed.tenantIds.acme });
    });
    offA();
    offB();
    expect(a).toEqual([t.seed.tenantIds.demo, t.seed.tenantIds.acme]);
    expect(b).toEqual(a);
  });

  it('a failing callback or subscriber is logged; the commit stands and the rest still run', async () => {
    logged.length = 0;
    const off = events.on('order.paid', () => {
      throw new Error('subscriber broke');
    });
    let later = false;
    const result = await scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, async ({ afterCommit, emit }) => {
      afterCommit(() => {
        throw new Error('callback broke');
      });
      emit({ type: 'order.paid', tenantId: t.seed.tenantIds.demo, orderId: '00000000-0000-4000-8000-000000000001' });
      afterCommit(() => void (later = true));
      return 'committed';
    });
    off();
    expect(result).toBe('committed');
    expect(later).toBe(true);
    expect(logged).toEqual(['after-commit work failed', 'a domain event handler failed']);
  });
});
