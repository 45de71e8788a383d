import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import type { ProductCard } from '../../../shared/catalog';
import type { Cart } from '../../../shared/cart';
import { rowsOf } from '../../db/rows';
import { shopper as makeShopper } from '../../test/shopper';
import { releaseExpiredReservations } from './reservation-sweeper';

let t: TestApp;
let simple: ProductCard;

const shopper = (host = DEMO_HOST) => makeShopper(t.app, host);

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'sw1a1aa' };
const form = (extra: Record<string, unknown> = {}) => ({ contact: { email: 'Ada@Example.com' }, shippingAddress: address, billingSameAsShipping: true, ...extra });

/** Stock of a product straight from the database (as the superuser test connection sees it). */
async function stockOf(productId: string) {
  const rows = rowsOf<{ stock_quantity: number; reserved_quantity: number }>(
    await t.database.db.execute(sql`select stock_quantity, reserved_quantity from products where id = ${productId}::uuid`),
  );
  return rows[0];
}

async function setStock(productId: string, quantity: number) {
  await t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = 0, track_inventory = true where id = ${productId}::uuid`);
}

async function webhook(sessionId: string, type: 'checkout.completed' | 'checkout.expired', overrides = {}) {
  const { payload, headers } = t.payments.webhook(sessionId, type, overrides);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload });
}

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  simple = items.find((p) => !p.has_variants && p.in_stock && p.price < 50)!;
});
beforeEach(async () => setStock(simple.id, 10));

describe('checkout', () => {
  it('refuses an empty cart', async () => {
    const res = await shopper().send('POST', '/api/checkout', form());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Your cart is empty');
  });

  it('validates the contact and address with a message per field, writing nothing', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const res = await s.send('POST', '/api/checkout', { contact: { email: 'nope' }, shippingAddress: { ...address, first_name: ' ', postcode: 'XYZ', country: 'FR' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'contact.email': 'Enter a valid email address',
      'shippingAddress.first_name': 'First name is required',
      'shippingAddress.postcode': 'Enter a valid UK postcode',
      'shippingAddress.country': 'We deliver to UK addresses only',
    });
    expect((await stockOf(simple.id)).reserved_quantity).toBe(0);
  });

  it('ignores amounts the client sends, holds the stock and opens a payment session for the real total', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    const cart = (await s.send('GET', '/api/cart')).json().cart as Cart;
    const res = await s.send('POST', '/api/checkout', form({ items: [{ product_id: simple.id, name: 'x', amount: 1, quantity: 2, currency: 'gbp' }] }));
    expect(res.statusCode, res.body).toBe(200);
    const { url, order_number, session_id } = res.json();
    expect(url).toContain(session_id);
    expect(order_number).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const session = t.payments.sessions.find((x) => x.sessionId === session_id)!;
    expect(session.amountTotal).toBe(Math.round(cart.total * 100));
    expect(session.lines).toEqual([{ name: simple.name, quantity: 2, unit_amount: Math.round(cart.items[0].unit_price * 100) }]);
    expect(session.successUrl).toBe('http://demo.localhost:3000/order/success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancelUrl).toBe('http://demo.localhost:3000/cart');
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 10, reserved_quantity: 2 });
    const lookup = (await s.send('GET', `/api/orders/public-lookup?session_id=${session_id}`)).json().order;
    expect(lookup).toMatchObject({ order_number, status: 'pending', payment_status: 'unpaid', total_amount: cart.total });
  });

  it('answers 409 naming the lines when stock is short, holding nothing', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    // The cart refuses more than there is (cart.test.ts); stock falls after the shopper added them.
    await setStock(simple.id, 1);
    const res = await s.send('POST', '/api/checkout', form());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('out_of_stock');
    expect(res.json().error.message).toContain(simple.name);
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 1, reserved_quantity: 0 });
  });

  it('gives one order when the same cart is checked out twice at once', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const [a, b] = await Promise.all([s.send('POST', '/api/checkout', form()), s.send('POST', '/api/checkout', form())]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().order_number).toBe(b.json().order_number);
    expect((await stockOf(simple.id)).reserved_quantity).toBe(1);
  });

  // Meaningful on PostgreSQL (PGlite runs one query at a time); it must hold on both.
  it('never sells more than there is: stock 10, 100 shoppers checking out one each at once', async () => {
    const shoppers = Array.from({ length: 100 }, () => shopper());
    for (const s of shoppers) await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const results = await Promise.all(shoppers.map((s) => s.send('POST', '/api/checkout', form())));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(90);
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 10, reserved_quantity: 10 });
  });

  it('on payment: paid, stock sold through the ledger, cart emptied; a repeated webhook does nothing', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 3 });
    const { session_id, order_number } = (await s.send('POST', '/api/checkout', form())).json();
    const { payload, headers } = t.payments.webhook(session_id, 'checkout.completed');
    const send = () => t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: 'localhost:3000' }, payload });
    expect((await send()).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await send()).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 7, reserved_quantity: 0 });
    const ledger = rowsOf<{ change: number; reason: string; resulting_quantity: number }>(
      await t.database.db.execute(sql`select change, reason, resulting_quantity from stock_movements where product_id = ${simple.id}::uuid`),
    );
    expect(ledger).toEqual([{ change: -3, reason: 'sale', resulting_quantity: 7 }]);
    expect((await s.send('GET', '/api/cart')).json().cart.items).toEqual([]);
    const mail = rowsOf<{ to_address: string; subject: string; text: string; kind: string; status: string }>(
      await t.database.db.execute(sql`select to_address, subject, text, kind, status from email_messages where subject like ${`%${order_number}%`}`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: 'ada@example.com', kind: 'order_confirmation', status: 'stored' });
    expect(mail[0].text).toContain(simple.name);
    const order = (await s.send('GET', `/api/orders/public-lookup?order_number=${order_number}`)).json().order;
    expect(order).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('selling the last unit shows the product out of stock at once, cache or not', async () => {
    await setStock(simple.id, 1);
    const before = (await call(t.app, 'GET', `/api/products/by-slug/${simple.slug}`)).json().product;
    expect(before.in_stock).toBe(true);
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const { session_id } = (await s.send('POST', '/api/checkout', form())).json();
    await webhook(session_id, 'checkout.completed');
    expect((await call(t.app, 'GET', `/api/products/by-slug/${simple.slug}`)).json().product.in_stock).toBe(false);
  });

  it('the same signed webhook sent 10 times at once has one effect', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    const { session_id, order_number } = (await s.send('POST', '/api/checkout', form())).json();
    const { payload, headers } = t.payments.webhook(session_id, 'checkout.completed');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 8, reserved_quantity: 0 });
    const mails = rowsOf(await t.database.db.execute(sql`select id from email_messages where subject like ${`%${order_number}%`}`));
    expect(mails).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature; refunds a payment whose amount does not match, leaving the order unpaid', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const { session_id } = (await s.send('POST', '/api/checkout', form())).json();
    const { payload, headers } = t.payments.webhook(session_id, 'checkout.completed');
    const forged = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, 'x-fake-signature': 'ab'.repeat(32), host: DEMO_HOST }, payload });
    expect(forged.statusCode).toBe(400);
    expect((await webhook(session_id, 'checkout.completed', { amountTotal: 1 })).json().outcome).toBe('refunded');
    expect((await s.send('GET', `/api/orders/public-lookup?session_id=${session_id}`)).json().order.payment_status).toBe('unpaid');
    // The pence taken that the order does not keep go back to the payer (decision 029).
    expect(t.payments.refundCalls.filter((c) => c.sessionId === session_id)).toMatchObject([{ amount: 1 }]);
  });

  it('an expired session gives the stock back and leaves the cart as it was', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    const { session_id } = (await s.send('POST', '/api/checkout', form())).json();
    expect((await stockOf(simple.id)).reserved_quantity).toBe(2);
    await webhook(session_id, 'checkout.expired');
    expect(await stockOf(simple.id)).toEqual({ stock_quantity: 10, reserved_quantity: 0 });
    expect((await s.send('GET', '/api/cart')).json().cart.item_count).toBe(2);
  });

  it('abandoned holds lapse on their own', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 4 });
    const { session_id } = (await s.send('POST', '/api/checkout', form())).json();
    expect(await releaseExpiredReservations(t.scopes, t.payments, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await stockOf(simple.id)).reserved_quantity).toBe(0);
    expect(t.payments.expired).toContain(session_id);
  });

  it('a provider failure is a clear 502 and releases the hold', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    t.payments.failNext = true;
    const res = await s.send('POST', '/api/checkout', form());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('We could not reach the payment provider. Please try again.');
    expect((await stockOf(simple.id)).reserved_quantity).toBe(0);
  });
});

describe('finding an order', () => {
  it('1,000 guessed order numbers disclose nothing', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    await s.send('POST', '/api/checkout', form());
    const { newOrderNumber } = await import('./checkout-service');
    const guesses = Array.from({ length: 1000 }, () => newOrderNumber());
    const stranger = shopper();
    for (let i = 0; i < guesses.length; i += 100) {
      const answers = await Promise.all(guesses.slice(i, i + 100).map((n) => stranger.send('GET', `/api/orders/public-lookup?order_number=${n}`)));
      for (const a of answers) {
        expect(a.statusCode).toBe(404);
        expect(a.json().error.message).toBe('Order not found');
      }
    }
  }, 120_000);

  it('by number only from the browser that placed it or the account that owns it; by session for anyone', async () => {
    const placer = shopper();
    await placer.send('POST', '/api/cart/items', { product_id: simple.id });
    const { order_number, session_id } = (await placer.send('POST', '/api/checkout', form())).json();
    expect((await placer.send('GET', `/api/orders/public-lookup?order_number=${order_number}`)).statusCode).toBe(200);
    const stranger = shopper();
    expect((await stranger.send('GET', `/api/orders/public-lookup?order_number=${order_number}`)).statusCode).toBe(404);
    expect((await stranger.send('GET', `/api/orders/public-lookup?session_id=${session_id}`)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/orders/public-lookup?session_id=${session_id}`, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await stranger.send('GET', '/api/orders/public-lookup?session_id=cs_nope')).statusCode).toBe(404);
  });

  it("lists a signed-in customer's own orders, and asks others to sign in", async () => {
    expect((await call(t.app, 'GET', '/api/account/orders')).statusCode).toBe(401);
    const s = shopper();
    s.jar.sid = (await signIn(t.app, 'shopper@demo.test')).slice('sid='.length);
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const { order_number } = (await s.send('POST', '/api/checkout', form())).json();
    const mine = (await s.send('GET', '/api/account/orders')).json().orders;
    expect(mine.map((o: { order_number: string }) => o.order_number)).toContain(order_number);
    expect(mine[0].order_items[0]).toMatchObject({ product_name: simple.name, quantity: 1 });
    const admin = await signIn(t.app, 'admin@demo.test');
    const theirs = (await call(t.app, 'GET', '/api/account/orders', { cookie: admin })).json().orders;
    expect(theirs.map((o: { order_number: string }) => o.order_number)).not.toContain(order_number);
  });
});

