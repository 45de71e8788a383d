import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import type { ProductCard } from '../../../shared/catalog';
import { CHECKOUT_HOLD_TEXT, CHECKOUT_START_HOLD_MINUTES, MAX_UNPAID_CHECKOUTS, RESERVATION_MINUTES } from '../../../shared/cart';
import { releaseExpiredReservations } from './reservation-sweeper';
import { appWithPayments } from '../../test/app-with-payments';
import { StripeProvider } from '../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe';

// Issue 24 item 5 (decision 033): one address held all 10 units of a product for 30 minutes with 10
// unpaid checkouts. Now a checkout holds stock for a short while until the shopper reaches the
// payment page, an address and an account hold only a few unpaid checkouts at once, and a newer
// checkout of the same cart always gives the older hold back. Through the HTTP layer, both databases.

let t: TestApp;
let product: ProductCard;
type Browser = ReturnType<typeof shopper>;

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
const form = { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true };
const minutes = (n: number) => n * 60_000;

async function stock() {
  return rowsOf<{ stock_quantity: number; reserved_quantity: number }>(
    await t.database.db.execute(sql`select stock_quantity, reserved_quantity from products where id = ${product.id}::uuid`),
  )[0];
}
async function orderRow(orderNumber: string) {
  return rowsOf<{ status: string; payment_status: string; reservation_state: string; placed_at: Date | string; reservation_expires_at: Date | string; checkout_address: string | null }>(
    await t.database.db.execute(sql`select status, payment_status, reservation_state, placed_at, reservation_expires_at, checkout_address from orders where order_number = ${orderNumber}`),
  )[0];
}
/** Minutes the order's hold runs past its checkout. */
async function holdMinutes(orderNumber: string) {
  const row = await orderRow(orderNumber);
  return (new Date(row.reservation_expires_at).getTime() - new Date(row.placed_at).getTime()) / 60_000;
}
const ordersCount = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from orders`))[0].n;

async function addToCart(s: Browser, quantity = 1) {
  expect((await s.send('POST', '/api/cart/items', { product_id: product.id, quantity })).statusCode).toBe(200);
}
const checkout = (s: Browser) => s.send('POST', '/api/checkout', form);
async function checkedOut(s: Browser, quantity = 1) {
  await addToCart(s, quantity);
  const res = await checkout(s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_number: string; session_id: string; url: string };
}
async function pay(sessionId: string) {
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
}

/** A 429 for too many unpaid checkouts: the message, and a Retry-After no later than the longest hold. */
function expectTooManyHolds(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RESERVATION_MINUTES * 60);
  return retryAfter;
}

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  product = items.find((p) => !p.has_variants && p.in_stock)!;
});
beforeEach(async () => {
  // Every test starts with 10 units and no checkout holding any.
  await t.database.db.execute(sql`update orders set reservation_state = 'released', status = 'cancelled', payment_status = 'expired' where reservation_state = 'held'`);
  await t.database.db.execute(sql`update products set stock_quantity = 10, reserved_quantity = 0, track_inventory = true where id = ${product.id}::uuid`);
});

describe('the hold before and after the payment page', () => {
  it(`holds ${CHECKOUT_START_HOLD_MINUTES} minutes until the store's payment page is opened, then ${RESERVATION_MINUTES}; the provider's session lasts the full time`, async () => {
    const s = shopper(t.app);
    const { order_number, session_id, url } = await checkedOut(s, 2);
    expect(url).toBe(`http://demo.localhost:3000/checkout/payment/${session_id}`);
    expect(await holdMinutes(order_number)).toBeCloseTo(CHECKOUT_START_HOLD_MINUTES, 1);
    const session = t.payments.sessions.find((x) => x.sessionId === session_id)!;
    const placed = new Date((await orderRow(order_number)).placed_at).getTime();
    expect(session.expiresAt.getTime() - placed).toBeCloseTo(minutes(RESERVATION_MINUTES), -3);

    // The browser follows the answer's url: the store's page sends it on to the provider's.
    const reached = await s.send('GET', new URL(url).pathname);
    expect(reached.statusCode).toBe(303);
    expect(reached.headers.location).toBe(`https://pay.example/${session_id}`);
    expect(reached.headers['cache-control']).toBe('no-store');
    expect(await holdMinutes(order_number)).toBeCloseTo(RESERVATION_MINUTES, 1);
    // Opening it again changes nothing; nor does stock: the same 2 units are held.
    expect((await s.send('GET', new URL(url).pathname)).headers.location).toBe(`https://pay.example/${session_id}`);
    expect(await holdMinutes(order_number)).toBeCloseTo(RESERVATION_MINUTES, 1);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 2 });
  });

  it("another store's host, an unknown session or a malformed one go back to the cart and change nothing", async () => {
    const s = shopper(t.app);
    const { order_number, session_id } = await checkedOut(s);
    for (const [host, path] of [[ACME_HOST, `/checkout/payment/${session_id}`], [DEMO_HOST, '/checkout/payment/cs_fake_unknown'], [DEMO_HOST, '/checkout/payment/%00']]) {
      const res = await call(t.app, 'GET', path, { host });
      if (path.endsWith('%00')) expect(res.statusCode).toBe(400);
      else expect([res.statusCode, res.headers.location], `${host} ${path}`).toEqual([303, '/cart']);
    }
    // Longer than any route parameter: the store's page for an unknown address, never an error.
    expect((await call(t.app, 'GET', `/checkout/payment/${'x'.repeat(400)}`)).statusCode).toBeLessThan(500);
    expect(await holdMinutes(order_number)).toBeCloseTo(CHECKOUT_START_HOLD_MINUTES, 1);
  });

  it(`a checkout that never reaches the payment page gives its stock back after ${CHECKOUT_START_HOLD_MINUTES} minutes and its session is closed; one that did holds on`, async () => {
    const left = await checkedOut(shopper(t.app), 3);
    const payer = shopper(t.app);
    const paying = await checkedOut(payer, 2);
    await payer.send('GET', new URL(paying.url).pathname);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 5 });

    await releaseExpiredReservations(t.scopes, t.payments, new Date(Date.now() + minutes(CHECKOUT_START_HOLD_MINUTES + 1)));
    expect(await orderRow(left.order_number)).toMatchObject({ reservation_state: 'released', status: 'cancelled', payment_status: 'expired' });
    expect(t.payments.expired).toContain(left.session_id);
    expect((await orderRow(paying.order_number)).reservation_state).toBe('held');
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 2 });

    await releaseExpiredReservations(t.scopes, t.payments, new Date(Date.now() + minutes(RESERVATION_MINUTES + 1)));
    expect((await orderRow(paying.order_number)).reservation_state).toBe('released');
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 0 });
  });

  it('a hold that has already lapsed is not revived by opening the page late', async () => {
    const s = shopper(t.app);
    const { order_number, url } = await checkedOut(s);
    await t.database.db.execute(sql`update orders set reservation_expires_at = now() - interval '1 second' where order_number = ${order_number}`);
    expect((await s.send('GET', new URL(url).pathname)).statusCode).toBe(303);
    expect(new Date((await orderRow(order_number)).reservation_expires_at).getTime()).toBeLessThan(Date.now());
  });
});

