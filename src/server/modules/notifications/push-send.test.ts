import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { FakePushService, type FakeBrowser } from '../../adapters/push/fake-push-service';
import { WebPushSender } from '../../adapters/push/web-push-sender';
import { TEST_PUSH_PAYLOAD } from '../../../shared/push';
import type { ProductCard } from '../../../shared/catalog';
import { NO_DEVICE } from './send-service';

// The real web-push sender against a push service on 127.0.0.1 that decrypts what it receives with
// the browser's own keys (fake-push-service.ts): what leaves the server is encrypted and signed.
let t: TestApp;
let admin: string;
let staff: string;
const service = new FakePushService();
const SEND = '/api/functions/v1/push-send';

beforeAll(async () => {
  t = await resetTestApp();
  await service.start();
  // A key pair of its own, as another deployment would have: the VAPID check below must use it.
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@shop.test' };
  t.app.deps.push = new WebPushSender({ vapid, endpointHosts: [service.host], timeoutMs: 2000 });
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
});
afterAll(() => service.stop());

async function subscribed(kind: 'customer' | 'staff', cookie: string | null): Promise<FakeBrowser> {
  const browser = service.subscribe();
  const res = await call(t.app, 'POST', '/api/functions/v1/push-subscribe', { cookie, body: { endpoint: browser.endpoint, keys: browser.keys, kind } });
  expect(res.statusCode).toBe(201);
  return browser;
}
const received = (browser: FakeBrowser) => service.received.filter((p) => p.browserId === browser.id);
const testPush = (body: object, cookie = admin, host = DEMO_HOST) =>
  call(t.app, 'POST', SEND, { cookie, host, body: { tenant_id: t.seed.tenantIds.demo, template_key: 'test', kind: 'staff', payload: TEST_PUSH_PAYLOAD, ...body } });

async function payAnOrder(guest = shopper(t.app)): Promise<{ orderNumber: string; orderId: string }> {
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  const product = items.find((p) => !p.has_variants && p.in_stock)!;
  await guest.send('POST', '/api/cart/items', { product_id: product.id });
  const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
  const placed = (await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true })).json();
  const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
  const paid = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload });
  expect(paid.statusCode).toBe(200);
  return { orderNumber: placed.order_number as string, orderId: await orderIdOf(placed.order_number) };
}

async function orderIdOf(orderNumber: string): Promise<string> {
  const res = await call(t.app, 'GET', `/api/admin/orders?search=${encodeURIComponent(orderNumber)}`, { cookie: admin });
  return res.json().orders[0].id as string;
}

describe('a test push', () => {
  it('reaches the caller’s own device encrypted (aes128gcm), signed with the platform’s VAPID key, and decrypts to the message', async () => {
    const mine = await subscribed('staff', admin);
    const colleague = await subscribed('staff', staff);
    const res = await testPush({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1, failed: 0, removed: 0 });
    expect(received(colleague)).toHaveLength(0);
    const [push] = received(mine);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(JSON.parse(service.decrypt(push))).toEqual({
      title: 'Test notification from Demo Store',
      body: 'Push notifications are working on this device.',
      icon: null,
      url: '/admin/settings?tab=notifications',
      tag: 'test-test',
    });
    const publicKey = (await call(t.app, 'GET', SEND)).json().publicKey;
    expect(service.vapidClaims(push)).toMatchObject({ publicKey, aud: new URL(mine.endpoint).origin, sub: 'mailto:push@shop.test' });
  });

  it('fills a template from the payload, with values in a link URL-encoded', async () => {
    const mine = await subscribed('customer', admin);
    const made = await call(t.app, 'POST', '/api/functions/v1/push-templates', {
      cookie: admin,
      body: { key: 'order_update', title: 'Order {{order_number}}', body: '{{quantity}} items, {{total_amount}}', url: '/my-orders?o={{order_number}}&n={{customer_name}}' },
    });
    expect(made.statusCode).toBe(201);
    expect((await testPush({ template_key: 'order_update', kind: 'customer' })).statusCode).toBe(200);
    const message = JSON.parse(service.decrypt(received(mine)[0]));
    expect(message).toMatchObject({ title: 'Order TEST-001', body: '5 items, £99.99', url: '/my-orders?o=TEST-001&n=Test%20Customer' });
  });

  it('refuses without a device of that kind, an unknown template, and another store named in the body', async () => {
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const noDevice = await testPush({ tenant_id: t.seed.tenantIds.acme }, acmeAdmin, ACME_HOST);
    expect(noDevice.statusCode).toBe(409);
    expect(noDevice.json().error).toMatchObject({ code: 'no_subscription', message: NO_DEVICE('staff') });
    expect((await testPush({ template_key: 'no_such_template' })).statusCode).toBe(404);
    const otherStore = await testPush({ tenant_id: t.seed.tenantIds.acme });
    expect(otherStore.statusCode).toBe(403);
    expect(otherStore.json().error.message).toBe('This request names a different store.');
    expect((await testPush({ tenant_id: undefined })).statusCode).toBe(200);
    expect((await testPush({ kind: 'owner' })).statusCode).toBe(400);
    expect((await testPush({ payload: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) })).statusCode).toBe(400);
  });

  it('is for owners and admins: staff 403, visitors 401, a member of another store 404', async () => {
    expect((await testPush({}, staff)).statusCode).toBe(403);
    expect((await testPush({}, '')).statusCode).toBe(401);
    expect((await testPush({}, await signIn(t.app, 'admin@acme.test', ACME_HOST))).statusCode).toBe(404);
  });

  it('deletes a subscription the push service calls gone (410 or 404) and says so', async () => {
    await t.database.db.execute(sql`delete from push_subscriptions`);
    const dead = await subscribed('staff', admin);
    service.answers.set(dead.id, 410);
    const res = await testPush({});
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'push_unavailable', message: 'This device’s subscription had expired and was removed. Enable push notifications again.' });
    const left = (await call(t.app, 'GET', '/api/functions/v1/push-subscribe', { cookie: admin })).json();
    expect(left.total).toBe(0);

    const also = await subscribed('staff', admin);
    const alive = await subscribed('staff', admin);
    service.answers.set(also.id, 404);
    expect((await testPush({})).json()).toEqual({ sent: 1, failed: 0, removed: 1 });
    expect((await call(t.app, 'GET', '/api/functions/v1/push-subscribe', { cookie: admin })).json().subscriptions.map((s: { endpoint: string }) => s.endpoint)).toEqual([alive.endpoint]);

    service.answers.set(alive.id, 500);
    const failing = await testPush({});
    expect(failing.statusCode).toBe(502);
    expect(failing.json().error.message).toBe('The push service did not accept the notification. Please try again.');
    expect((await call(t.app, 'GET', '/api/functions/v1/push-subscribe', { cookie: admin })).json().total).toBe(1);
  });
});

