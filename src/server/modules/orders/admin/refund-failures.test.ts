import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper } from '../../../test/shopper';
import { installRefundFailureSwitch, type RefundFailureSwitch } from '../../../test/refund-failure-switch';
import { rowsOf } from '../../../db/rows';
import { withScope } from '../../../db/scope';
import { orderRefunds } from '../../../db/schema';
import { RefundError } from '../../../adapters/payments/errors';
import type { EmailSender } from '../../../adapters/email/email';
import type { ProductCard } from '../../../../shared/catalog';
import type { AdminOrderDetail, AdminOrderPage } from '../../../../shared/admin-orders';
import { reconcilePendingRefunds, REFUND_GIVE_UP_AFTER_MS, REFUND_RETRY_AFTER_MS } from './refund-reconciler';

// Issue 11: a refund is recorded or not at all. Failures are injected after the provider's call (a
// provider that refunds and then throws, a database that refuses the record) and before it (input
// that must never reach the provider); the provider's own books (FakePayments) are the truth the
// order's books must end up equal to, with nothing left in refund_pending.

let t: TestApp;
let admin: string;
let product: ProductCard;
let failures: RefundFailureSwitch;
const originalRefund = () => Object.getPrototypeOf(t.payments).refund as typeof t.payments.refund;

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };

async function paidOrder() {
  const s = shopper(t.app);
  await s.send('POST', '/api/cart/items', { product_id: product.id, quantity: 2 });
  const placed = await s.send('POST', '/api/checkout', { contact: { email: 'refunds@example.com' }, shippingAddress: address, billingSameAsShipping: true });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_number: orderNumber, session_id: sessionId } = placed.json() as { order_number: string; session_id: string };
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
  const list = (await call(t.app, 'GET', `/api/admin/orders?search=${orderNumber}`, { cookie: admin })).json() as AdminOrderPage;
  return { id: list.orders[0].id, sessionId };
}

const refund = (id: string, body: unknown) => call(t.app, 'POST', `/api/admin/orders/${id}/refunds`, { cookie: admin, body });
const detail = async (id: string) => (await call(t.app, 'GET', `/api/admin/orders/${id}`, { cookie: admin })).json().order as AdminOrderDetail;
const pence = (pounds: number) => Math.round(pounds * 100);
const attempts = async (orderId: string) =>
  rowsOf<{ state: string; amount: number; refunded_amount: number | null; provider_refund_id: string | null }>(
    await t.database.db.execute(sql`select state, amount, refunded_amount, provider_refund_id from order_refunds where order_id = ${orderId}::uuid order by created_at`),
  );
const reconcileLater = async () => {
  // The attempts are older than a request can last: the reconciler's turn.
  await t.database.db.execute(sql`update order_refunds set tried_at = tried_at - ${REFUND_RETRY_AFTER_MS + 60_000} * interval '1 millisecond' where state = 'pending'`);
  return reconcilePendingRefunds({ scopes: t.scopes, payments: t.payments, email: t.app.deps.email, log: t.app.log });
};

/** The order's books equal the provider's, and nothing is held. */
async function expectBooksMatchProvider(id: string, sessionId: string) {
  const order = await detail(id);
  expect(order.refund_pending).toBe(0);
  expect(pence(order.refunded_amount)).toBe(t.payments.refundedFor(sessionId));
  return order;
}

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  product = items.find((p) => !p.has_variants && p.in_stock && p.price < 50)!;
  failures = await installRefundFailureSwitch(t.database.db);
});
afterAll(async () => {
  await failures?.remove();
});
beforeEach(async () => {
  await t.database.db.execute(sql`update products set stock_quantity = 50, reserved_quantity = 0, track_inventory = true where id = ${product.id}::uuid`);
  t.payments.refundCalls.length = 0;
});
afterEach(async () => {
  t.payments.refund = originalRefund();
  await failures.fail(null);
});

