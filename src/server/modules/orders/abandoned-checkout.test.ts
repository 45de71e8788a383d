import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper as makeShopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import { PaymentSessionCompleteError } from '../../adapters/payments/errors';
import type { ProductCard } from '../../../shared/catalog';
import type { AdminOrderPage } from '../../../shared/admin-orders';
import type { DashboardKpis } from '../../../shared/dashboard';
import type { OrderSummary } from '../../../shared/orders';
import { CHECKOUT_START_HOLD_MINUTES } from '../../../shared/cart';
import { releaseExpiredReservations } from './reservation-sweeper';

// Issue 11 item 8: an abandoned checkout is not an order (decision 009). The shop's lists, counters and
// KPIs show paid orders only; the shopper sees their open checkout as awaiting payment with Pay now
// and Cancel; lapsed ones are cancelled by the sweeper, once, however many sweep.

let t: TestApp;
let product: ProductCard;
let admin: string;

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
const form = (email = 'ada@example.com') => ({ contact: { email }, shippingAddress: address, billingSameAsShipping: true });

async function setStock(quantity: number) {
  await t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = 0, track_inventory = true where id = ${product.id}::uuid`);
}
async function stock() {
  return rowsOf<{ stock_quantity: number; reserved_quantity: number }>(
    await t.database.db.execute(sql`select stock_quantity, reserved_quantity from products where id = ${product.id}::uuid`),
  )[0];
}
async function orderRow(orderNumber: string) {
  return rowsOf<{ id: string; status: string; payment_status: string; reservation_state: string }>(
    await t.database.db.execute(sql`select id, status, payment_status, reservation_state from orders where order_number = ${orderNumber}`),
  )[0];
}
async function eventTypes(orderNumber: string) {
  return rowsOf<{ type: string }>(
    await t.database.db.execute(sql`select e.type from order_events e join orders o on o.id = e.order_id where o.order_number = ${orderNumber} order by e.created_at`),
  ).map((e) => e.type);
}

/** A browser signed in as `email` on the demo store (cart and session cookies of its own). */
async function signedIn(email: string, host = DEMO_HOST) {
  const s = makeShopper(t.app, host);
  s.jar.sid = (await signIn(t.app, email, host)).slice('sid='.length);
  return s;
}

/** Checks out `quantity` of the product from this browser, leaving the order unpaid. */
async function startCheckout(s: ReturnType<typeof makeShopper>, quantity = 1, email?: string) {
  await s.send('POST', '/api/cart/items', { product_id: product.id, quantity });
  const res = await s.send('POST', '/api/checkout', form(email));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_number: string; session_id: string; url: string };
}

async function pay(sessionId: string) {
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).json().outcome).toBe('applied');
}

const adminOrders = async (query = '') => (await call(t.app, 'GET', `/api/admin/orders${query}`, { cookie: admin })).json() as AdminOrderPage;
const kpis = async () => (await call(t.app, 'GET', '/api/admin/dashboard/kpis', { cookie: admin })).json() as DashboardKpis;
const myOrders = async (s: ReturnType<typeof makeShopper>) => (await s.send('GET', '/api/account/orders')).json().orders as OrderSummary[];
const cancel = (s: ReturnType<typeof makeShopper>, orderNumber: string) => s.send('POST', `/api/account/orders/${orderNumber}/cancel`);

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  product = items.find((p) => !p.has_variants && p.in_stock && p.price < 50)!;
});
// Each test starts with no open checkouts and empty carts (a signed-in shopper's cart follows the account).
beforeEach(async () => {
  await t.database.db.execute(sql`update orders set reservation_state = 'released', status = 'cancelled', payment_status = 'expired' where reservation_state = 'held'`);
  await t.database.db.execute(sql`delete from cart_items`);
  await setStock(20);
});

describe('what the shop sees of a checkout', () => {
  it('an unpaid checkout is in no admin list, search, status filter, total or KPI; once paid it is a normal order everywhere', async () => {
    const listBefore = await adminOrders();
    const kpisBefore = await kpis();
    const s = await signedIn('shopper@demo.test');
    const { order_number, session_id } = await startCheckout(s, 2);

    const list = await adminOrders();
    expect(list.orders.map((o) => o.order_number)).not.toContain(order_number);
    expect(list.pagination.total).toBe(listBefore.pagination.total);
    expect((await adminOrders(`?search=${order_number}`)).orders).toEqual([]);
    expect((await adminOrders('?search=shopper')).orders.map((o) => o.order_number)).not.toContain(order_number);
    expect((await adminOrders('?status=pending')).pagination.total).toBe(0);
    const during = await kpis();
    expect([during.orders_last_30, during.revenue_last_30]).toEqual([kpisBefore.orders_last_30, kpisBefore.revenue_last_30]);

    await pay(session_id);
    const paid = await adminOrders();
    expect(paid.pagination.total).toBe(listBefore.pagination.total + 1);
    expect(paid.orders[0]).toMatchObject({ order_number, status: 'confirmed', payment_status: 'paid' });
    expect((await kpis()).orders_last_30).toBe(kpisBefore.orders_last_30 + 1);
  });

  it('a checkout the sweeper cancelled never reaches the admin either', async () => {
    const before = (await adminOrders()).pagination.total;
    const { order_number } = await startCheckout(makeShopper(t.app), 1);
    await releaseExpiredReservations(t.scopes, t.payments, new Date(Date.now() + 31 * 60_000));
    expect((await orderRow(order_number)).status).toBe('cancelled');
    expect((await adminOrders()).pagination.total).toBe(before);
    expect((await adminOrders('?status=cancelled')).orders.map((o) => o.order_number)).not.toContain(order_number);
  });
});

describe('My orders', () => {
  it('shows an open checkout as awaiting payment with where to pay and until when; an ended one is gone', async () => {
    const s = await signedIn('shopper@demo.test');
    const { order_number, url } = await startCheckout(s, 1);
    const mine = (await myOrders(s)).find((o) => o.order_number === order_number)!;
    // Pay now leads through the store's own payment page, as the checkout's answer did (decision 033).
    expect(mine).toMatchObject({ status: 'pending', payment_status: 'unpaid', payment_url: new URL(url).pathname });
    // Held briefly until the payment page is reached, then for the full time.
    expect(new Date(mine.pay_by!).getTime()).toBeLessThan(Date.now() + (CHECKOUT_START_HOLD_MINUTES + 1) * 60_000);
    expect((await s.send('GET', mine.payment_url!)).statusCode).toBe(303);
    const reached = (await myOrders(s)).find((o) => o.order_number === order_number)!;
    expect(new Date(reached.pay_by!).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);

    // The session lapses: the sweeper cancels it and My orders no longer lists it.
    await releaseExpiredReservations(t.scopes, t.payments, new Date(Date.now() + 31 * 60_000));
    expect((await myOrders(s)).map((o) => o.order_number)).not.toContain(order_number);
    // The success page's lookup still finds it, to say it was not paid.
    const looked = (await s.send('GET', `/api/orders/public-lookup?order_number=${order_number}`)).json().order as OrderSummary;
    expect(looked).toMatchObject({ status: 'cancelled', payment_status: 'expired', payment_url: null, pay_by: null });
  });

  it('a paid order shows with no Pay now', async () => {
    const s = await signedIn('shopper@demo.test');
    const { order_number, session_id } = await startCheckout(s, 1);
    await pay(session_id);
    expect((await myOrders(s)).find((o) => o.order_number === order_number)).toMatchObject({ status: 'confirmed', payment_url: null, pay_by: null });
  });
});

describe('Cancel from My orders', () => {
  it('cancels the shopper’s own open checkout: stock released exactly once, session closed, timeline says who', async () => {
    const s = await signedIn('shopper@demo.test');
    const other = await startCheckout(makeShopper(t.app), 3); // another hold on the same stock
    const { order_number, session_id } = await startCheckout(s, 4);
    expect(await stock()).toEqual({ stock_quantity: 20, reserved_quantity: 7 });

    const res = await cancel(s, order_number.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Order ${order_number} has been cancelled. You have not been charged.`);
    expect(await stock()).toEqual({ stock_quantity: 20, reserved_quantity: 3 });
    expect(await orderRow(order_number)).toMatchObject({ status: 'cancelled', payment_status: 'expired', reservation_state: 'released' });
    expect(t.payments.expired).toContain(session_id);
    expect((await eventTypes(order_number)).at(-1)).toBe('cancelled_by_customer');
    expect((await myOrders(s)).map((o) => o.order_number)).not.toContain(order_number);

    // Again: refused, and nothing is given back twice.
    const again = await cancel(s, order_number);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is no longer awaiting payment.');
    expect(await stock()).toEqual({ stock_quantity: 20, reserved_quantity: 3 });
    expect((await orderRow(other.order_number)).reservation_state).toBe('held');
  });

  it('ten cancels at once release the stock once', async () => {
    const s = await signedIn('shopper@demo.test');
    await startCheckout(makeShopper(t.app), 2);
    const { order_number } = await startCheckout(s, 5);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(s, order_number)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await stock()).toEqual({ stock_quantity: 20, reserved_quantity: 2 });
    expect((await eventTypes(order_number)).filter((e) => e === 'cancelled_by_customer')).toHaveLength(1);
  });

  it('is 401 signed out and the same 404 for another shopper’s order, another store, or no such order', async () => {
    const s = await signedIn('shopper@demo.test');
    const { order_number } = await startCheckout(s, 1);
    expect((await call(t.app, 'POST', `/api/account/orders/${order_number}/cancel`)).statusCode).toBe(401);
    const stranger = await signedIn('admin@acme.test');
    const notFound = await cancel(stranger, order_number);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.message).toBe('Order not found');
    const elsewhere = await signedIn('shopper@demo.test', ACME_HOST);
    expect((await cancel(elsewhere, order_number)).statusCode).toBe(404);
    expect((await cancel(s, 'ZZZZ-ZZZZ')).statusCode).toBe(404);
    // A guest checkout (no account) is cancelled by its pay page, never through this route.
    const guest = await startCheckout(makeShopper(t.app), 1);
    expect((await cancel(s, guest.order_number)).statusCode).toBe(404);
    expect(await orderRow(order_number)).toMatchObject({ status: 'pending', reservation_state: 'held' });
    expect((await stock()).reserved_quantity).toBe(2);
  });

  it('a paid order, or one whose payment arrives as it is cancelled, is not cancelled', async () => {
    const s = await signedIn('shopper@demo.test');
    const paid = await startCheckout(s, 1);
    await pay(paid.session_id);
    const refused = await cancel(s, paid.order_number);
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(paid.order_number)).status).toBe('confirmed');

    await t.database.db.execute(sql`delete from cart_items`);
    const racing = await startCheckout(s, 2);
    const expire = t.payments.expireSession;
    t.payments.expireSession = async (id: string) => {
      throw new PaymentSessionCompleteError(id);
    };
    try {
      const res = await cancel(s, racing.order_number);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Your payment has just arrived, so this order was not cancelled.');
    } finally {
      t.payments.expireSession = expire;
    }
    expect(await orderRow(racing.order_number)).toMatchObject({ status: 'pending', reservation_state: 'held' });
  });
});