describe('the staff push for a paid order', () => {
  it('goes to every current member’s staff devices after the payment, not to shoppers or former members', async () => {
    await t.database.db.execute(sql`delete from push_subscriptions`);
    const adminDevice = await subscribed('staff', admin);
    const staffDevice = await subscribed('staff', staff);
    const shopperDevice = await subscribed('customer', null);
    const partner = await signIn(t.app, 'partner@demo.test');
    const formerDevice = await subscribed('staff', partner);
    await t.database.db.execute(sql`delete from memberships where tenant_id = ${t.seed.tenantIds.demo}::uuid and user_id = ${t.seed.userIds['partner@demo.test']}::uuid`);

    const { orderNumber } = await payAnOrder();
    await t.app.pushDeliveries.idle();
    expect(received(shopperDevice)).toHaveLength(0);
    expect(received(formerDevice)).toHaveLength(0);
    for (const device of [adminDevice, staffDevice]) {
      const [push] = received(device);
      const message = JSON.parse(service.decrypt(push));
      expect(message.title).toBe(`New order ${orderNumber}`);
      expect(message.body).toMatch(/^Ada Lovelace paid £\d+\.\d\d for 1 item\(s\)\.$/);
      expect(message.url).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/);
      expect(message.tag).toBe(message.url.replace('/admin/orders/', 'order-'));
    }
  });

  it('never fails or holds up the payment when the push service fails, and drops dead devices', async () => {
    await t.database.db.execute(sql`delete from push_subscriptions`);
    const down = await subscribed('staff', admin);
    const dead = await subscribed('staff', staff);
    service.answers.set(down.id, 503);
    service.answers.set(dead.id, 410);
    await payAnOrder();
    await t.app.pushDeliveries.idle();
    expect(received(down)).toHaveLength(1);
    const left = (await call(t.app, 'GET', '/api/functions/v1/push-subscribe', { cookie: admin })).json().subscriptions.map((s: { endpoint: string }) => s.endpoint);
    expect(left).toEqual([down.endpoint]);
  });
});

describe('the shopper push when an order ships', () => {
  it('goes to the devices the shopper subscribed while signed in, not to anonymous ones', async () => {
    await t.database.db.execute(sql`delete from push_subscriptions`);
    const buyer = shopper(t.app);
    expect((await buyer.send('POST', '/api/auth/sign-in', { email: 'shopper@demo.test', password: TEST_PASSWORD })).statusCode).toBe(200);
    const phone = service.subscribe();
    expect((await buyer.send('POST', '/api/functions/v1/push-subscribe', { endpoint: phone.endpoint, keys: phone.keys, kind: 'customer' })).statusCode).toBe(201);
    const stranger = await subscribed('customer', null);
    const { orderNumber, orderId } = await payAnOrder(buyer);
    await t.app.pushDeliveries.idle();
    expect(received(phone)).toHaveLength(0);

    const shipped = await call(t.app, 'POST', `/api/admin/orders/${orderId}/status`, { cookie: admin, body: { status: 'shipped', tracking_reference: 'RM123456789GB' } });
    expect(shipped.statusCode).toBe(200);
    await t.app.pushDeliveries.idle();
    expect(received(stranger)).toHaveLength(0);
    expect(JSON.parse(service.decrypt(received(phone)[0]))).toEqual({
      title: `Order ${orderNumber} is on its way`,
      body: 'Demo Store has shipped your order. Tracking reference: RM123456789GB',
      icon: null,
      url: '/my-orders',
      tag: `order-${orderId}`,
    });
  });
});
