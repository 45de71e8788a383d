import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper } from '../../../test/shopper';
import { rowsOf } from '../../../db/rows';
import type { AdminOrderDetail } from '../../../../shared/admin-orders';
import type { AccountOrder } from '../../../../shared/orders';
import { reconcilePendingRefunds, REFUND_RETRY_AFTER_MS } from './refund-reconciler';
import { recordRefund } from './refund-settlement';
import type { RefundAttempt } from './refunds-repo';

// Issue 27 item 9: refunds by lines, with a "Put back in stock" choice per line. The amount comes from
// the order's own prices, stock goes back through the ledger exactly once, VAT comes back by each line's
// rate, and the shopper's order page shows it. Through the real HTTP layer, on PGlite and PostgreSQL.

let t: TestApp;
let admin: string;
let bowl: string;
let pot: string;

const BOWL = 'Hand-thrown Serving Bowl';
const POT = 'Terracotta Plant Pot, 21cm';
const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
const pence = (pounds: number) => Math.round(pounds * 100);

async function productId(slug: string) {
  const res = await call(t.app, 'GET', `/api/products/by-slug/${slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product.id as string;
}
async function setStock(productId: string, quantity: number) {
  await t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = 0, track_inventory = true where id = ${productId}::uuid`);
}
const stockOf = async (productId: string) =>
  rowsOf<{ stock_quantity: number }>(await t.database.db.execute(sql`select stock_quantity from products where id = ${productId}::uuid`))[0].stock_quantity;
const ledgerOf = async (orderId: string, productId: string) =>
  rowsOf<{ change: number; reason: string; notes: string }>(
    await t.database.db.execute(sql`select change, reason, notes from stock_movements where order_id = ${orderId}::uuid and product_id = ${productId}::uuid order by created_at`),
  ).map((r) => [r.change, r.reason]);
const attemptsOf = async (orderId: string) =>
  rowsOf<{ id: string; state: string; amount: number }>(await t.database.db.execute(sql`select id, state, amount from order_refunds where order_id = ${orderId}::uuid order by created_at`));
const vatOf = async (orderId: string, kind: 'sale' | 'refund', refundId?: string) =>
  rowsOf<{ rate: string; gross: number; vat: number }>(
    await t.database.db.execute(sql`
      select rate, sum(gross)::int as gross, sum(vat)::int as vat from vat_entries
      where order_id = ${orderId}::uuid and kind = ${kind} ${refundId ? sql`and refund_id = ${refundId}::uuid` : sql``}
      group by rate order by rate`),
  );