describe('a refund with invalid input', () => {
  it('never reaches the provider: 400 with the field named, nothing reserved or written', async () => {
    const { id } = await paidOrder();
    const total = (await detail(id)).total_amount;
    const cases: [string, unknown, string][] = [
      ['zero', { amount: 0 }, 'amount'],
      ['negative', { amount: -1 }, 'amount'],
      ['three decimals', { amount: 1.234 }, 'amount'],
      ['text amount', { amount: '5' }, 'amount'],
      ['huge amount', { amount: 1e12 }, 'amount'],
      ['more than is left', { amount: total + 0.01 }, 'amount'],
      ['NUL in the reason', { amount: 1, reason: 'Damaged\u0000box' }, 'reason'],
      ['lone surrogate in the reason', { amount: 1, reason: 'Damaged \ud83d box' }, 'reason'],
      ['escape character in the reason', { amount: 1, reason: 'Damaged \u001b[31m box' }, 'reason'],
      ['reason too long', { amount: 1, reason: 'x'.repeat(501) }, 'reason'],
      ['reason not text', { amount: 1, reason: 42 }, 'reason'],
      ['unknown field', { amount: 1, refund_id: 're_x' }, 'refund_id'],
    ];
    for (const [name, body, field] of cases) {
      const res = await refund(id, body);
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), name).toContain(field);
    }
    expect(t.payments.refundCalls).toEqual([]);
    expect(await attempts(id)).toEqual([]);
    expect(await detail(id)).toMatchObject({ refunded_amount: 0, refund_pending: 0, payment_status: 'paid' });
    // Line breaks and emoji are fine in a reason.
    const ok = await refund(id, { amount: 1, reason: 'Box damaged 📦\nCustomer kept the item' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(t.payments.refundCalls).toHaveLength(1);
  });
});

