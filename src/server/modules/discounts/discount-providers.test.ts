import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { withScope } from '../../db/scope';
import { rowsOf } from '../../db/rows';
import { discountCodes, testPaymentSessions } from '../../db/schema';
import type { PaymentProvider } from '../../adapters/payments/payments';
import { TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../adapters/payments/test-gateway';
import { StripeProvider } from '../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe';
import { call, DEMO_HOST, resetTestApp, type TestApp } from '../../test/harness';
import { appWithPayments } from '../../test/app-with-payments';
import { shopper } from '../../test/shopper';

// Issue 28 item 4: the payment provider is asked for exactly the order's discounted total, to the penny,
// through the real adapters: the Stripe provider against the local fake Stripe (whose session total is
// the sum of the line items it was sent: a total below the lines would be a payment mismatch), and the
// built-in test gateway. Three bowls with 33% off come to a total no unit price times 3 can make.

const SECRET = 'discount-providers-webhook-secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_discount_test';
let t: TestApp;
let fake: FakeStripe;
const apps: FastifyInstance[] = [];
const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };

async function appWith(payments: PaymentProvider): Promise<FastifyInstance> {
  const app = await appWithPayments(t, payments, SECRET);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await resetTestApp();
  fake = await startFakeStripe();
  await t.database.db.insert(discountCodes).values({ tenantId: t.seed.tenantIds.demo, code: 'THIRDOFF', kind: 'percentage', value: 33 });
  await t.database.db.execute(sql`update products set stock_quantity = 100, reserved_quantity = 0 where tenant_id = ${t.seed.tenantIds.demo}::uuid`);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
});

/** Three bowls and a pot with THIRDOFF applied, checked out: the order's row and the checkout's answer. */
async function discountedCheckout(app: FastifyInstance) {
  const s = shopper(app);
  const bowl = (await call(app, 'GET', '/api/products/by-slug/hand-thrown-serving-bowl')).json().product.id;
  const pot = (await call(app, 'GET', '/api/products/by-slug/terracotta-plant-pot-21cm')).json().product.id;
  await s.send('POST', '/api/cart/items', { product_id: bowl, quantity: 3 });
  await s.send('POST', '/api/cart/items', { product_id: pot, quantity: 1 });
  expect((await s.send('PUT', '/api/cart/discount', { code: 'thirdoff' })).statusCode).toBe(200);
  const placed = await s.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true });
  expect(placed.statusCode, placed.body).toBe(200);
  const { session_id: sessionId, order_number: orderNumber } = placed.json() as { session_id: string; order_number: string };
  const [order] = rowsOf<{ id: string; total_amount: number; discount_total: number; payment_status: string }>(
    await t.database.db.execute(sql`select id, total_amount, discount_total, payment_status from orders where order_number = ${orderNumber}`),
  );
  expect(order.discount_total).toBeGreaterThan(0);
  return { s, sessionId, orderNumber, order };
}

const paymentStatus = async (orderId: string) =>
  rowsOf<{ payment_status: string }>(await t.database.db.execute(sql`select payment_status from orders where id = ${orderId}::uuid`))[0].payment_status;

describe('the provider charges the discounted total', () => {
  it('Stripe Checkout: the session total equals the order total to the penny, and its completion pays the order', async () => {
    const stripe = new StripeProvider({ secretKey: 'sk_test_discounts', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: fake.url });
    const app = await appWith(stripe);
    const { sessionId, order } = await discountedCheckout(app);
    expect(fake.sessionObject(sessionId).amount_total).toBe(order.total_amount);
    const body = JSON.stringify({
      id: 'evt_discount_paid',
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object: fake.complete(sessionId) },
    });
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET });
    const paid = await app.inject({ method: 'POST', url: '/api/webhooks/payments/stripe', headers: { host: DEMO_HOST, 'content-type': 'application/json', 'stripe-signature': header }, payload: body });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().outcome).toBe('applied');
    expect(await paymentStatus(order.id)).toBe('paid');
  });

  it('the built-in test gateway: its session asks for the order total, and its completion pays the order', async () => {
    const gateway = new TestGateway(t.scopes, SECRET);
    const app = await appWith(gateway);
    const { sessionId, order } = await discountedCheckout(app);
    const scope = { tenantId: t.seed.tenantIds.demo, userId: null };
    const [session] = await withScope(t.database.db, scope, (tx) =>
      tx.update(testPaymentSessions).set({ status: 'complete', paymentReference: 'pay_discount' }).where(eq(testPaymentSessions.id, sessionId)).returning(),
    );
    expect(session.amountTotal).toBe(order.total_amount);
    const { payload, signature } = gateway.signedEvent(session, 'checkout.session.completed');
    const paid = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { host: DEMO_HOST, 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature }, payload });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paymentStatus(order.id)).toBe('paid');
  });
});
