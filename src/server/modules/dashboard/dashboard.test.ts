import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { rowsOf } from '../../db/rows';
import type { DashboardKpis, DashboardQuickWins } from '../../../shared/dashboard';

let t: TestApp;
let admin: string;
let acmeAdmin: string;
let n = 0;

const DAY = 24 * 60 * 60 * 1000;
const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Row', city: 'London', postcode: 'SW1A 1AA' };

/** An order written straight to the table, so its dates and money are exactly what the test says. */
async function order(tenant: 'demo' | 'acme', o: { total: number; refunded?: number; payment: string; placedDaysAgo: number; paidDaysAgo?: number }) {
  const now = Date.now();
  const placed = new Date(now - o.placedDaysAgo * DAY).toISOString();
  const paid = o.paidDaysAgo === undefined ? null : new Date(now - o.paidDaysAgo * DAY).toISOString();
  n += 1;
  await t.database.db.execute(sql`
    insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
      subtotal, shipping_total, total_amount, refunded_amount, status, payment_status, payment_provider, reservation_expires_at, placed_at, paid_at)
    values (${t.seed.tenantIds[tenant]}::uuid, ${`T-${n}`}, 'ada@example.com', 'Ada Lovelace', ${JSON.stringify(address)}::jsonb, ${JSON.stringify(address)}::jsonb, 'Standard',
      ${o.total}, 0, ${o.total}, ${o.refunded ?? 0}, 'confirmed', ${o.payment}, 'test', now(), ${placed}::timestamptz, ${paid}::timestamptz)`);
}