describe('unpaid checkouts per address and per account', () => {
  it(`one address holds at most ${MAX_UNPAID_CHECKOUTS}: the next is 429 with Retry-After and holds nothing; other addresses buy the rest`, async () => {
    const hoarder = '203.0.113.66';
    for (let i = 0; i < MAX_UNPAID_CHECKOUTS; i++) await checkedOut(shopper(t.app, DEMO_HOST, hoarder));
    const before = await ordersCount();
    const extra = shopper(t.app, DEMO_HOST, hoarder);
    await addToCart(extra);
    const retryAfter = expectTooManyHolds(await checkout(extra), CHECKOUT_HOLD_TEXT.perAddress);
    // Until the first of the three short holds ends.
    expect(retryAfter).toBeLessThanOrEqual(CHECKOUT_START_HOLD_MINUTES * 60);
    expect(await ordersCount()).toBe(before);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: MAX_UNPAID_CHECKOUTS });
    // The rest of the stock is there for everyone else.
    for (let i = 0; i < 10 - MAX_UNPAID_CHECKOUTS; i++) await checkedOut(shopper(t.app));
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 10 });
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    for (let i = 1; i <= MAX_UNPAID_CHECKOUTS; i++) await checkedOut(shopper(t.app, DEMO_HOST, `2001:db8:5:6::${i}`));
    const sameLine = shopper(t.app, DEMO_HOST, '2001:db8:5:6:ffff::9');
    await addToCart(sameLine);
    expectTooManyHolds(await checkout(sameLine), CHECKOUT_HOLD_TEXT.perAddress);
    await checkedOut(shopper(t.app, DEMO_HOST, '2001:db8:5:7::1'));

    for (let i = 0; i < MAX_UNPAID_CHECKOUTS; i++) await checkedOut(shopper(t.app, DEMO_HOST, '192.0.2.77'));
    const mapped = shopper(t.app, DEMO_HOST, '::ffff:192.0.2.77');
    await addToCart(mapped);
    expectTooManyHolds(await checkout(mapped), CHECKOUT_HOLD_TEXT.perAddress);
  });

  it('a slot frees up when one of them is paid, cancelled or lapses', async () => {
    const busy = '203.0.113.67';
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_CHECKOUTS; i++) placed.push(await checkedOut(shopper(t.app, DEMO_HOST, busy)));
    const next = shopper(t.app, DEMO_HOST, busy);
    await addToCart(next);
    expect((await checkout(next)).statusCode).toBe(429);
    await pay(placed[0].session_id);
    expect((await checkout(next)).statusCode).toBe(200);
    const another = shopper(t.app, DEMO_HOST, busy);
    await addToCart(another);
    expect((await checkout(another)).statusCode).toBe(429);
    await t.database.db.execute(sql`update orders set reservation_expires_at = now() - interval '1 second' where order_number = ${placed[1].order_number}`);
    expect((await checkout(another)).statusCode).toBe(200);
  });

  it(`one signed-in account holds at most ${MAX_UNPAID_CHECKOUTS}, from any address; another store is counted apart`, async () => {
    const sid = (await signIn(t.app, 'shopper@demo.test')).slice('sid='.length);
    const browser = (host = DEMO_HOST) => {
      const s = shopper(t.app, host);
      s.jar.sid = sid;
      return s;
    };
    // One cart per account, so each browser takes the account's cart over: give each its own lines first.
    const checkouts = [];
    for (let i = 0; i < MAX_UNPAID_CHECKOUTS; i++) {
      await t.database.db.execute(sql`delete from carts where user_id = (select id from users where email = 'shopper@demo.test')`);
      checkouts.push(await checkedOut(browser()));
    }
    await t.database.db.execute(sql`delete from carts where user_id = (select id from users where email = 'shopper@demo.test')`);
    const fourth = browser();
    await addToCart(fourth);
    expectTooManyHolds(await checkout(fourth), CHECKOUT_HOLD_TEXT.perAccount);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: MAX_UNPAID_CHECKOUTS });
    // Acme's stock is Acme's: the account's checkouts there are counted there.
    const acmeItems = (await call(t.app, 'GET', '/api/products?limit=48', { host: ACME_HOST })).json().items as ProductCard[];
    const acme = browser(ACME_HOST);
    await acme.send('POST', '/api/cart/items', { product_id: acmeItems.find((p) => !p.has_variants && p.in_stock)!.id });
    expect((await acme.send('POST', '/api/checkout', form)).statusCode).toBe(200);
  });

  // Meaningful on PostgreSQL (PGlite runs one query at a time); it must hold on both.
  it('checkouts from one address at the same moment cannot slip past the limit', async () => {
    const browsers = Array.from({ length: 10 }, () => shopper(t.app, DEMO_HOST, '203.0.113.68'));
    for (const s of browsers) await addToCart(s);
    const results = await Promise.all(browsers.map(checkout));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_UNPAID_CHECKOUTS);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10 - MAX_UNPAID_CHECKOUTS);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: MAX_UNPAID_CHECKOUTS });
  });
});

