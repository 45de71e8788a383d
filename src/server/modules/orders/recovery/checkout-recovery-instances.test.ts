import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../db/connection';
import { DomainEvents } from '../../../db/domain-events';
import { UnitOfWork } from '../../../db/unit-of-work';
import { rowsOf } from '../../../db/rows';
import { OutboxEmailSender } from '../../../adapters/email/outbox';
import { JobRunner } from '../../jobs';
import { call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { CHECKOUT_RECOVERY_TASK, registerCheckoutRecovery } from './send';

// Issue 28 item 6: two app instances on one database run the recovery job at the same moment, over 20
// due checkouts, and exactly 20 emails go out, one per checkout (decision 048). On PostgreSQL the second
// instance has a connection pool of its own, as a second process would (like the jobs tests); on PGlite
// both share the one connection, which still proves nothing is sent twice however the passes interleave.

let t: TestApp;
let otherDatabase: Database;
let otherScopes: UnitOfWork;
const HOUR = 60 * 60 * 1000;
const errors: unknown[] = [];
const log = { error: (obj: object) => errors.push(obj), warn: () => {} };

/** An instance's job runner with the recovery task, claiming 3 checkouts per transaction (so passes interleave). */
function instance(scopes: UnitOfWork, name: string): JobRunner {
  const runner = new JobRunner(scopes, { workerId: name, log });
  registerCheckoutRecovery(runner, { scopes, email: new OutboxEmailSender(), hourMs: HOUR, batch: 3 }, 60_000);
  return runner;
}

/** `n` checkouts left unpaid five hours ago, each by its own address, written straight to the tables. */
async function dueCheckouts(n: number): Promise<void> {
  const demo = t.seed.tenantIds.demo;
  const address = JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', line1: '1 Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB' });
  for (let i = 0; i < n; i++) {
    const [order] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
          subtotal, shipping_total, total_amount, status, payment_status, payment_provider, reservation_state, reservation_expires_at, placed_at, checkout_origin)
        values (${demo}::uuid, ${`RACE-${String(i).padStart(4, '0')}`}, ${`racer${i}@example.com`}, 'Ada Lovelace', ${address}::jsonb, ${address}::jsonb, 'Standard',
          1500, 399, 1899, 'cancelled', 'expired', 'test', 'released', now() - interval '4 hours', now() - interval '5 hours', 'http://demo.localhost:3000')
        returning id`),
    );
    await t.database.db.execute(sql`
      insert into order_items (tenant_id, order_id, product_name, product_sku, quantity, unit_price, total_amount, stock_source)
      values (${demo}::uuid, ${order.id}::uuid, 'Enamel Camping Mug', 'MUG-1', 2, 750, 1500, 'untracked')`);
  }
}

beforeAll(async () => {
  t = await resetTestApp();
  otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
  otherScopes = new UnitOfWork(await otherDatabase.connectApp(), new DomainEvents());
  const admin = await signIn(t.app, 'admin@demo.test');
  expect((await call(t.app, 'PUT', '/api/admin/settings/checkout-recovery', { cookie: admin, body: { enabled: true, send_after_hours: 4 } })).statusCode).toBe(200);
});

afterAll(async () => {
  if (otherDatabase && otherDatabase !== t.database) await otherDatabase.close();
});

describe('two instances running the recovery job at once', () => {
  it('send exactly one email per due checkout: 20 checkouts, 20 emails', async () => {
    await dueCheckouts(20);
    const runners = [instance(t.scopes, 'a1'), instance(otherScopes, 'b1'), instance(t.scopes, 'a2'), instance(otherScopes, 'b2')];
    // Every instance runs its pass at the same moment, twice over: the second round finds nothing left.
    for (let round = 0; round < 2; round++) await Promise.all(runners.map((r) => r.runPeriodic(CHECKOUT_RECOVERY_TASK)));
    expect(errors).toEqual([]);

    const mails = rowsOf<{ to_address: string; order_number: string }>(
      await t.database.db.execute(sql`select to_address, order_number from email_messages where kind = 'checkout_recovery' order by order_number`),
    );
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.order_number)).size).toBe(20);
    expect(mails.every((m) => m.to_address === `racer${Number(m.order_number.slice(5))}@example.com`)).toBe(true);
    const settled = rowsOf<{ n: number; sent: number }>(await t.database.db.execute(sql`select count(*)::int as n, count(sent_at)::int as sent from checkout_recoveries`))[0];
    expect(settled).toEqual({ n: 20, sent: 20 });
    // Each email's links carry its own checkout's token: 20 distinct restore tokens.
    const tokens = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(distinct token_hash)::int as n from checkout_recoveries`))[0];
    expect(tokens.n).toBe(20);
    for (const r of runners) await r.close();
  });
});
