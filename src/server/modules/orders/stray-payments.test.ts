import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { appWithPayments } from '../../test/app-with-payments';
import { formPost } from '../../test/pay-test-app';
import { placeOrder as placeOrderAs } from '../../test/shopper';
import { stripeCompleted } from '../../test/stripe-webhook';
import { TestGateway } from '../../adapters/payments/test-gateway';
import { StripeProvider } from '../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe';
import type { CreateSessionInput } from '../../adapters/payments/payments';
import type { AdminOrderDetail, AdminOrderPage } from '../../../shared/admin-orders';

// Issue 24 item 1, "the same rule for orders" (decision 029): a completed payment for an order already
// paid (a second session), or for an amount that is not its total, is refunded through the provider
// and recorded on the order's timeline, and the store is told: never ignored. The order's own payment
// is untouched. The race only proves anything on PostgreSQL; it must hold on both.

const SECRET = 'stray-orders-webhook-secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_stray_orders';
let t: TestApp;
let fake: FakeStripe;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await resetTestApp();
  fake = await startFakeStripe();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
});

const placeOrder = (app: FastifyInstance) => placeOrderAs(app, { email: 'twice@example.com' });

async function adminOrder(app: FastifyInstance, admin: string, orderNumber: string): Promise<AdminOrderDetail> {
  const list = (await call(app, 'GET', `/api/admin/orders?search=${orderNumber}`, { cookie: admin })).json() as AdminOrderPage;
  return (await call(app, 'GET', `/api/admin/orders/${list.orders[0].id}`, { cookie: admin })).json().order;
}

/** A second session for the same order, as a provider-side duplicate would be: one line for its total. */
const secondSession = (order: AdminOrderDetail): CreateSessionInput => {
  const total = Math.round(order.total_amount * 100);
  return {
    tenantId: t.seed.tenantIds.demo, shopName: 'Demo Store', orderId: order.id, orderNumber: order.order_number, currency: 'gbp',
    lines: [{ name: 'Order again', quantity: 1, unit_amount: total }], shippingAmount: 0, shippingName: 'Delivery', amountTotal: total,
    customerEmail: 'twice@example.com', successUrl: `http://${DEMO_HOST}/order/success`, cancelUrl: `http://${DEMO_HOST}/cart`, expiresAt: new Date(Date.now() + 30 * 60_000),
  };
};

const strayOf = async (orderId: string) =>
  rowsOf<{ session_id: string; reason: string; state: string; amount: string; refunded_amount: string | null }>(
    await t.database.db.execute(sql`select session_id, reason, state, amount, refunded_amount from stray_payment_refunds where subject_id = ${orderId}::uuid`),
  ).map((r) => ({ ...r, amount: Number(r.amount), refunded_amount: r.refunded_amount === null ? null : Number(r.refunded_amount) }));
const storeMail = async (orderId: string) =>
  rowsOf<{ to_address: string; subject: string }>(await t.database.db.execute(sql`select to_address, subject from email_messages where kind = 'stray_payment_refunded' and order_id = ${orderId}::uuid order by to_address`));