describe('verified purchase', () => {
  it('marks a review verified only when a paid order of this store with that email holds the product', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const { session_id } = (await s.send('POST', '/api/checkout', form({ contact: { email: 'buyer@example.com' } }))).json();
    await webhook(session_id, 'checkout.completed');
    const admin = await signIn(t.app, 'admin@demo.test');
    for (const [email, ip] of [['Buyer@Example.com', '10.9.0.1'], ['browser@example.com', '10.9.0.2']]) {
      const posted = await call(t.app, 'POST', `/api/products/${simple.id}/reviews`, { body: { rating: 5, title: 'Good', body: 'Really good', customer_email: email }, remoteAddress: ip });
      await call(t.app, 'PATCH', `/api/admin/reviews/${posted.json().review.id}`, { cookie: admin, body: { status: 'approved' } });
    }
    const reviews = (await call(t.app, 'GET', `/api/products/${simple.id}/reviews`)).json().reviews as { customer_email: string; verified_purchase: boolean }[];
    expect(reviews.find((r) => r.customer_email.toLowerCase().startsWith('bu'))?.verified_purchase).toBe(true);
    expect(reviews.find((r) => r.customer_email.startsWith('br'))?.verified_purchase).toBe(false);
  });
});

describe('claiming earlier orders', () => {
  it('links guest orders only after the emailed link is opened by the account that asked', async () => {
    const guest = shopper();
    await guest.send('POST', '/api/cart/items', { product_id: simple.id });
    const { order_number } = (await guest.send('POST', '/api/checkout', form({ contact: { email: 'guest@example.com' } }))).json();
    const me = await signIn(t.app, 'shopper@demo.test');
    const empty = await call(t.app, 'POST', '/api/account/claim-orders', { cookie: me, body: { email: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.email).toBe('Please enter your email address');
    expect((await call(t.app, 'POST', '/api/account/claim-orders', { body: { email: 'guest@example.com' } })).statusCode).toBe(401);
    const asked = await call(t.app, 'POST', '/api/account/claim-orders', { cookie: me, body: { email: '  Guest@Example.com ' } });
    expect(asked.statusCode).toBe(200);
    // Nothing is linked on an unverified email.
    const before = (await call(t.app, 'GET', '/api/account/orders', { cookie: me })).json().orders as { order_number: string }[];
    expect(before.map((o) => o.order_number)).not.toContain(order_number);
    const mail = rowsOf<{ to_address: string; text: string }>(await t.database.db.execute(sql`select to_address, text from email_messages where kind = 'order_claim'`));
    expect(mail.map((m) => m.to_address)).toEqual(['guest@example.com']);
    const token = decodeURIComponent(/claim=([^\s)]+)/.exec(mail[0].text)![1]);
    const other = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'POST', '/api/account/claim-orders/confirm', { cookie: other, body: { token } })).statusCode).toBe(400);
    const confirmed = await call(t.app, 'POST', '/api/account/claim-orders/confirm', { cookie: me, body: { token } });
    expect(confirmed.json()).toMatchObject({ claimed: 1, message: 'Orders claimed successfully!' });
    const after = (await call(t.app, 'GET', '/api/account/orders', { cookie: me })).json().orders as { order_number: string }[];
    expect(after.map((o) => o.order_number)).toContain(order_number);
    expect((await call(t.app, 'POST', '/api/account/claim-orders/confirm', { cookie: me, body: { token } })).statusCode).toBe(400);
  });
});

