import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper as makeShopper } from '../../../test/shopper';
import { rowsOf } from '../../../db/rows';
import { escapeHtml } from '../../../../shared/html-escape';
import type { ProductCard } from '../../../../shared/catalog';
import type { DashboardKpis } from '../../../../shared/dashboard';
import { CHECKOUT_RECOVERY_TEXT, UNSUBSCRIBE_TEXT } from '../../../../shared/checkout-recovery';
import { requiredVariableMessage } from '../../../../shared/email-settings';
import type { CheckoutRecoverySettingsView } from '../../../../shared/checkout-recovery-schemas';
import { CHECKOUT_RECOVERY_TASK, sendDueRecoveries } from './send';
import { eraseCustomerOrders } from '../customer-data';

// Issue 28 item 6 (decision 048): one email, a set number of hours after a checkout was left unpaid,
// with a link that restores the cart on the store's host and an unsubscribe link honoured afterwards;
// never when the shopper paid meanwhile or unsubscribed. Checkouts are made through the API, then made
// old enough by moving placed_at back, as the job's clock would find them hours later.

let t: TestApp;
let admin: string;
let products: ProductCard[];
const SETTINGS = '/api/admin/settings/checkout-recovery';
const HOUR = 60 * 60 * 1000;
const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
type Shopper = ReturnType<typeof makeShopper>;

const send = () => sendDueRecoveries({ scopes: t.scopes, email: t.app.deps.email, hourMs: HOUR });
const setting = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', SETTINGS, { cookie, host, body });

interface Mail { id: string; to_address: string; subject: string; html: string; text: string; order_id: string | null; order_number: string | null; unsubscribe_url: string | null }
const recoveryMails = async (): Promise<Mail[]> =>
  rowsOf<Mail>(await t.database.db.execute(sql`select id, to_address, subject, html, text, order_id, order_number, unsubscribe_url from email_messages where kind = 'checkout_recovery' order by created_at, id`));

async function recoveryOf(orderNumber: string) {
  return rowsOf<{ sent_at: Date | null; skipped: string | null; restored_at: Date | null; restored_cart_id: string | null; recovered_order_id: string | null; recovered_total: number | null; token_hash: string | null }>(
    await t.database.db.execute(sql`select r.* from checkout_recoveries r join orders o on o.id = r.order_id where o.order_number = ${orderNumber}`),
  )[0];
}

/** This browser puts `lines` in its cart and checks out with `email`, leaving the order unpaid. */
async function checkout(s: Shopper, email: string, lines: [ProductCard, number][] = [[products[0], 1]]) {
  for (const [product, quantity] of lines) expect((await s.send('POST', '/api/cart/items', { product_id: product.id, quantity })).statusCode).toBe(200);
  const res = await s.send('POST', '/api/checkout', { contact: { email }, shippingAddress: address, billingSameAsShipping: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_number: string; session_id: string };
}

/** Moves a checkout back in time, as if it was placed `hours` ago; its hold lapsed and was released. */
async function age(orderNumber: string, hours: number, released = true) {
  await t.database.db.execute(sql`update orders set placed_at = now() - make_interval(secs => ${hours * 3600})${released ? sql`, reservation_state = 'released', status = 'cancelled', payment_status = 'expired'` : sql``} where order_number = ${orderNumber}`);
}

/** A checkout left `hours` ago by a new browser. */
async function abandoned(email: string, hours = 5, lines?: [ProductCard, number][]) {
  const s = makeShopper(t.app);
  const placed = await checkout(s, email, lines);
  await age(placed.order_number, hours);
  return { s, ...placed };
}

async function pay(sessionId: string, host = DEMO_HOST) {
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host }, payload });
  expect(res.json().outcome).toBe('applied');
}

/** The two links of a recovery email, from its plain-text part. */
function linksOf(mail: Mail) {
  const cart = mail.text.match(/http:\/\/[^\s]+\/cart\/restore\?token=[A-Za-z0-9_%-]+/)?.[0];
  const unsubscribe = mail.text.match(/http:\/\/[^\s]+\/email\/unsubscribe\?token=[A-Za-z0-9_%-]+/)?.[0];
  expect(cart, mail.text).toBeTruthy();
  expect(unsubscribe, mail.text).toBeTruthy();
  return { cart: new URL(cart!), unsubscribe: new URL(unsubscribe!) };
}