describe('an order paid twice', () => {
  it('with Stripe: the second payment is refunded once at Stripe and recorded; a repeated webhook refunds nothing more', async () => {
    const stripe = new StripeProvider({ secretKey: 'sk_test_stray_orders', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: fake.url });
    const app = await appWithPayments(t, stripe, SECRET);
    apps.push(app);
    const admin = await signIn(app, 'admin@demo.test');
    const { session_id: first, order_number: orderNumber } = await placeOrder(app);
    fake.complete(first);
    expect((await stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, first)).json().outcome).toBe('applied');
    const order = await adminOrder(app, admin, orderNumber);

    const second = await stripe.createSession(secondSession(order));
    fake.complete(second.sessionId);
    const refundsBefore = fake.requests.filter((r) => r.path === '/v1/refunds').length;
    expect((await stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, second.sessionId)).json()).toEqual({ received: true, outcome: 'refunded' });
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds').slice(refundsBefore);
    expect(refunds).toHaveLength(1);
    expect(Object.fromEntries(refunds[0].form)).toMatchObject({ payment_intent: fake.sessionObject(second.sessionId).payment_intent, amount: String(Math.round(order.total_amount * 100)) });

    const after = await adminOrder(app, admin, orderNumber);
    // The order's own payment stands: paid, nothing refunded on it.
    expect(after).toMatchObject({ payment_status: 'paid', refunded_amount: 0, refund_pending: 0 });
    expect(after.events.slice(0, 2).map((e) => e.type)).toEqual(['stray_payment_refunded', 'stray_payment']);
    expect(after.events[1].message).toContain(`A second payment of £${order.total_amount.toFixed(2)} (Stripe session ${second.sessionId}) arrived after this order was already paid.`);
    expect(await strayOf(order.id)).toEqual([expect.objectContaining({ session_id: second.sessionId, reason: 'already_paid', state: 'succeeded', refunded_amount: Math.round(order.total_amount * 100) })]);
    expect((await storeMail(order.id)).map((m) => m.to_address)).toEqual(['admin@demo.test', 'partner@demo.test']);
    expect((await storeMail(order.id))[0].subject).toBe(`Payment refunded automatically: order ${orderNumber}`);

    expect((await stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, second.sessionId)).json().outcome).toBe('duplicate');
    expect((await stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, second.sessionId, { eventId: 'evt_same_session_new_id' })).json().outcome).toBe('duplicate');
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(refundsBefore + 1);
    expect(await strayOf(order.id)).toHaveLength(1);
  });

  it('with the built-in gateway: the second session paid on its page is refunded through the gateway', async () => {
    const gateway = new TestGateway(t.scopes, SECRET);
    const app = await appWithPayments(t, gateway, SECRET);
    apps.push(app);
    const admin = await signIn(app, 'admin@demo.test');
    const { session_id: first, order_number: orderNumber } = await placeOrder(app);
    expect((await formPost(app, `/pay/${first}`, { card_number: '4242424242424242' }, DEMO_HOST)).statusCode).toBe(303);
    const order = await adminOrder(app, admin, orderNumber);
    const second = await gateway.createSession(secondSession(order));
    expect((await formPost(app, `/pay/${second.sessionId}`, { card_number: '4242424242424242' }, DEMO_HOST)).statusCode).toBe(303);

    const ledger = rowsOf<{ id: string; refunded_amount: number }>(await t.database.db.execute(sql`select id, refunded_amount from test_payment_sessions where order_id = ${order.id}::uuid`));
    expect(Object.fromEntries(ledger.map((s) => [s.id, s.refunded_amount]))).toEqual({ [first]: 0, [second.sessionId]: Math.round(order.total_amount * 100) });
    const after = await adminOrder(app, admin, orderNumber);
    expect(after).toMatchObject({ payment_status: 'paid', refunded_amount: 0 });
    expect(after.events[0].message).toMatch(/^Refunded the £[\d,.]+ payment \(the test gateway session cs_test_.+\) to the payer automatically: refund re_test_/);
  });

  it('two sessions completing at once: one pays the order, the other is refunded (test double)', async () => {
    const { session_id: first, order_number: orderNumber } = await placeOrder(t.app);
    const input = t.payments.sessions.find((s) => s.sessionId === first)!;
    const second = await t.payments.createSession({ ...input });
    const send = (sessionId: string) => {
      const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
      return t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload });
    };
    const outcomes = (await Promise.all([send(first), send(second.sessionId)])).map((r) => r.json().outcome as string);
    // The order's own session pays it; the second is refunded whichever webhook came first.
    expect(outcomes).toEqual(['applied', 'refunded']);
    const admin = await signIn(t.app, 'admin@demo.test');
    const order = await adminOrder(t.app, admin, orderNumber);
    expect(order).toMatchObject({ payment_status: 'paid', refunded_amount: 0 });
    expect(t.payments.refundCalls.filter((c) => c.sessionId === second.sessionId)).toHaveLength(1);
    expect(t.payments.refundCalls.filter((c) => c.sessionId === first)).toHaveLength(0);
    expect(await strayOf(order.id)).toEqual([expect.objectContaining({ session_id: second.sessionId, reason: expect.stringMatching(/^(other_session|already_paid)$/), state: 'succeeded' })]);
  });
});