describe('a newer checkout of the same cart', () => {
  it('gives the older hold back at once, and closes its payment session', async () => {
    const s = shopper(t.app);
    const first = await checkedOut(s, 2);
    await addToCart(s, 1); // the cart now holds 3
    const second = await checkout(s);
    expect(second.statusCode).toBe(200);
    expect(second.json().order_number).not.toBe(first.order_number);
    expect(await orderRow(first.order_number)).toMatchObject({ reservation_state: 'released', status: 'cancelled', payment_status: 'expired' });
    expect(t.payments.expired).toContain(first.session_id);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 3 });
  });

  it('an unchanged one answers the same order, held once', async () => {
    const s = shopper(t.app);
    const first = await checkedOut(s, 2);
    const again = await checkout(s);
    expect(again.json()).toEqual(first);
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 2 });
  });

  it('an unchanged one whose hold has lapsed (not yet swept) is replaced, never held twice', async () => {
    const s = shopper(t.app);
    const first = await checkedOut(s, 2);
    await t.database.db.execute(sql`update orders set reservation_expires_at = now() - interval '1 second' where order_number = ${first.order_number}`);
    const again = await checkout(s);
    expect(again.statusCode).toBe(200);
    expect(again.json().order_number).not.toBe(first.order_number);
    expect((await orderRow(first.order_number)).reservation_state).toBe('released');
    expect(await stock()).toEqual({ stock_quantity: 10, reserved_quantity: 2 });
    expect((await orderRow(again.json().order_number)).checkout_address).toBe(s.remoteAddress);
  });
});