const restore = (s: Shopper, link: URL) => s.send('GET', `${link.pathname}${link.search}`);

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  products = items.filter((p) => !p.has_variants && p.in_stock && p.price < 100).slice(0, 3);
  expect(products).toHaveLength(3);
  await t.database.db.execute(sql`update products set stock_quantity = 500, track_inventory = true where id in (${sql.join(products.map((p) => sql`${p.id}::uuid`), sql`, `)})`);
});

beforeEach(async () => {
  await t.database.db.execute(sql`delete from checkout_recoveries`);
  await t.database.db.execute(sql`delete from email_messages where kind = 'checkout_recovery'`);
  await t.database.db.execute(sql`delete from email_unsubscribes`);
  // Earlier tests' checkouts are long gone: older than any reminder window.
  await t.database.db.execute(sql`update orders set placed_at = now() - interval '30 days' where paid_at is null`);
  expect((await setting({ enabled: true, send_after_hours: 4 })).statusCode).toBe(200);
});

describe('which checkouts get the email', () => {
  it('one email for a checkout left longer ago than the setting says, and never a second', async () => {
    const due = await abandoned('due@example.com', 5);
    const early = await abandoned('early@example.com', 3);
    expect(await send()).toBe(1);
    expect((await recoveryMails()).map((m) => [m.to_address, m.order_number])).toEqual([['due@example.com', due.order_number]]);
    expect(await send()).toBe(0);
    expect(await recoveryOf(early.order_number)).toBeUndefined();
    // An hour on, the second is due and gets its one email.
    await age(early.order_number, 4.5);
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    expect((await recoveryMails()).map((m) => m.to_address).sort()).toEqual(['due@example.com', 'early@example.com']);
  });

  it('a checkout still holding its stock is due too, and the hours follow the setting', async () => {
    expect((await setting({ enabled: true, send_after_hours: 1 })).statusCode).toBe(200);
    const s = makeShopper(t.app);
    const placed = await checkout(s, 'held@example.com');
    await age(placed.order_number, 1.5, false);
    expect(await send()).toBe(1);
    expect((await recoveryMails())[0].to_address).toBe('held@example.com');
  });

  it('none when the setting is off, the shopper paid meanwhile, the checkout is too old, cancelled, erased or superseded', async () => {
    await setting({ enabled: false, send_after_hours: 4 });
    const whileOff = await abandoned('off@example.com', 5);
    expect(await send()).toBe(0);

    await setting({ enabled: true, send_after_hours: 4 });
    // Paid meanwhile: the same address paid another checkout after this one.
    await abandoned('paid@example.com', 6);
    const later = await checkout(makeShopper(t.app), 'PAID@example.com');
    await pay(later.session_id);
    // Paid meanwhile from the same cart (checked out again with another address, then paid).
    const cartShopper = makeShopper(t.app);
    const first = await checkout(cartShopper, 'first@example.com');
    await age(first.order_number, 6);
    const again = await cartShopper.send('POST', '/api/checkout', { contact: { email: 'second@example.com' }, shippingAddress: address, billingSameAsShipping: true });
    await pay((again.json() as { session_id: string }).session_id);
    // Too old: a store turning the setting on does not mail last month's checkouts.
    await abandoned('old@example.com', 24 * 8);
    // Cancelled by the shopper in My orders.
    const cancelled = await abandoned('cancelled@example.com', 5);
    await t.database.db.execute(sql`insert into order_events (tenant_id, order_id, type, message) select tenant_id, id, 'cancelled_by_customer', 'Cancelled' from orders where order_number = ${cancelled.order_number}`);
    // The customer's data was erased.
    const erased = await abandoned('erased@example.com', 5);
    await t.database.db.execute(sql`update orders set customer_email = '', erased_at = now() where order_number = ${erased.order_number}`);
    // Checked out twice from one cart: only the newer checkout is reminded.
    const twice = makeShopper(t.app);
    const older = await checkout(twice, 'twice@example.com');
    await age(older.order_number, 7);
    await twice.send('POST', '/api/cart/items', { product_id: products[1].id, quantity: 1 });
    const newer = await checkout(twice, 'twice@example.com', []);
    await age(newer.order_number, 5);

    // Of these, only the newer checkout of the cart checked out twice, and the one left while the
    // setting was off: the setting is read when the job runs, and it is on now.
    expect(await send()).toBe(2);
    expect((await recoveryMails()).map((m) => [m.to_address, m.order_number]).sort()).toEqual([['off@example.com', whileOff.order_number], ['twice@example.com', newer.order_number]]);
  });

  it('a store the platform suspended sends none until it is reinstated', async () => {
    await abandoned('suspended@example.com', 5);
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const demo = t.seed.tenantIds.demo;
    expect((await call(t.app, 'POST', `/api/tenants/${demo}/suspend`, { host: PLATFORM_HOST, cookie: owner, body: { reason: 'Checks.' } })).statusCode).toBe(200);
    try {
      expect(await send()).toBe(0);
    } finally {
      expect((await call(t.app, 'POST', `/api/tenants/${demo}/reactivate`, { host: PLATFORM_HOST, cookie: owner })).statusCode).toBe(200);
    }
    expect(await send()).toBe(1);
  });

  it('another store’s checkouts follow that store’s own setting', async () => {
    const acme = makeShopper(t.app, ACME_HOST);
    const acmeProduct = ((await call(t.app, 'GET', '/api/products?limit=48', { host: ACME_HOST })).json().items as ProductCard[]).find((p) => !p.has_variants && p.in_stock)!;
    await acme.send('POST', '/api/cart/items', { product_id: acmeProduct.id, quantity: 1 });
    const placed = (await acme.send('POST', '/api/checkout', { contact: { email: 'acme@example.com' }, shippingAddress: address, billingSameAsShipping: true })).json() as { order_number: string };
    await age(placed.order_number, 5);
    expect(await send()).toBe(0);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    expect((await setting({ enabled: true, send_after_hours: 4 }, acmeAdmin, ACME_HOST)).statusCode).toBe(200);
    expect(await send()).toBe(1);
    expect((await recoveryMails())[0].html).toContain('http://acme.localhost:3000/cart/restore?token=');
    await setting({ enabled: false, send_after_hours: 4 }, acmeAdmin, ACME_HOST);
  });

  it('runs as the app’s periodic background task', async () => {
    await abandoned('task@example.com', 5);
    await t.app.jobs.runPeriodic(CHECKOUT_RECOVERY_TASK);
    expect((await recoveryMails()).map((m) => m.to_address)).toEqual(['task@example.com']);
  });
});