describe('a failure after the provider refunded', () => {
  it('the database refuses the record once: recorded plainly from the provider answer, then later refunds work', async () => {
    const { id, sessionId } = await paidOrder();
    await failures.fail('once');
    const res = await refund(id, { amount: 3, reason: 'Late' });
    expect(res.statusCode, res.body).toBe(200);
    const order = await expectBooksMatchProvider(id, sessionId);
    expect(order).toMatchObject({ refunded_amount: 3, payment_status: 'partially_refunded' });
    expect(order.events[0]).toMatchObject({
      type: 'refunded',
      actor_email: 'admin@demo.test',
      message: expect.stringMatching(/^Refunded £3\.00 at the payment provider \(refund re_\w+\): £3\.00 of £[\d.,]+ refunded\. Recording the refund failed at first, so the customer was not emailed\.$/),
      data: expect.objectContaining({ amount: 3, refund_id: expect.stringMatching(/^re_/), recorded_plainly: true }),
    });
    expect(await attempts(id)).toEqual([{ state: 'succeeded', amount: 300, refunded_amount: 300, provider_refund_id: expect.stringMatching(/^re_/) }]);
    // The attempts are the store's own: another store, or no store, sees none of them.
    const seenFrom = (tenantId: string | null) => withScope(t.database.db, { tenantId, userId: null }, (tx) => tx.select().from(orderRefunds));
    expect(await seenFrom(t.seed.tenantIds.acme)).toEqual([]);
    expect(await seenFrom(null)).toEqual([]);
    expect((await seenFrom(t.seed.tenantIds.demo)).length).toBeGreaterThan(0);

    const later = await refund(id, { amount: 2 });
    expect(later.statusCode, later.body).toBe(200);
    expect((await expectBooksMatchProvider(id, sessionId)).refunded_amount).toBe(5);
  });

  it('the database refuses every record: reserved, 503 with the refund id, then the reconciler records it once', async () => {
    const { id, sessionId } = await paidOrder();
    await failures.fail('always');
    const res = await refund(id, { amount: 4 });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json().error).toMatchObject({ code: 'refund_unrecorded', message: expect.stringMatching(/^The payment provider refunded £4\.00 \(refund re_\w+\), but the shop could not record it yet\./) });
    expect(t.payments.refundedFor(sessionId)).toBe(400);
    // Not lost and not spendable twice: the amount is held while it waits.
    const held = await detail(id);
    expect(held).toMatchObject({ refunded_amount: 0, refund_pending: 4 });
    expect(pence(held.refundable_amount)).toBe(pence(held.total_amount) - 400);
    // A smaller refund still works meanwhile (recording is back for it).
    await failures.fail(null);
    expect((await refund(id, { amount: 1 })).statusCode).toBe(200);

    expect(await reconcileLater()).toEqual(['refunded']);
    const order = await expectBooksMatchProvider(id, sessionId);
    expect(order.refunded_amount).toBe(5);
    expect(order.events.find((e) => e.type === 'refunded' && e.message.includes('on a later try'))).toMatchObject({
      actor_email: null,
      message: expect.stringMatching(/^Refunded £4\.00: £5\.00 of £[\d.,]+ refunded \(confirmed by the payment provider on a later try\)$/),
    });
    // The provider was asked again under the same key: one refund of £4, not two.
    const fours = t.payments.refundCalls.filter((c) => c.amount === 400);
    expect(fours).toHaveLength(2);
    expect(new Set(fours.map((c) => c.idempotencyKey)).size).toBe(1);
    // Run again: nothing left to do.
    expect(await reconcileLater()).toEqual([]);
  });

  it('a provider that refunds and then throws: asked again under the same key, recorded once', async () => {
    const { id, sessionId } = await paidOrder();
    let calls = 0;
    t.payments.refund = async (input) => {
      const made = await originalRefund().call(t.payments, input);
      if (++calls === 1) throw new Error('connection reset after the refund was made');
      return made;
    };
    const res = await refund(id, { amount: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const order = await expectBooksMatchProvider(id, sessionId);
    expect(order.refunded_amount).toBe(6);
    expect(calls).toBe(2);
    expect(order.events.filter((e) => e.type === 'refunded')).toHaveLength(1);
    expect((await refund(id, { amount: 1 })).statusCode).toBe(200);
    expect((await expectBooksMatchProvider(id, sessionId)).refunded_amount).toBe(7);
  });
});

describe('no answer from the provider', () => {
  it('stays reserved with a timeline note; the reconciler asks again and records the refund', async () => {
    const { id, sessionId } = await paidOrder();
    t.payments.refund = async () => {
      throw new Error('network down');
    };
    const res = await refund(id, { amount: 2 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'refund_unconfirmed', message: expect.stringContaining('It stays reserved and is asked again within a few minutes') });
    const held = await detail(id);
    expect(held).toMatchObject({ refunded_amount: 0, refund_pending: 2, payment_status: 'paid' });
    expect(held.events[0]).toMatchObject({ type: 'refund_unconfirmed', actor_email: 'admin@demo.test', message: expect.stringContaining('did not confirm the refund of £2.00') });
    expect(t.payments.refundedFor(sessionId)).toBe(0);

    // The provider is back; a refund asked meanwhile works, and the reconciler settles the held one.
    t.payments.refund = originalRefund();
    expect((await refund(id, { amount: 1 })).statusCode).toBe(200);
    expect(await reconcileLater()).toEqual(['refunded']);
    expect((await expectBooksMatchProvider(id, sessionId)).refunded_amount).toBe(3);
  });

  it('the provider refuses on the later try: the amount is let go with the reason on the timeline', async () => {
    const { id, sessionId } = await paidOrder();
    t.payments.refund = async () => {
      throw new Error('timeout');
    };
    expect((await refund(id, { amount: 2 })).statusCode).toBe(502);
    t.payments.refund = async () => {
      throw new RefundError('refund_too_large', 'Stripe refused the refund: already refunded.');
    };
    expect(await reconcileLater()).toEqual(['refused']);
    const order = await expectBooksMatchProvider(id, sessionId);
    expect(order).toMatchObject({ refunded_amount: 0, payment_status: 'paid' });
    expect(order.events[0]).toMatchObject({ type: 'refund_failed', actor_email: null, message: 'Refund of £2.00 failed: Stripe refused the refund: already refunded.' });
  });

  it('after a day without an answer the amount is let go, saying to check the provider', async () => {
    const { id } = await paidOrder();
    t.payments.refund = async () => {
      throw new Error('timeout');
    };
    expect((await refund(id, { amount: 2 })).statusCode).toBe(502);
    await t.database.db.execute(sql`update order_refunds set created_at = created_at - ${REFUND_GIVE_UP_AFTER_MS + 60_000} * interval '1 millisecond', tried_at = tried_at - ${REFUND_GIVE_UP_AFTER_MS + 60_000} * interval '1 millisecond'`);
    expect(await reconcileLater()).toEqual(['refused']);
    const order = await detail(id);
    expect(order).toMatchObject({ refunded_amount: 0, refund_pending: 0 });
    expect(order.events[0]).toMatchObject({ type: 'refund_failed', message: expect.stringContaining("gave no answer for a day. Check the payment in the provider's dashboard") });
    expect(await attempts(id)).toEqual([expect.objectContaining({ state: 'failed' })]);
  });
});

describe('an email sender that fails while recording', () => {
  it('is a failure after the provider call too: the refund is recorded plainly, never lost', async () => {
    const { id, sessionId } = await paidOrder();
    const email = t.app.deps.email;
    const failing: EmailSender = Object.assign(Object.create(Object.getPrototypeOf(email)), email, {
      send: async () => {
        throw new Error('outbox unavailable');
      },
    });
    t.app.deps.email = failing;
    try {
      const res = await refund(id, { amount: 2.5 });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.app.deps.email = email;
    }
    const order = await expectBooksMatchProvider(id, sessionId);
    expect(order.refunded_amount).toBe(2.5);
    expect(order.events[0].message).toContain('Recording the refund failed at first, so the customer was not emailed.');
  });
});