const kpis = async (cookie = admin, host = DEMO_HOST) => {
  const res = await call(t.app, 'GET', '/api/admin/dashboard/kpis', { cookie, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardKpis;
};

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

describe('GET /api/admin/dashboard/kpis', () => {
  it('counts only money paid in the last 30 days, less refunds, and fills every day of the chart', async () => {
    const before = await kpis();
    expect(before.series).toHaveLength(30);
    await order('demo', { total: 2500, payment: 'paid', placedDaysAgo: 0, paidDaysAgo: 0 }); // £25.00 today
    await order('demo', { total: 1999, payment: 'paid', placedDaysAgo: 3, paidDaysAgo: 3 }); // £19.99
    await order('demo', { total: 10000, refunded: 2550, payment: 'partially_refunded', placedDaysAgo: 10, paidDaysAgo: 10 }); // £74.50
    await order('demo', { total: 4000, refunded: 4000, payment: 'refunded', placedDaysAgo: 5, paidDaysAgo: 5 }); // £0, not an order
    await order('demo', { total: 7777, payment: 'unpaid', placedDaysAgo: 1 }); // not paid
    await order('demo', { total: 3333, payment: 'expired', placedDaysAgo: 2 }); // not paid
    await order('demo', { total: 9000, payment: 'paid', placedDaysAgo: 45, paidDaysAgo: 45 }); // too old
    await order('acme', { total: 123456, payment: 'paid', placedDaysAgo: 1, paidDaysAgo: 1 }); // another store

    const after = await kpis();
    expect(after.revenue_last_30 - before.revenue_last_30).toBeCloseTo(119.49, 2);
    expect(after.orders_last_30 - before.orders_last_30).toBe(3);
    expect(after.series).toHaveLength(30);
    // Oldest first, consecutive days, today last; the chart adds up to the card.
    const dates = after.series.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(dates[29]).toBe(today);
    const sum = after.series.reduce((s, d) => s + d.revenue, 0);
    expect(sum).toBeCloseTo(after.revenue_last_30, 2);
    expect(after.series.reduce((s, d) => s + d.orders, 0)).toBe(after.orders_last_30);
    expect(after.series[29].revenue - before.series[29].revenue).toBeCloseTo(25, 2);
    expect(after.series.filter((d) => d.revenue === 0 && d.orders === 0).length).toBeGreaterThanOrEqual(26);

    // Exact figures on a store with nothing else: the acme store sees only its own order.
    const acme = await kpis(acmeAdmin, ACME_HOST);
    expect(acme.revenue_last_30).toBe(1234.56);
    expect(acme.orders_last_30).toBe(1);
  });

  it('gives exact totals when the store has only the known orders', async () => {
    await t.database.db.execute(sql`delete from orders where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
    expect((await kpis()).revenue_last_30).toBe(0);
    await order('demo', { total: 2500, payment: 'paid', placedDaysAgo: 0, paidDaysAgo: 0 });
    await order('demo', { total: 10000, refunded: 2550, payment: 'partially_refunded', placedDaysAgo: 10, paidDaysAgo: 10 });
    await order('demo', { total: 4000, refunded: 4000, payment: 'refunded', placedDaysAgo: 5, paidDaysAgo: 5 });
    await order('demo', { total: 7777, payment: 'unpaid', placedDaysAgo: 1 });
    await order('demo', { total: 9000, payment: 'paid', placedDaysAgo: 31, paidDaysAgo: 31 });
    const k = await kpis();
    expect(k.revenue_last_30).toBe(99.5);
    expect(k.orders_last_30).toBe(2);
    expect(k.series.filter((d) => d.orders > 0)).toHaveLength(2);
  });

  it('counts products missing a description and low stock like the alert, and reports set-up from real state', async () => {
    const demo = t.seed.tenantIds.demo;
    await t.database.db.execute(sql`update products set description = 'Described.', track_inventory = true, stock_quantity = 50 where tenant_id = ${demo}::uuid`);
    // A product with variants has their stock (decision 042): plenty on each, and the figures set below go on products without.
    await t.database.db.execute(sql`update product_variants set stock_quantity = 25, reserved_quantity = 0 where tenant_id = ${demo}::uuid`);
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from products p where tenant_id = ${demo}::uuid and status <> 'archived'
                                      and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 3`),
    ).map((r) => r.id);
    await t.database.db.execute(sql`update products set description = '  ' where id = ${ids[0]}::uuid`);
    await t.database.db.execute(sql`update products set description = null, stock_quantity = 2 where id = ${ids[1]}::uuid`);
    await t.database.db.execute(sql`update products set stock_quantity = 5 where id = ${ids[2]}::uuid`);
    const k = await kpis();
    expect(k.products_missing_description).toBe(2);
    expect(k.low_stock_count).toBe(2);
    const alert = (await call(t.app, 'GET', '/api/admin/stock/low-stock', { cookie: admin })).json() as { total: number };
    expect(alert.total).toBe(k.low_stock_count);
    // The demo seed onboards each demo store's test payment account.
    expect(k.setup).toEqual({ has_categories: true, has_products: true, payments_connected: true, payment_provider: 'test' });

    await t.database.db.execute(sql`delete from categories where tenant_id = ${demo}::uuid`);
    await t.database.db.execute(sql`update products set status = 'archived' where tenant_id = ${demo}::uuid`);
    const empty = await kpis();
    expect(empty.setup).toMatchObject({ has_categories: false, has_products: false });
    expect(empty.products_missing_description).toBe(0);
    expect(empty.low_stock_count).toBe(0);
  });
});

describe('the "Set up payment processing" step', () => {
  const setAccount = (tenant: 'demo' | 'acme', change: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`update payment_accounts set ${change} where tenant_id = ${t.seed.tenantIds[tenant]}::uuid`);

  it("reads each store's own payment account: ready, not ready yet, or none", async () => {
    expect((await kpis()).setup.payments_connected).toBe(true);
    expect((await kpis(acmeAdmin, ACME_HOST)).setup.payments_connected).toBe(true);

    // Acme's account still owes details: acme's step is open, the demo store's stays done.
    await setAccount('acme', sql`charges_enabled = false, details_submitted = false`);
    expect((await kpis(acmeAdmin, ACME_HOST)).setup.payments_connected).toBe(false);
    expect((await kpis()).setup.payments_connected).toBe(true);

    // Charges on but transfers not active yet: money could not reach the store's account.
    await setAccount('acme', sql`charges_enabled = true, details_submitted = true, capabilities = '{"card_payments":"active","transfers":"pending"}'::jsonb`);
    expect((await kpis(acmeAdmin, ACME_HOST)).setup.payments_connected).toBe(false);

    // An account with another provider (made before Stripe keys were set) does not count.
    await t.database.db.execute(sql`update payment_accounts set provider = 'stripe' where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
    expect((await kpis()).setup.payments_connected).toBe(false);
    await t.database.db.execute(sql`delete from payment_accounts where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
    expect((await kpis()).setup.payments_connected).toBe(false);
  });
});

describe('GET /api/admin/dashboard/quick-wins', () => {
  it('lists at most 3 wins from the store data, most important first, each with a link', async () => {
    const acme = t.seed.tenantIds.acme;
    await t.database.db.execute(sql`update products set description = null, track_inventory = true, stock_quantity = 1, meta_title = null where tenant_id = ${acme}::uuid`);
    const res = await call(t.app, 'GET', '/api/admin/dashboard/quick-wins', { cookie: acmeAdmin, host: ACME_HOST });
    expect(res.statusCode, res.body).toBe(200);
    const { wins } = res.json() as DashboardQuickWins;
    expect(wins.length).toBe(3);
    const rank = { high: 0, med: 1, low: 2 };
    expect(wins.map((w) => rank[w.impact])).toEqual(wins.map((w) => rank[w.impact]).sort());
    expect(wins.map((w) => w.id).slice(0, 2)).toEqual(['low-stock', 'missing-description']);
    for (const w of wins) {
      expect(w.title).not.toBe('');
      expect(w.cta).not.toBe('');
      expect(w.href).toMatch(/^\/admin\//);
    }
  });

  it('is empty when there is nothing to fix', async () => {
    // The demo store's products were all archived above and its categories removed.
    const res = await call(t.app, 'GET', '/api/admin/dashboard/quick-wins', { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wins: [] });
  });
});

describe('access', () => {
  it('is for store managers: 401 signed out, 403 for staff, and a store admin cannot read another store', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    for (const url of ['/api/admin/dashboard/kpis', '/api/admin/dashboard/quick-wins']) {
      expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', url, { cookie: staff })).statusCode).toBe(403);
      // The demo admin's session means nothing on the acme store.
      expect([401, 403, 404]).toContain((await call(t.app, 'GET', url, { cookie: admin, host: ACME_HOST })).statusCode);
    }
  });
});