describe('with Stripe Checkout (against the local fake Stripe)', () => {
  let fake: FakeStripe;
  let stripe: StripeProvider;
  let stripeApp: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new StripeProvider({ secretKey: 'sk_test_holds', webhookSecret: 'whsec_holds', apiBase: fake.url });
    stripeApp = await appWithPayments(t, stripe, 'holds-webhook-secret');
  });
  afterAll(async () => {
    await stripeApp?.close();
    await fake?.close();
  });

  it('the session lasts the 30 minutes Stripe requires; the store page sends the browser on to Stripe; a short hold that lapses expires its session', async () => {
    const payer = shopper(stripeApp);
    const paying = await checkedOut(payer);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(Number(created.form.get('expires_at')) * 1000).toBeGreaterThanOrEqual(Date.now() + minutes(RESERVATION_MINUTES - 1));
    const reached = await payer.send('GET', new URL(paying.url).pathname);
    expect([reached.statusCode, reached.headers.location]).toEqual([303, `https://checkout.stripe.test/c/pay/${paying.session_id}`]);
    expect(await holdMinutes(paying.order_number)).toBeCloseTo(RESERVATION_MINUTES, 1);

    const left = await checkedOut(shopper(stripeApp));
    await releaseExpiredReservations(t.scopes, stripe, new Date(Date.now() + minutes(CHECKOUT_START_HOLD_MINUTES + 1)));
    expect(fake.sessionObject(left.session_id).status).toBe('expired');
    expect((await orderRow(left.order_number)).reservation_state).toBe('released');
    expect(fake.sessionObject(paying.session_id).status).toBe('open');
    expect((await orderRow(paying.order_number)).reservation_state).toBe('held');
  });
});