/** A paid order on the demo store: `bowls` bowls and `pots` pots, bought by `buyer` (a new guest browser unless given). */
async function paidOrder(opts: { bowls?: number; pots?: number; buyer?: ReturnType<typeof shopper> } = {}) {
  const s = opts.buyer ?? shopper(t.app);
  if (opts.bowls ?? 2) expect((await s.send('POST', '/api/cart/items', { product_id: bowl, quantity: opts.bowls ?? 2 })).statusCode).toBe(200);
  if (opts.pots ?? 1) expect((await s.send('POST', '/api/cart/items', { product_id: pot, quantity: opts.pots ?? 1 })).statusCode).toBe(200);
  const placed = await s.send('POST', '/api/checkout', { contact: { email: 'lines@example.com' }, shippingAddress: address, billingSameAsShipping: true });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_number: orderNumber, session_id: sessionId } = placed.json() as { order_number: string; session_id: string };
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
  const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from orders where order_number = ${orderNumber}`));
  const order = await detail(id);
  const line = (name: string) => order.items.find((i) => i.product_name === name)!;
  return { id, orderNumber, sessionId, order, bowlLine: line(BOWL), potLine: line(POT) };
}

const refund = (id: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', `/api/admin/orders/${id}/refunds`, { cookie, host, body });
const detail = async (id: string) => (await call(t.app, 'GET', `/api/admin/orders/${id}`, { cookie: admin })).json().order as AdminOrderDetail;
const reconcileLater = async () => {
  await t.database.db.execute(sql`update order_refunds set tried_at = tried_at - ${REFUND_RETRY_AFTER_MS + 60_000} * interval '1 millisecond' where state = 'pending'`);
  return reconcilePendingRefunds({ scopes: t.scopes, payments: t.payments, email: t.app.deps.email, log: t.app.log });
};

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  bowl = await productId('hand-thrown-serving-bowl');
  pot = await productId('terracotta-plant-pot-21cm');
});
beforeEach(async () => {
  await setStock(bowl, 20);
  await setStock(pot, 20);
  t.payments.refund = Object.getPrototypeOf(t.payments).refund;
  t.payments.refundCalls.length = 0;
});

describe('a refund by lines', () => {
  it('works the amount out from the order, refuses more than the chosen lines with 400, refunds parts of lines and puts back only what was chosen', async () => {
    const { id, order, bowlLine, potLine } = await paidOrder();
    expect(bowlLine).toMatchObject({ quantity: 2, refunded_quantity: 0, refundable_quantity: 2, unit_price: 28 });
    expect(potLine).toMatchObject({ quantity: 1, refundable_quantity: 1 });
    expect(order.delivery_refundable).toBe(order.shipping_total > 0);
    expect(await stockOf(bowl)).toBe(18);

    // A client-sent amount above the chosen lines' value: 400 on the amount, nothing reserved or asked.
    const over = await refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: true }], amount: 28.01 });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'refund_too_large', message: 'A refund of £28.01 is more than the £28.00 the chosen items come to.', fields: { amount: expect.any(String) } });
    expect(t.payments.refundCalls).toEqual([]);
    expect(await attemptsOf(id)).toEqual([]);

    // One of the two bowls, back in stock: £28.00, worked out by the server.
    const first = await refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: true }, { id: potLine.id, quantity: 0 }] });
    expect(first.statusCode, first.body).toBe(200);
    let now = first.json().order as AdminOrderDetail;
    expect(now).toMatchObject({ refunded_amount: 28, payment_status: 'partially_refunded', status: 'confirmed' });
    expect(now.items.find((i) => i.id === bowlLine.id)).toMatchObject({ refunded_quantity: 1, refundable_quantity: 1 });
    expect(t.payments.refundCalls.map((c) => c.amount)).toEqual([2800]);
    expect(now.events[1]).toMatchObject({
      type: 'refunded',
      actor_email: 'admin@demo.test',
      message: `Refunded £28.00: 1 × ${BOWL} (restocked). £28.00 of £${order.total_amount.toFixed(2)} refunded`,
      data: expect.objectContaining({ amount: 28, lines: [expect.objectContaining({ line_id: bowlLine.id, quantity: 1, restock: true, restocked: 1 })] }),
    });
    expect(await stockOf(bowl)).toBe(19);
    expect(await ledgerOf(id, bowl)).toEqual([
      [-2, 'sale'],
      [1, 'return'],
    ]);

    // Only one bowl is left to refund: two is refused on that line, with nothing written.
    const tooMany = await refund(id, { lines: [{ id: bowlLine.id, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'refund_too_large', message: `Only 1 of ${BOWL} is left to refund.`, fields: { 'lines.0.quantity': 'Only 1 left to refund' } });

    // The other bowl kept out of stock (damaged) and the pot put back, for less than they come to.
    const second = await refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: false }, { id: potLine.id, quantity: 1, restock: true }], amount: 40, reason: 'Bowl chipped' });
    expect(second.statusCode, second.body).toBe(200);
    now = second.json().order as AdminOrderDetail;
    expect(now.refunded_amount).toBe(68);
    expect(now.events[1].message).toBe(`Refunded £40.00 (Bowl chipped): 1 × ${BOWL}, 1 × ${POT} (restocked). £68.00 of £${order.total_amount.toFixed(2)} refunded`);
    expect(now.items.map((i) => [i.product_name, i.refunded_quantity, i.refundable_quantity])).toEqual([
      [BOWL, 2, 0],
      [POT, 1, 0],
    ]);
    expect(await stockOf(bowl)).toBe(19);
    expect(await stockOf(pot)).toBe(20);

    // A line refunded in full cannot be chosen again.
    const again = await refund(id, { lines: [{ id: bowlLine.id, quantity: 1 }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'refund_too_large', message: `${BOWL} has already been refunded in full.`, fields: { 'lines.0.quantity': 'Already refunded' } });

    // Delivery on its own, once.
    expect(order.shipping_total).toBeGreaterThan(0);
    const delivery = await refund(id, { delivery: true });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json().order).toMatchObject({ refunded_amount: 68 + order.shipping_total, delivery_refundable: false });
    expect(delivery.json().order.events[1].message).toBe(`Refunded £${order.shipping_total.toFixed(2)}: delivery. £${(68 + order.shipping_total).toFixed(2)} of £${order.total_amount.toFixed(2)} refunded`);
    const twice = await refund(id, { delivery: true });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ delivery: 'Already refunded' });
    // The rest by amount completes the refund: the order was not sent, but every unit was dealt with
    // by its line's own choice, so the kept-out bowl stays out.
    const rest = await detail(id);
    const last = await refund(id, { amount: rest.refundable_amount });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().order).toMatchObject({ status: 'refunded', payment_status: 'refunded', can_refund: false });
    expect(await stockOf(bowl)).toBe(19);
    expect(await ledgerOf(id, bowl)).toEqual([
      [-2, 'sale'],
      [1, 'return'],
    ]);
  });

  it('a full refund by amount alone before sending still puts everything back, as before', async () => {
    const { id, order } = await paidOrder({ bowls: 1, pots: 2 });
    const res = await refund(id, { amount: order.total_amount });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(bowl)).toBe(20);
    expect(await stockOf(pot)).toBe(20);
  });

  it('a full refund after some lines puts back the units no line refund dealt with', async () => {
    const { id, bowlLine } = await paidOrder({ bowls: 2, pots: 2 });
    expect((await refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: false }] })).statusCode).toBe(200);
    const rest = await detail(id);
    expect((await refund(id, { amount: rest.refundable_amount })).statusCode).toBe(200);
    // One bowl kept out by choice; the other bowl and both pots never left.
    expect(await stockOf(bowl)).toBe(19);
    expect(await stockOf(pot)).toBe(20);
  });
});

describe('stock goes back once', () => {
  it('the same request sent again (its key) refunds and restocks nothing more; other figures under that key are refused', async () => {
    const { id, bowlLine } = await paidOrder();
    const key = '6f1c1f7e-3c55-4a57-9a5e-1b2c3d4e5f60';
    const body = { lines: [{ id: bowlLine.id, quantity: 1, restock: true }], key };
    const first = await refund(id, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await refund(id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order).toMatchObject({ refunded_amount: 28, refund_pending: 0 });
    expect(t.payments.refundCalls).toHaveLength(1);
    expect(await stockOf(bowl)).toBe(19);
    expect(await ledgerOf(id, bowl)).toEqual([
      [-2, 'sale'],
      [1, 'return'],
    ]);
    expect((await refund(id, { ...body, lines: [{ id: bowlLine.id, quantity: 1, restock: true }], amount: 10 })).statusCode).toBe(409);
    const other = await paidOrder();
    expect((await refund(other.id, { lines: [{ id: other.bowlLine.id, quantity: 1 }], key })).statusCode).toBe(409);
    expect(await attemptsOf(other.id)).toEqual([]);
  });

  it('no answer from the provider: the units stay taken; asked again under the same key, recorded and restocked once; a replayed answer does nothing', async () => {
    const { id, sessionId, bowlLine } = await paidOrder();
    const made = Object.getPrototypeOf(t.payments).refund as typeof t.payments.refund;
    // The provider refunds, then the answer is lost (both tries).
    t.payments.refund = async (input) => {
      await made.call(t.payments, input);
      throw new Error('connection reset');
    };
    const key = '0d8b6f4a-2c1e-4f3a-8b7c-6d5e4f3a2b1c';
    const body = { lines: [{ id: bowlLine.id, quantity: 1, restock: true }], key };
    const lost = await refund(id, body);
    expect(lost.statusCode).toBe(502);
    let now = await detail(id);
    expect(now).toMatchObject({ refunded_amount: 0, refund_pending: 28 });
    expect(now.items.find((i) => i.id === bowlLine.id)).toMatchObject({ refunded_quantity: 0, refundable_quantity: 1 });
    expect(await stockOf(bowl)).toBe(18);

    // The admin sends it again (same key): the provider answers the refund it made; recorded once.
    t.payments.refund = made;
    const retried = await refund(id, body);
    expect(retried.statusCode, retried.body).toBe(200);
    now = retried.json().order as AdminOrderDetail;
    expect(now).toMatchObject({ refunded_amount: 28, refund_pending: 0 });
    expect(t.payments.refundedFor(sessionId)).toBe(2800);
    expect(new Set(t.payments.refundCalls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(await stockOf(bowl)).toBe(19);

    // The reconciler finds nothing to do; the provider's answer replayed into the books changes nothing.
    expect(await reconcileLater()).toEqual([]);
    const [attempt] = rowsOf<{ id: string; provider_refund_id: string }>(await t.database.db.execute(sql`select id, provider_refund_id from order_refunds where order_id = ${id}::uuid`));
    const demo = t.seed.tenantIds.demo;
    const replayed = await t.scopes.run({ tenantId: demo, userId: null }, (work) =>
      recordRefund({ ...work, tenantId: demo, actor: null }, t.app.deps.email, { id: attempt.id, orderId: id, amount: 2800, reason: null, includesDelivery: false } as RefundAttempt, {
        refundId: attempt.provider_refund_id,
        amount: 2800,
      }),
    );
    expect(replayed).toEqual({ settled: false, stockChanged: false });
    expect(await stockOf(bowl)).toBe(19);
    expect(await ledgerOf(id, bowl)).toEqual([
      [-2, 'sale'],
      [1, 'return'],
    ]);
    expect((await detail(id)).events.filter((e) => e.type === 'refunded')).toHaveLength(1);
  });

  it('two refunds of the same line at once never take more units than it has', async () => {
    const { id, bowlLine } = await paidOrder({ bowls: 2, pots: 0 });
    const original = t.payments.refund;
    t.payments.refund = async (input) => {
      await new Promise((r) => setTimeout(r, 50));
      return original.call(t.payments, input);
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: true }] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    const now = await detail(id);
    expect(now.items[0]).toMatchObject({ refunded_quantity: 2, refundable_quantity: 0 });
    expect(now.refunded_amount).toBe(56);
    expect(await stockOf(bowl)).toBe(20);
  });
});

describe('the table behind it', () => {
  it('refuses more units of a line than it sold, even past the service; each store sees only its own refunded lines', async () => {
    const { id, bowlLine } = await paidOrder();
    expect((await refund(id, { lines: [{ id: bowlLine.id, quantity: 2 }] })).statusCode).toBe(200);
    const [attempt] = await attemptsOf(id);
    const demo = t.seed.tenantIds.demo;
    const insert = (tenantId: string) =>
      t.scopes.run({ tenantId, userId: null }, ({ tx }) =>
        tx.execute(sql`insert into order_refund_lines (tenant_id, refund_id, order_id, order_item_id, quantity, amount, restock)
                       values (${demo}::uuid, ${attempt.id}::uuid, ${id}::uuid, ${bowlLine.id}::uuid, 1, 2800, false)`),
      );
    const why = (p: Promise<unknown>) => p.then(() => 'written', (err: Error & { cause?: unknown }) => `${err.message} ${String(err.cause ?? '')}`);
    expect(await why(insert(demo))).toMatch(/3 of 2 units of line .* would be refunded/);
    // Another store cannot even see the line (the check runs before row-level security would refuse it).
    expect(await why(insert(t.seed.tenantIds.acme))).toMatch(/is not a line of order|row-level security/);
    const seen = (tenantId: string | null) => t.scopes.run({ tenantId, userId: null }, async ({ tx }) => rowsOf(await tx.execute(sql`select id from order_refund_lines`)).length);
    expect(await seen(demo)).toBeGreaterThan(0);
    expect(await seen(t.seed.tenantIds.acme)).toBe(0);
    expect(await seen(null)).toBe(0);
    // The app may not delete them.
    expect(await why(t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql`delete from order_refund_lines`)))).toMatch(/permission denied/);
  });
});

describe('VAT by the lines’ own rates', () => {
  it('a zero-rated line gives back no VAT, a standard one its own VAT; all refunded, the VAT comes back exactly by rate', async () => {
    await t.database.db.execute(sql`update products set vat_rate = 'zero' where id = ${pot}::uuid`);
    t.app.deps.catalogueCache.clear();
    try {
      const { id, order, bowlLine, potLine } = await paidOrder({ bowls: 1, pots: 3 });
      expect(potLine).toMatchObject({ vat_rate: 'zero', vat_amount: 0 });
      const sale = await vatOf(id, 'sale');
      expect(sale.map((p) => p.rate)).toEqual(['standard', 'zero']);

      expect((await refund(id, { lines: [{ id: potLine.id, quantity: 1 }] })).statusCode).toBe(200);
      let [attempt] = (await attemptsOf(id)).slice(-1);
      expect(await vatOf(id, 'refund', attempt.id)).toEqual([{ rate: 'zero', gross: 1650, vat: 0 }]);

      expect((await refund(id, { lines: [{ id: bowlLine.id, quantity: 1 }] })).statusCode).toBe(200);
      [attempt] = (await attemptsOf(id)).slice(-1);
      expect(await vatOf(id, 'refund', attempt.id)).toEqual([{ rate: 'standard', gross: 2800, vat: pence(bowlLine.vat_amount) }]);

      // Part of the rest by amount, then the last two pots and delivery by lines.
      expect((await refund(id, { amount: 5 })).statusCode).toBe(200);
      const rest = await detail(id);
      expect(order.shipping_total).toBeGreaterThan(0);
      const last = await refund(id, { lines: [{ id: potLine.id, quantity: 2 }], delivery: true, amount: rest.refundable_amount });
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().order).toMatchObject({ payment_status: 'refunded' });
      expect(await vatOf(id, 'refund')).toEqual(sale);
    } finally {
      await t.database.db.execute(sql`update products set vat_rate = null where id = ${pot}::uuid`);
      t.app.deps.catalogueCache.clear();
    }
  });
});

describe('refused and strange input', () => {
  it('another store’s order is the same 404 as none; a line of another order is refused', async () => {
    const { id, bowlLine } = await paidOrder();
    const acme = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const body = { lines: [{ id: bowlLine.id, quantity: 1, restock: true }] };
    const foreign = await refund(id, body, acme, ACME_HOST);
    const none = await refund('0b8c7c1e-5d4a-4c3b-9a2f-1e0d9c8b7a6f', body, acme, ACME_HOST);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(none.json());
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await refund(id, body, staff)).statusCode).toBe(403);

    const other = await paidOrder();
    const stray = await refund(id, { lines: [{ id: other.bowlLine.id, quantity: 1 }] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error).toMatchObject({ code: 'refund_invalid', fields: { 'lines.0.id': 'Not a line of this order' } });
    expect(await attemptsOf(id)).toEqual([]);
    expect(await stockOf(bowl)).toBe(16);
  });

  it('NUL bytes, huge or negative numbers, unknown ids and wrong types are 4xx, never 5xx, and write nothing', async () => {
    const { id, bowlLine } = await paidOrder();
    const line = (over: Record<string, unknown>) => ({ lines: [{ id: bowlLine.id, quantity: 1, ...over }] });
    const cases: [string, unknown][] = [
      ['NUL in a line id', line({ id: `${bowlLine.id}\u0000` })],
      ['NUL alone as id', line({ id: '\u0000' })],
      ['lone surrogate in a line id', line({ id: 'ab\ud800' })],
      ['unknown line id', line({ id: '00000000-0000-4000-8000-000000000000' })],
      ['not a uuid', line({ id: 'bowl' })],
      ['negative quantity', line({ quantity: -1 })],
      ['fraction', line({ quantity: 1.5 })],
      ['huge quantity', line({ quantity: 1e308 })],
      ['past 32 bits', line({ quantity: 2 ** 31 })],
      ['past safe integers', line({ quantity: 2 ** 53 + 1 })],
      ['quantity as text', line({ quantity: '1' })],
      ['quantity null', line({ quantity: null })],
      ['restock as text', line({ restock: 'yes' })],
      ['unknown line field', line({ price: 0.01 })],
      ['nothing chosen', line({ quantity: 0 })],
      ['empty lines', { lines: [] }],
      ['lines not a list', { lines: { id: bowlLine.id } }],
      ['too many lines', { lines: Array.from({ length: 201 }, () => ({ id: bowlLine.id, quantity: 0 })) }],
      ['the same line twice', { lines: [{ id: bowlLine.id, quantity: 1 }, { id: bowlLine.id, quantity: 1 }] }],
      ['huge amount', { ...line({}), amount: 1e308 }],
      ['negative amount', { ...line({}), amount: -28 }],
      ['NUL in the reason', { ...line({}), reason: 'a\u0000b' }],
      ['key not a uuid', { ...line({}), key: 'again' }],
      ['key with NUL', { ...line({}), key: '\u0000' }],
      ['delivery as text', { delivery: 'yes' }],
      ['nothing at all', {}],
    ];
    for (const [name, body] of cases) {
      const res = await refund(id, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error.fields, name).toBeTruthy();
    }
    // A body that is not JSON at all, or a line list nested past reason.
    expect((await call(t.app, 'POST', `/api/admin/orders/${id}/refunds`, { cookie: admin, body: '{"lines": [', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(t.payments.refundCalls).toEqual([]);
    expect(await attemptsOf(id)).toEqual([]);
    expect(await detail(id)).toMatchObject({ refunded_amount: 0, refund_pending: 0 });
  });
});

describe('the shopper’s order page', () => {
  it('shows the signed-in owner their order with its lines, refunds and address; anyone else gets the same 404 as none', async () => {
    const buyer = shopper(t.app);
    buyer.jar.sid = (await signIn(t.app, 'shopper@demo.test')).split('=')[1];
    const { id, orderNumber, bowlLine } = await paidOrder({ buyer });
    expect((await refund(id, { lines: [{ id: bowlLine.id, quantity: 1, restock: true }] })).statusCode).toBe(200);

    const res = await buyer.send('GET', `/api/account/orders/${orderNumber.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = res.json().order as AccountOrder;
    expect(order).toMatchObject({ order_number: orderNumber, refunded_amount: 28, shipping_address: { first_name: 'Ada', line1: '12 Analytical Row', postcode: 'SW1A 1AA' }, receipt_url: expect.stringContaining(orderNumber) });
    expect(order.items.find((i) => i.product_name === BOWL)).toMatchObject({ quantity: 2, refunded_quantity: 1 });
    expect(order.refunds).toEqual([{ refunded_at: expect.any(String), amount: 28, lines: [{ product_name: BOWL, quantity: 1 }], delivery: false }]);
    // The list says how many of each line were refunded too.
    const list = (await buyer.send('GET', '/api/account/orders')).json().orders as AccountOrder[];
    expect(list.find((o) => o.order_number === orderNumber)!.items.find((i) => i.product_name === BOWL)!.refunded_quantity).toBe(1);

    const missing = await buyer.send('GET', '/api/account/orders/ORD-NOPE');
    expect(missing.statusCode).toBe(404);
    const someoneElse = await call(t.app, 'GET', `/api/account/orders/${orderNumber}`, { cookie: await signIn(t.app, 'staff@demo.test') });
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json()).toEqual(missing.json());
    const otherStore = await call(t.app, 'GET', `/api/account/orders/${orderNumber}`, { cookie: await signIn(t.app, 'shopper@demo.test', ACME_HOST), host: ACME_HOST });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.json()).toEqual(missing.json());
    expect((await call(t.app, 'GET', `/api/account/orders/${orderNumber}`, { cookie: null })).statusCode).toBe(401);
    // A guest's order (no account) is nobody's page, even from the browser that placed it.
    const guest = await paidOrder();
    expect((await call(t.app, 'GET', `/api/account/orders/${guest.orderNumber}`, { cookie: buyer.jar.sid ? `sid=${buyer.jar.sid}` : null })).statusCode).toBe(404);
    for (const strange of ['%00', 'x'.repeat(41), '%F0%9F%92%A9']) {
      const r = await buyer.send('GET', `/api/account/orders/${strange}`);
      expect(r.statusCode, strange).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, strange).toBeLessThan(500);
    }
  });
});
