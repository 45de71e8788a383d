import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { withScope } from '../../db/scope';
import { rowsOf } from '../../db/rows';
import { testPaymentSessions } from '../../db/schema';
import { newSessionId, signTestWebhook, TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../adapters/payments/test-gateway';
import { StripeProvider } from '../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe';
import { call, DEMO_HOST, resetTestApp, type TestApp } from '../../test/harness';
import { appWithPayments } from '../../test/app-with-payments';
import { placeOrder as placeOrderAs, shopper } from '../../test/shopper';
import type { ProductCard } from '../../../shared/catalog';

// The webhook rule through the real route with the built-in gateway (not the test double the
// other API tests use): a tampered body, a wrong secret or a stale timestamp is a 400 with no change.

const SECRET = 'route-test-webhook-secret';
let t: TestApp;
let app: FastifyInstance;
let gateway: TestGateway;
let fake: FakeStripe;
let stripeApp: FastifyInstance;
const STRIPE_WEBHOOK_SECRET = 'whsec_route_test';

beforeAll(async () => {
  t = await resetTestApp();
  gateway = new TestGateway(t.scopes, SECRET);
  app = await appWithPayments(t, gateway, SECRET);
  fake = await startFakeStripe();
  stripeApp = await appWithPayments(t, new StripeProvider({ secretKey: 'sk_test_route', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: fake.url }), SECRET);
});
afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
  await fake?.close();
});

const placeOrder = (on: FastifyInstance, quantity = 1) => placeOrderAs(on, { email: 'route@example.com', quantity });

async function orderState(orderNumber: string) {
  const [order] = rowsOf<{ id: string; status: string; payment_status: string }>(
    await t.database.db.execute(sql`select id, status, payment_status from orders where order_number = ${orderNumber}`),
  );
  const counts = rowsOf<{ events: number; emails: number; reserved: number }>(
    await t.database.db.execute(sql`select
      (select count(*)::int from payment_events) as events,
      (select count(*)::int from email_messages where order_id = ${order.id}::uuid) as emails,
      (select coalesce(sum(reserved_quantity), 0)::int from products) as reserved`),
  )[0];
  return { status: order.status, payment_status: order.payment_status, ...counts };
}

const post = (payload: string, signature: string | undefined) =>
  app.inject({
    method: 'POST',
    url: TEST_WEBHOOK_URL,
    headers: { host: DEMO_HOST, 'content-type': 'application/json', ...(signature === undefined ? {} : { [TEST_SIGNATURE_HEADER]: signature }) },
    payload,
  });

