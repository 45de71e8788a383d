import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { withScope } from '../../../db/scope';
import { rowsOf } from '../../../db/rows';
import { testPaymentSessions } from '../../../db/schema';
import type { PaymentProvider } from '../../../adapters/payments/payments';
import { TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../../adapters/payments/test-gateway';
import { StripeProvider } from '../../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../../adapters/payments/fake-stripe';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { appWithPayments } from '../../../test/app-with-payments';
import { placeOrder as placeOrderAs } from '../../../test/shopper';
import { installRefundFailureSwitch, type RefundFailureSwitch } from '../../../test/refund-failure-switch';
import { reconcilePendingRefunds } from './refund-reconciler';
import type { AdminOrderDetail, AdminOrderPage } from '../../../../shared/admin-orders';

// Refunds through the real payment adapters (the other API tests use a test double): the built-in
// test gateway keeps its own refunded total, and the Stripe provider talks to a local fake Stripe.

const SECRET = 'refund-test-webhook-secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_refund_test';
let t: TestApp;
let fake: FakeStripe;
let failures: RefundFailureSwitch;
const apps: FastifyInstance[] = [];

async function appWith(payments: PaymentProvider): Promise<FastifyInstance> {
  const app = await appWithPayments(t, payments, SECRET);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await resetTestApp();
  fake = await startFakeStripe();
  failures = await installRefundFailureSwitch(t.database.db);
});
afterAll(async () => {
  await failures?.remove();
  for (const app of apps) await app.close();
  await fake?.close();
});

const placeOrder = (app: FastifyInstance) => placeOrderAs(app, { email: 'refunds@example.com' });

async function adminOrder(app: FastifyInstance, admin: string, orderNumber: string): Promise<AdminOrderDetail> {
  const list = (await call(app, 'GET', `/api/admin/orders?search=${orderNumber}`, { cookie: admin })).json() as AdminOrderPage;
  return (await call(app, 'GET', `/api/admin/orders/${list.orders[0].id}`, { cookie: admin })).json().order;
}

/** An order placed and paid through the built-in gateway (its page completes the session, its signed event arrives). */
async function paidThroughGateway(app: FastifyInstance, gateway: TestGateway, reference: string): Promise<{ sessionId: string; orderNumber: string }> {
  const { session_id: sessionId, order_number: orderNumber } = await placeOrder(app);
  const scope = { tenantId: t.seed.tenantIds.demo, userId: null };
  const [session] = await withScope(t.database.db, scope, (tx) =>
    tx.update(testPaymentSessions).set({ status: 'complete', paymentReference: reference }).where(eq(testPaymentSessions.id, sessionId)).returning(),
  );
  const { payload, signature } = gateway.signedEvent(session, 'checkout.session.completed');
  const paid = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { host: DEMO_HOST, 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature }, payload });
  expect(paid.statusCode, paid.body).toBe(200);
  return { sessionId, orderNumber };
}