describe('the reservation sweeper', () => {
  it('cancels lapsed checkouts (cancelled, expired, stock released), leaves paid and open ones, and a second sweep does nothing', async () => {
    const lapsed = await startCheckout(makeShopper(t.app), 3);
    const paid = await startCheckout(makeShopper(t.app), 1);
    await pay(paid.session_id);
    const later = new Date(Date.now() + 31 * 60_000);
    const open = await startCheckout(makeShopper(t.app), 2);
    await t.database.db.execute(sql`update orders set reservation_expires_at = ${new Date(later.getTime() + 60 * 60_000).toISOString()}::timestamptz where order_number = ${open.order_number}`);
    expect(await stock()).toEqual({ stock_quantity: 19, reserved_quantity: 5 });

    expect(await releaseExpiredReservations(t.scopes, t.payments, later)).toBe(1);
    expect(await orderRow(lapsed.order_number)).toMatchObject({ status: 'cancelled', payment_status: 'expired', reservation_state: 'released' });
    expect(await orderRow(paid.order_number)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await orderRow(open.order_number)).toMatchObject({ status: 'pending', reservation_state: 'held' });
    expect(await stock()).toEqual({ stock_quantity: 19, reserved_quantity: 2 });
    expect(t.payments.expired).toContain(lapsed.session_id);

    expect(await releaseExpiredReservations(t.scopes, t.payments, later)).toBe(0);
    expect(await stock()).toEqual({ stock_quantity: 19, reserved_quantity: 2 });
    expect((await eventTypes(lapsed.order_number)).filter((e) => e === 'payment_expired')).toHaveLength(1);
  });

  it('several sweepers at once release each lapsed checkout exactly once', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await startCheckout(makeShopper(t.app), 2));
    const keep = await startCheckout(makeShopper(t.app), 1);
    await t.database.db.execute(sql`update orders set reservation_expires_at = now() + interval '2 hours' where order_number = ${keep.order_number}`);
    expect((await stock()).reserved_quantity).toBe(9);
    const later = new Date(Date.now() + 31 * 60_000);
    const counts = await Promise.all(Array.from({ length: 4 }, () => releaseExpiredReservations(t.scopes, t.payments, later)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await stock()).toEqual({ stock_quantity: 20, reserved_quantity: 1 });
    for (const o of orders) expect((await eventTypes(o.order_number)).filter((e) => e === 'payment_expired')).toHaveLength(1);
  });
});