describe('the email', () => {
  it('names the shop, the lines with quantity and price, the total, and links to the cart and to unsubscribe, in HTML and text', async () => {
    const placed = await abandoned('Content@Example.com', 5, [[products[0], 2], [products[1], 1]]);
    await send();
    const [mail] = await recoveryMails();
    // Checkout keeps addresses lower-cased.
    expect(mail.to_address).toBe('content@example.com');
    expect(mail.subject).toBe('Demo Store: your cart is waiting');
    const order = rowsOf<{ id: string; total_amount: number }>(await t.database.db.execute(sql`select id, total_amount from orders where order_number = ${placed.order_number}`))[0];
    expect(mail.order_id).toBe(order.id);
    const total = `£${(order.total_amount / 100).toFixed(2)}`;
    const lines = rowsOf<{ product_name: string; quantity: number; total_amount: number }>(await t.database.db.execute(sql`select product_name, quantity, total_amount from order_items where order_id = ${order.id}::uuid`));
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 2]);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Demo Store');
      expect(part).toContain('Hello Ada,');
      for (const line of lines) {
        const name = part === mail.html ? escapeHtml(line.product_name) : line.product_name;
        // Name, quantity and price on one row (HTML cells, or one line of the text table).
        expect(part).toMatch(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\n]*?${line.quantity}[^\n]*?£${(line.total_amount / 100).toFixed(2)}`));
      }
      expect(part).toContain(total);
      expect(part).toContain('Return to your cart');
    }
    const { cart, unsubscribe } = linksOf(mail);
    expect(cart.host).toBe(DEMO_HOST);
    expect(unsubscribe.host).toBe(DEMO_HOST);
    // The same address goes out as List-Unsubscribe, for the mail client's own button (smtp.test.ts).
    expect(mail.unsubscribe_url).toBe(unsubscribe.href);
    expect(mail.html).toContain(`href="${cart.href.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toMatch(/<a href="http:\/\/demo\.localhost:3000\/email\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/);
    // The token is random, stored only as a hash.
    const row = await recoveryOf(placed.order_number);
    expect(row.token_hash).not.toContain(cart.searchParams.get('token'));
  });

  it('is the store’s own template when the merchant wrote one, which must keep the unsubscribe link', async () => {
    const without = await call(t.app, 'POST', '/api/functions/v1/email-templates', {
      cookie: admin,
      body: { key: 'checkout_recovery', subject: 'Come back', html: '<p>{{cart_button}}</p>', is_active: true },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields.html).toBe(requiredVariableMessage('unsubscribe_url'));
    const made = await call(t.app, 'POST', '/api/functions/v1/email-templates', {
      cookie: admin,
      body: { key: 'checkout_recovery', subject: 'Still want it, {{customer_first_name}}?', html: '<p>Your {{quantity}} items: {{total}}</p>{{cart_button}}<p><a href="{{unsubscribe_url}}">Stop</a></p>', is_active: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    await abandoned('custom@example.com', 5, [[products[2], 3]]);
    await send();
    const [mail] = await recoveryMails();
    expect(mail.subject).toBe('Still want it, Ada?');
    expect(mail.html).toContain('Your 3 items');
    expect(mail.html).toContain('/cart/restore?token=');
    await t.database.db.execute(sql`delete from email_templates where tenant_id is not null and key = 'checkout_recovery'`);
  });
});

describe('the “Return to your cart” link', () => {
  it('gives a browser with no cookies a cart with the checkout’s lines at today’s prices, and records it', async () => {
    const placed = await abandoned('restore@example.com', 5, [[products[0], 2], [products[1], 1]]);
    await send();
    const { cart } = linksOf((await recoveryMails())[0]);
    const [was] = rowsOf<{ base_price: number; sale_price: number | null }>(await t.database.db.execute(sql`select base_price, sale_price from products where id = ${products[1].id}::uuid`));
    await t.database.db.execute(sql`update products set base_price = 1234, sale_price = null where id = ${products[1].id}::uuid`);
    const fresh = makeShopper(t.app);
    const res = await restore(fresh, cart);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart?restore=restored');
    expect(String(res.headers['set-cookie'])).toMatch(/^cart=[^;]+;.*HttpOnly/i);
    const restored = await fresh.cart();
    expect(restored.items.map((i) => [i.product_id, i.quantity]).sort()).toEqual([[products[0].id, 2], [products[1].id, 1]].sort());
    expect(restored.items.find((i) => i.product_id === products[1].id)!.unit_price).toBe(12.34);
    const row = await recoveryOf(placed.order_number);
    expect(row.restored_at).not.toBeNull();
    expect(row.restored_cart_id).not.toBeNull();
    // Opened again: nothing is added twice.
    expect((await restore(fresh, cart)).headers.location).toBe('/cart?restore=restored');
    expect((await fresh.cart()).item_count).toBe(3);
    await t.database.db.execute(sql`update products set base_price = ${was.base_price}, sale_price = ${was.sale_price} where id = ${products[1].id}::uuid`);
  });

  it('opened by a signed-in shopper in the browser they left it in, fills their own cart without doubling it', async () => {
    await t.database.db.execute(sql`delete from cart_items where cart_id in (select id from carts where user_id = (select id from users where email = 'shopper@demo.test'))`);
    const s = makeShopper(t.app);
    s.jar.sid = (await signIn(t.app, 'shopper@demo.test')).slice('sid='.length);
    const placed = await checkout(s, 'shopper@demo.test', [[products[0], 2]]);
    await age(placed.order_number, 5);
    await send();
    const { cart } = linksOf((await recoveryMails())[0]);
    expect((await restore(s, cart)).headers.location).toBe('/cart?restore=restored');
    expect((await s.cart()).items.map((i) => [i.product_id, i.quantity])).toEqual([[products[0].id, 2]]);
    // Signed in on another browser with no cart: the link fills the account's cart there too.
    const other = makeShopper(t.app);
    other.jar.sid = (await signIn(t.app, 'shopper@demo.test')).slice('sid='.length);
    expect((await restore(other, cart)).headers.location).toBe('/cart?restore=restored');
    expect((await other.cart()).items.map((i) => [i.product_id, i.quantity])).toEqual([[products[0].id, 2]]);
    expect((await s.cart()).items.map((i) => [i.product_id, i.quantity])).toEqual([[products[0].id, 2]]);
  });

  it('leaves out lines no longer on sale, and says so', async () => {
    await abandoned('partial@example.com', 5, [[products[0], 1], [products[2], 1]]);
    await send();
    const { cart } = linksOf((await recoveryMails())[0]);
    await t.database.db.execute(sql`update products set status = 'draft' where id = ${products[2].id}::uuid`);
    const fresh = makeShopper(t.app);
    expect((await restore(fresh, cart)).headers.location).toBe('/cart?restore=partial');
    expect((await fresh.cart()).items.map((i) => i.product_id)).toEqual([products[0].id]);
    await t.database.db.execute(sql`update products set status = 'active' where id = ${products[2].id}::uuid`);
  });

  it('a bad, expired or another store’s token leads to the cart with a message, never an error', async () => {
    const placed = await abandoned('tokens@example.com', 5);
    await send();
    const { cart } = linksOf((await recoveryMails())[0]);
    const fresh = makeShopper(t.app);
    for (const query of ['?token=nope', '', '?token=', `?token=${'x'.repeat(1500)}`, '?token=%00', '?token=a&token=b']) {
      const res = await fresh.send('GET', `/cart/restore${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 303) expect(res.headers.location).toBe('/cart?restore=invalid');
    }
    // Another store's host does not know the token.
    const elsewhere = makeShopper(t.app, ACME_HOST);
    expect((await elsewhere.send('GET', `${cart.pathname}${cart.search}`)).headers.location).toBe('/cart?restore=invalid');
    expect((await elsewhere.cart()).items).toEqual([]);
    // Expired.
    await t.database.db.execute(sql`update checkout_recoveries set expires_at = now() - interval '1 minute'`);
    expect((await restore(fresh, cart)).headers.location).toBe('/cart?restore=expired');
    expect((await fresh.cart()).items).toEqual([]);
    expect((await recoveryOf(placed.order_number)).restored_at).toBeNull();
  });
});

describe('unsubscribing', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('asks first, then records the address: later checkouts to it in this store get no email, others still do', async () => {
    await abandoned('Leave.Me@example.com', 5);
    await send();
    const { unsubscribe } = linksOf((await recoveryMails())[0]);
    const path = `${unsubscribe.pathname}${unsubscribe.search}`;
    const token = unsubscribe.searchParams.get('token')!;
    // Opening the link changes nothing (mail scanners open links): a page with a button.
    const page = await call(t.app, 'GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(UNSUBSCRIBE_TEXT.intro('Demo Store'));
    expect(page.body).toContain(`<form method="post" action="/email/unsubscribe?token=${token}">`);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from email_unsubscribes`))).toEqual([]);
    // Another store does not know the link.
    expect((await call(t.app, 'GET', path, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', path, { host: ACME_HOST, headers: form, body: `token=${token}` })).statusCode).toBe(404);
    // The page's button posts the form back to the same address.
    const done = await call(t.app, 'POST', path, { headers: form, body: `token=${token}` });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(UNSUBSCRIBE_TEXT.doneBody('leave.me@example.com', 'Demo Store'));
    // A mail client's one-click POST to the link, a second time: the same.
    expect((await call(t.app, 'POST', path, { headers: form, body: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);
    expect(rowsOf(await t.database.db.execute(sql`select email, topic from email_unsubscribes`))).toEqual([{ email: 'leave.me@example.com', topic: 'checkout_recovery' }]);

    const later = await abandoned('leave.me@EXAMPLE.com', 5);
    const other = await abandoned('stay@example.com', 5);
    expect(await send()).toBe(1);
    expect((await recoveryMails()).map((m) => m.to_address)).toEqual(['leave.me@example.com', 'stay@example.com']);
    expect(await recoveryOf(later.order_number)).toMatchObject({ sent_at: null, skipped: 'unsubscribed' });
    expect((await recoveryOf(other.order_number)).sent_at).not.toBeNull();
    expect(await send()).toBe(0);
  });

  it('a link that is not one is a page saying so, never an error', async () => {
    for (const query of ['?token=nope', '', '?token=', `?token=${'x'.repeat(1500)}`, '?token=a&token=b']) {
      const get = await call(t.app, 'GET', `/email/unsubscribe${query}`);
      expect(get.statusCode, query).toBeLessThan(500);
      if (get.statusCode === 404) expect(get.body).toContain(UNSUBSCRIBE_TEXT.invalid);
    }
    for (const [body, headers] of [['token=nope', form], ['', form], ['token=' + 'x'.repeat(3000), form], ['{"token":"nope"}', { 'content-type': 'application/json' }], ['[]', { 'content-type': 'application/json' }]] as const) {
      const res = await call(t.app, 'POST', '/email/unsubscribe', { headers, body });
      expect(res.statusCode, body.slice(0, 40)).toBeLessThan(500);
    }
    expect((await call(t.app, 'POST', '/email/unsubscribe?token=nope', { headers: form, body: '' })).body).toContain(UNSUBSCRIBE_TEXT.invalid);
  });
});

describe('erasing a customer’s data', () => {
  it('removes their reminders with the rest of their checkout data', async () => {
    const placed = await abandoned('forget.me@example.com', 5);
    await send();
    const demo = t.seed.tenantIds.demo;
    await t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => eraseCustomerOrders(tx, demo, { email: 'forget.me@example.com', userId: null }));
    expect(await recoveryOf(placed.order_number)).toBeUndefined();
    expect(rowsOf(await t.database.db.execute(sql`select 1 from checkout_recoveries where email = 'forget.me@example.com'`))).toEqual([]);
  });
});

describe('recovered checkouts', () => {
  const kpis = async () => (await call(t.app, 'GET', '/api/admin/dashboard/kpis', { cookie: admin })).json() as DashboardKpis;

  it('an order paid from the restored cart, or by the same address within a week, is recovered with its total; the dashboard counts them', async () => {
    const before = (await kpis()).recovered_checkouts!;
    expect(before).toEqual({ count: 0, revenue: 0 });
    await abandoned('back@example.com', 5, [[products[0], 1]]);
    await abandoned('direct@example.com', 5, [[products[1], 1]]);
    const unrelated = await abandoned('never@example.com', 5);
    await send();
    const mails = await recoveryMails();
    // Restored in another browser, then paid there with another address.
    const fresh = makeShopper(t.app);
    await restore(fresh, linksOf(mails.find((m) => m.to_address === 'back@example.com')!).cart);
    const paidFromLink = await checkout(fresh, 'other-address@example.com', []);
    await pay(paidFromLink.session_id);
    // Came back another way and paid with the same address.
    const direct = await checkout(makeShopper(t.app), 'Direct@Example.com', [[products[2], 2]]);
    await pay(direct.session_id);

    const totals = rowsOf<{ order_number: string; total_amount: number }>(
      await t.database.db.execute(sql`select order_number, total_amount from orders where order_number in (${paidFromLink.order_number}, ${direct.order_number})`),
    );
    const total = (n: string) => totals.find((o) => o.order_number === n)!.total_amount;
    const recovered = rowsOf<{ email: string; recovered_total: number; order_number: string }>(
      await t.database.db.execute(sql`select r.email, r.recovered_total, o.order_number from checkout_recoveries r join orders o on o.id = r.recovered_order_id order by r.email`),
    );
    expect(recovered).toEqual([
      { email: 'back@example.com', recovered_total: total(paidFromLink.order_number), order_number: paidFromLink.order_number },
      { email: 'direct@example.com', recovered_total: total(direct.order_number), order_number: direct.order_number },
    ]);
    expect((await recoveryOf(unrelated.order_number)).recovered_order_id).toBeNull();
    const after = (await kpis()).recovered_checkouts!;
    expect(after.count).toBe(2);
    expect(after.revenue).toBeCloseTo((total(paidFromLink.order_number) + total(direct.order_number)) / 100, 2);
    const timeline = rowsOf<{ type: string }>(await t.database.db.execute(sql`select e.type from order_events e join orders o on o.id = e.order_id where o.order_number = ${direct.order_number}`));
    expect(timeline.map((e) => e.type)).toContain('checkout_recovered');

    const view = (await call(t.app, 'GET', SETTINGS, { cookie: admin })).json() as CheckoutRecoverySettingsView;
    expect(view.stats).toMatchObject({ sent: 3, restored: 1, recovered: 2 });
  });

  it('the dashboard shows nothing of it while the setting is off and no email was ever sent', async () => {
    await setting({ enabled: false, send_after_hours: 4 });
    expect((await kpis()).recovered_checkouts).toBeNull();
    await setting({ enabled: true, send_after_hours: 4 });
    expect((await kpis()).recovered_checkouts).toEqual({ count: 0, revenue: 0 });
  });
});

describe('the setting', () => {
  it('is off with 4 hours by default, saves for owners and admins, and survives a Store Info save', async () => {
    await t.database.db.execute(sql`update tenants set settings_json = settings_json - 'checkout_recovery' where id = ${t.seed.tenantIds.demo}::uuid`);
    const read = await call(t.app, 'GET', SETTINGS, { cookie: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ settings: { enabled: false, send_after_hours: 4 }, can_edit: true });
    const saved = await setting({ enabled: true, send_after_hours: 72 });
    expect(saved.json()).toMatchObject({ settings: { enabled: true, send_after_hours: 72 } });
    const info = (await call(t.app, 'GET', '/api/admin/settings', { cookie: admin })).json();
    expect((await call(t.app, 'PUT', '/api/admin/settings', { cookie: admin, body: { name: info.settings.name, settings_json: info.settings.settings_json } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', SETTINGS, { cookie: admin })).json().settings).toEqual({ enabled: true, send_after_hours: 72 });
  });

  it('refuses bad values with the field’s message', async () => {
    const cases: [unknown, string][] = [
      [{ enabled: true, send_after_hours: 0 }, 'send_after_hours'],
      [{ enabled: true, send_after_hours: 73 }, 'send_after_hours'],
      [{ enabled: true, send_after_hours: 4.5 }, 'send_after_hours'],
      [{ enabled: true, send_after_hours: '4' }, 'send_after_hours'],
      [{ enabled: true }, 'send_after_hours'],
      [{ enabled: 'yes', send_after_hours: 4 }, 'enabled'],
      [{ enabled: true, send_after_hours: 4, delay: 1 }, 'delay'],
    ];
    for (const [body, field] of cases) {
      const res = await setting(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await setting({ enabled: true, send_after_hours: 0 })).json().error.fields.send_after_hours).toBe(CHECKOUT_RECOVERY_TEXT.hoursInvalid);
    expect((await call(t.app, 'GET', SETTINGS, { cookie: admin })).json().settings).toEqual({ enabled: true, send_after_hours: 4 });
  });

  it('staff cannot change it (those with the Settings permission may read it); another store’s admin gets nothing', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await setting({ enabled: false, send_after_hours: 4 }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', SETTINGS, { cookie: staff })).statusCode).toBe(403);
    await t.database.db.execute(sql`update memberships set permissions = array_append(permissions, 'settings') where user_id = (select id from users where email = 'staff@demo.test')`);
    const read = await call(t.app, 'GET', SETTINGS, { cookie: staff });
    expect(read.statusCode).toBe(200);
    expect(read.json().can_edit).toBe(false);
    expect((await setting({ enabled: false, send_after_hours: 4 }, staff)).statusCode).toBe(403);
    await t.database.db.execute(sql`update memberships set permissions = array_remove(permissions, 'settings') where user_id = (select id from users where email = 'staff@demo.test')`);
    expect((await call(t.app, 'PUT', SETTINGS, { body: { enabled: false, send_after_hours: 4 } })).statusCode).toBe(401);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    expect([403, 404]).toContain((await setting({ enabled: false, send_after_hours: 4 }, acmeAdmin)).statusCode);
    expect((await call(t.app, 'GET', SETTINGS, { cookie: admin })).json().settings.enabled).toBe(true);
  });
});
