import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import type { ProductCard } from '../../../shared/catalog';
import type { ShippingMethod } from '../../../shared/cart';
import { ORDER_DELIVERY_TEXT, type OrderSummary } from '../../../shared/orders';

/** The demo stores' dispatch time (seed/policies.ts), as their emails state it. */
const ORDER_PROCESSING_TEXT = 'Orders are processed within 1-2 business days';

// Issue 11 item 8: the success page and the emails give the chosen delivery method's time.

let t: TestApp;
let product: ProductCard;
let methods: ShippingMethod[];

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
const NEXT_DAY_TEXT = 'Delivery on the next business day';

const method = (name: string) => methods.find((m) => m.name === name)!;
const emailsOf = async (orderNumber: string) =>
  rowsOf<{ kind: string; text: string; html: string }>(
    await t.database.db.execute(sql`select e.kind, e.text, e.html from email_messages e join orders o on o.id = e.order_id where o.order_number = ${orderNumber} order by e.created_at`),
  );

/** Checks out one product with the named delivery method and pays through the signed webhook. */
async function buyWith(methodName: string) {
  const s = shopper(t.app);
  await s.send('POST', '/api/cart/items', { product_id: product.id });
  const placed = await s.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, shipping_method_id: method(methodName).id });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_number: orderNumber, session_id: sessionId } = placed.json() as { order_number: string; session_id: string };
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
  const order = (await s.send('GET', `/api/orders/public-lookup?session_id=${sessionId}`)).json().order as OrderSummary;
  return { orderNumber, order };
}

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  product = items.find((p) => !p.has_variants && p.in_stock && p.price < 50)!;
  methods = (await call(t.app, 'GET', '/api/shipping-methods')).json().shipping_methods;
});
const setNextDayDays = (min: number, max: number) =>
  t.database.db.execute(sql`update shipping_methods set delivery_min_days = ${min}, delivery_max_days = ${max} where id = ${method('Next Day Delivery').id}::uuid`);

beforeEach(async () => {
  await t.database.db.execute(sql`update products set stock_quantity = 50, reserved_quantity = 0, track_inventory = true where id = ${product.id}::uuid`);
});
// A test that changed the Next Day method leaves it as seeded for the next one.
afterEach(async () => setNextDayDays(1, 1));

describe('delivery time per shipping method', () => {
  it('GET /api/shipping-methods gives each method its business days: Standard 3-5, Next Day 1', async () => {
    expect(methods.map((m) => [m.name, m.delivery_min_days, m.delivery_max_days])).toEqual([
      ['Standard Delivery', 3, 5],
      ['Next Day Delivery', 1, 1],
    ]);
  });

  it('Next Day: the order keeps the method time it was placed with, and the confirmation says the next business day', async () => {
    const { orderNumber, order } = await buyWith('Next Day Delivery');
    expect(order).toMatchObject({ shipping_method: 'Next Day Delivery', delivery_min_days: 1, delivery_max_days: 1, payment_status: 'paid' });
    const [mail] = await emailsOf(orderNumber);
    expect(mail.kind).toBe('order_confirmation');
    expect(mail.text).toContain(`${ORDER_PROCESSING_TEXT}. ${NEXT_DAY_TEXT}.`);
    expect(mail.html).toContain(NEXT_DAY_TEXT);
    expect(mail.text).not.toContain('3-5 business days');

    // The method changes later: the order (and what it says) stays as it was placed.
    await setNextDayDays(2, 4);
    const again = (await call(t.app, 'GET', '/api/shipping-methods')).json().shipping_methods as ShippingMethod[];
    expect(again.find((m) => m.name === 'Next Day Delivery')).toMatchObject({ delivery_min_days: 2, delivery_max_days: 4 });
    const stored = rowsOf<{ delivery_min_days: number; delivery_max_days: number }>(
      await t.database.db.execute(sql`select delivery_min_days, delivery_max_days from orders where order_number = ${orderNumber}`),
    );
    expect(stored).toEqual([{ delivery_min_days: 1, delivery_max_days: 1 }]);

    // The shipping notice says the same.
    const admin = await signIn(t.app, 'admin@demo.test');
    const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from orders where order_number = ${orderNumber}`));
    const shipped = await call(t.app, 'POST', `/api/admin/orders/${id}/status`, { cookie: admin, body: { status: 'shipped', tracking_reference: 'RM1GB' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const notice = (await emailsOf(orderNumber)).find((m) => m.kind === 'order_shipped')!;
    expect(notice.text).toContain(`${NEXT_DAY_TEXT}.`);
    expect(notice.text).not.toContain('3-5 business days');
  });

  it('Standard: 3-5 business days on the order, in the confirmation and in the shipping notice', async () => {
    const { orderNumber, order } = await buyWith('Standard Delivery');
    expect(order).toMatchObject({ shipping_method: 'Standard Delivery', delivery_min_days: 3, delivery_max_days: 5 });
    const [mail] = await emailsOf(orderNumber);
    expect(mail.text).toContain(`${ORDER_PROCESSING_TEXT}. ${ORDER_DELIVERY_TEXT}.`);
    expect(mail.text).not.toContain(NEXT_DAY_TEXT);
    const admin = await signIn(t.app, 'admin@demo.test');
    const [{ id }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from orders where order_number = ${orderNumber}`));
    await call(t.app, 'POST', `/api/admin/orders/${id}/status`, { cookie: admin, body: { status: 'shipped', tracking_reference: 'RM2GB' } });
    expect((await emailsOf(orderNumber)).find((m) => m.kind === 'order_shipped')!.text).toContain(`${ORDER_DELIVERY_TEXT}.`);
  });

  it('refuses delivery days the promise cannot state (the columns are checked)', async () => {
    const bad = async (min: number, max: number) =>
      t.database.db.execute(sql`update shipping_methods set delivery_min_days = ${min}, delivery_max_days = ${max} where id = ${method('Standard Delivery').id}::uuid`);
    await expect(bad(0, 1)).rejects.toThrow();
    await expect(bad(4, 3)).rejects.toThrow();
    await expect(bad(1, 31)).rejects.toThrow();
  });
});