describe('payment webhook route with the built-in gateway', () => {
  it('refuses tampered, wrongly signed and stale deliveries with 400 and no effect; the genuine one pays once', async () => {
    const items = (await call(app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
    const product = items.find((p) => !p.has_variants && p.in_stock)!;
    await t.database.db.execute(sql`update products set track_inventory = true, stock_quantity = 10, reserved_quantity = 0 where id = ${product.id}::uuid`);
    const buyer = shopper(app);
    expect((await buyer.send('POST', '/api/cart/items', { product_id: product.id, quantity: 2 })).statusCode).toBe(200);
    const placed = await buyer.send('POST', '/api/checkout', {
      contact: { email: 'route@example.com' },
      shippingAddress: { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA' },
      billingSameAsShipping: true,
    });
    expect(placed.statusCode).toBe(200);
    const { session_id: sessionId, order_number: orderNumber } = placed.json() as { session_id: string; order_number: string };
    const before = await orderState(orderNumber);
    expect(before).toMatchObject({ status: 'pending', payment_status: 'unpaid', events: 0, emails: 0 });
    expect(before.reserved).toBe(2);

    // The event the gateway would send once the card is accepted.
    const session = await withScope(t.database.db, { tenantId: t.seed.tenantIds.demo, userId: null }, async (tx) => (await tx.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId)))[0]);
    const { payload, signature } = gateway.signedEvent({ ...session, status: 'complete', paymentReference: 'pay_route_test' }, 'checkout.session.completed');
    const now = Math.floor(Date.now() / 1000);
    const forged: Record<string, [string, string | undefined]> = {
      'tampered amount': [payload.replace(/"amount_total":\d+/, '"amount_total":1'), signature],
      'another order': [payload.replace(session.orderId, '00000000-0000-4000-8000-000000000000'), signature],
      'wrong secret': [payload, signTestWebhook('not-the-secret', payload)],
      'stale timestamp': [payload, signTestWebhook(SECRET, payload, now - 301)],
      // Well past the 300 s window: the requests before it take time, and the window is measured from then.
      'future timestamp': [payload, signTestWebhook(SECRET, payload, now + 360)],
      'no signature': [payload, undefined],
    };
    for (const [name, [body, sig]] of Object.entries(forged)) {
      const res = await post(body, sig);
      expect(res.statusCode, name).toBe(400);
      expect(await orderState(orderNumber), name).toEqual(before);
    }

    // The genuine delivery: paid, the reservation sold, the confirmation written; repeated, nothing more.
    expect((await post(payload, signature)).statusCode).toBe(200);
    const paid = await orderState(orderNumber);
    expect(paid).toMatchObject({ payment_status: 'paid', events: 1, emails: 1, reserved: before.reserved - 2 });
    expect((await post(payload, signTestWebhook(SECRET, payload))).statusCode).toBe(200);
    expect(await orderState(orderNumber)).toEqual(paid);
  });

  it('refuses a correctly signed event whose session_id is empty or malformed with 400, changing nothing', async () => {
    const { session_id: sessionId, order_number: orderNumber } = await placeOrder(app);
    const before = await orderState(orderNumber);
    const session = await withScope(t.database.db, { tenantId: t.seed.tenantIds.demo, userId: null }, async (tx) => (await tx.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId)))[0]);
    const { payload } = gateway.signedEvent({ ...session, status: 'complete', paymentReference: 'pay_malformed' }, 'checkout.session.completed');
    const event = JSON.parse(payload);
    const withSession = (value: unknown) => JSON.stringify({ ...event, data: { ...event.data, session_id: value } });
    const malformed: Record<string, string> = {
      empty: withSession(''),
      blank: withSession('   '),
      'not a gateway id': withSession('cs_test_short'),
      // Well formed, but it names another store than the event's tenant.
      "another store's id": withSession(newSessionId(t.seed.tenantIds.acme)),
      null: withSession(null),
      missing: JSON.stringify({ ...event, data: { ...event.data, session_id: undefined } }),
    };
    for (const [name, body] of Object.entries(malformed)) {
      const res = await post(body, signTestWebhook(SECRET, body));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('invalid_event');
      expect(await orderState(orderNumber), name).toEqual(before);
    }
    expect((await post(payload, signTestWebhook(SECRET, payload))).statusCode).toBe(200);
    expect((await orderState(orderNumber)).payment_status).toBe('paid');
  });

  it('on the Stripe path too: a signed checkout event with an empty session id is refused with 400 and changes nothing', async () => {
    const { session_id: sessionId, order_number: orderNumber } = await placeOrder(stripeApp);
    const before = await orderState(orderNumber);
    fake.complete(sessionId);
    const signed = (id: string, object: Record<string, unknown>) => {
      const body = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', api_version: Stripe.API_VERSION, created: 1, data: { object } });
      return { body, header: new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET }) };
    };
    const deliver = ({ body, header }: { body: string; header: string }) =>
      stripeApp.inject({ method: 'POST', url: '/api/webhooks/payments/stripe', headers: { host: DEMO_HOST, 'content-type': 'application/json', 'stripe-signature': header }, payload: body });
    for (const [name, id] of [['empty', ''], ['spaces', '  '], ['odd characters', 'cs_test_<x>']] as const) {
      const res = await deliver(signed(`evt_bad_${name.replace(/\W/g, '_')}`, { ...fake.sessionObject(sessionId), id }));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('invalid_event');
      expect(await orderState(orderNumber), name).toEqual(before);
    }
    const genuine = await deliver(signed('evt_good_route', fake.sessionObject(sessionId)));
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect((await orderState(orderNumber)).payment_status).toBe('paid');
  });
});