describe("paying into the store's own account (issue 13)", () => {
  const accountOf = async (tenant: 'demo' | 'acme') =>
    rowsOf<{ account_ref: string }>(await t.database.db.execute(sql`select account_ref from payment_accounts where tenant_id = ${t.seed.tenantIds[tenant]}::uuid`))[0]?.account_ref ?? null;
  async function checkoutOnce() {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const res = await s.send('POST', '/api/checkout', form());
    expect(res.statusCode, res.body).toBe(200);
    const session = t.payments.sessions.find((x) => x.sessionId === res.json().session_id)!;
    const [order] = rowsOf<{ payment_destination: string | null }>(await t.database.db.execute(sql`select payment_destination from orders where order_number = ${res.json().order_number}`));
    return { session, order };
  }

  it('sends the connected account as the destination when it is ready', async () => {
    const ref = await accountOf('demo');
    expect(ref).toMatch(/^acct_test_/);
    const { session, order } = await checkoutOnce();
    expect(session.destinationAccount).toBe(ref);
    expect(order.payment_destination).toBe(ref);
  });

  it('keeps paying into the platform account while it is not ready, or when there is none', async () => {
    await t.database.db.execute(sql`update payment_accounts set charges_enabled = false where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
    const notReady = await checkoutOnce();
    expect(notReady.session.destinationAccount).toBeNull();
    expect(notReady.order.payment_destination).toBeNull();
    await t.database.db.execute(sql`delete from payment_accounts where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
    expect((await checkoutOnce()).session.destinationAccount).toBeNull();
  });
});