describe('refunds through the payment adapters', () => {
  it('the built-in test gateway refunds in part and in full, and its own ledger agrees', async () => {
    const gateway = new TestGateway(t.scopes, SECRET);
    const app = await appWith(gateway);
    const admin = await signIn(app, 'admin@demo.test');
    const { sessionId, orderNumber } = await paidThroughGateway(app, gateway, 'pay_refund_test');

    const order = await adminOrder(app, admin, orderNumber);
    expect(order).toMatchObject({ payment_status: 'paid', payment: { provider: 'test', reference: 'pay_refund_test' } });
    const part = await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: 1.5 } });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 1.5 });
    const gatewayRefunded = async () =>
      rowsOf<{ refunded_amount: number }>(await t.database.db.execute(sql`select refunded_amount from test_payment_sessions where id = ${sessionId}`))[0].refunded_amount;
    expect(await gatewayRefunded()).toBe(150);

    const rest = Math.round((order.total_amount - 1.5) * 100) / 100;
    const full = await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: rest } });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().order).toMatchObject({ payment_status: 'refunded', status: 'refunded', refunded_amount: order.total_amount });
    expect(await gatewayRefunded()).toBe(Math.round(order.total_amount * 100));
  });

  it('the Stripe provider refunds against (fake) Stripe, and Stripe refusing leaves the books unchanged', async () => {
    const stripe = new StripeProvider({ secretKey: 'sk_test_refunds', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: fake.url });
    const app = await appWith(stripe);
    const admin = await signIn(app, 'admin@demo.test');
    const { session_id: sessionId, order_number: orderNumber } = await placeOrder(app);
    const completed = fake.complete(sessionId);
    const body = JSON.stringify({
      id: 'evt_refund_test_paid',
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object: fake.sessionObject(sessionId) },
    });
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET });
    const paid = await app.inject({ method: 'POST', url: '/api/webhooks/payments/stripe', headers: { host: DEMO_HOST, 'content-type': 'application/json', 'stripe-signature': header }, payload: body });
    expect(paid.statusCode, paid.body).toBe(200);

    const order = await adminOrder(app, admin, orderNumber);
    expect(order).toMatchObject({ payment_status: 'paid', payment: { provider: 'stripe', reference: completed.payment_intent } });
    fake.requests.length = 0;
    const part = await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: 2.25, reason: 'Late delivery' } });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 2.25 });
    const refundCall = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(Object.fromEntries(refundCall.form)).toMatchObject({ payment_intent: completed.payment_intent, amount: '225', 'metadata[reason]': 'Late delivery' });
    const event = (part.json().order as AdminOrderDetail).events.find((e) => e.type === 'refunded')!;
    expect(event.data).toMatchObject({ amount: 2.25, refund_id: expect.stringMatching(/^re_fake/) });

    // Stripe has had a refund made elsewhere (its dashboard): it refuses more than it holds, and our
    // reservation is let go with the refusal on the timeline.
    await fetch(`${fake.url}/v1/refunds`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${completed.payment_intent}` });
    const refused = await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: 1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('refund_too_large');
    const after = await adminOrder(app, admin, orderNumber);
    expect(after).toMatchObject({ refunded_amount: 2.25, refund_pending: 0, payment_status: 'partially_refunded' });
    expect(after.events[0]).toMatchObject({ type: 'refund_failed', actor_email: 'admin@demo.test' });
  });

  it('a refund the gateway made but the shop failed to record is asked again under the same key: one refund in both ledgers', async () => {
    const gateway = new TestGateway(t.scopes, SECRET);
    const app = await appWith(gateway);
    const admin = await signIn(app, 'admin@demo.test');
    const { sessionId, orderNumber } = await paidThroughGateway(app, gateway, 'pay_unrecorded');
    const order = await adminOrder(app, admin, orderNumber);
    const gatewayRefunded = async () =>
      rowsOf<{ refunded_amount: number; refunds: number }>(
        await t.database.db.execute(sql`select refunded_amount, (select count(*)::int from test_payment_refunds where session_id = ${sessionId}) as refunds from test_payment_sessions where id = ${sessionId}`),
      )[0];

    await failures.fail('always');
    try {
      const res = await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: 2 } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('refund_unrecorded');
    } finally {
      await failures.fail(null);
    }
    expect(await gatewayRefunded()).toEqual({ refunded_amount: 200, refunds: 1 });
    expect(await adminOrder(app, admin, orderNumber)).toMatchObject({ refunded_amount: 0, refund_pending: 2 });

    await t.database.db.execute(sql`update order_refunds set tried_at = tried_at - interval '1 hour' where state = 'pending'`);
    expect(await reconcilePendingRefunds({ scopes: t.scopes, payments: gateway, email: app.deps.email, log: app.log })).toEqual(['refunded']);
    expect(await gatewayRefunded()).toEqual({ refunded_amount: 200, refunds: 1 });
    const after = await adminOrder(app, admin, orderNumber);
    expect(after).toMatchObject({ refunded_amount: 2, refund_pending: 0, payment_status: 'partially_refunded' });
    // And the rest refunds normally.
    const rest = Math.round((order.total_amount - 2) * 100) / 100;
    expect((await call(app, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin, body: { amount: rest } })).statusCode).toBe(200);
    expect(await gatewayRefunded()).toEqual({ refunded_amount: Math.round(order.total_amount * 100), refunds: 2 });
  });
});
