import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, resetTestApp, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import type { ProductCard } from '../../../shared/catalog';
import type { Cart } from '../../../shared/cart';
import { MAX_ORDER_TOTAL_PENCE } from '../../../shared/money';

// Issue 11: a £30,000 product × 999 used to overflow the 32-bit pence columns at checkout (500). Orders
// are capped at the largest card payment (£999,999.99), refused with a clear 409 before anything is held.

let t: TestApp;
let product: ProductCard;
const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
const form = { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true };

async function setPrice(pence: number) {
  await t.database.db.execute(sql`update products set base_price = ${pence}, sale_price = null, track_inventory = false where id = ${product.id}::uuid`);
}

async function counts() {
  const [row] = rowsOf<{ orders: number; reserved: number }>(
    await t.database.db.execute(sql`select (select count(*)::int from orders) as orders, (select coalesce(sum(reserved_quantity), 0)::int from products) as reserved`),
  );
  return row;
}

/** A new shopper whose cart holds `quantity` of the product, and the method to deliver by. */
async function cartOf(quantity: number, method: 'Standard Delivery' | 'Next Day Delivery' = 'Standard Delivery') {
  const s = shopper(t.app);
  expect((await s.send('POST', '/api/cart/items', { product_id: product.id, quantity })).statusCode).toBe(200);
  const methods = (await s.send('GET', '/api/shipping-methods')).json().shipping_methods as { id: string; name: string }[];
  const methodId = methods.find((m) => m.name === method)!.id;
  expect((await s.send('PUT', '/api/cart/shipping', { shipping_method_id: methodId })).statusCode).toBe(200);
  return s;
}

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  product = items.find((p) => !p.has_variants)!;
});

describe('the most one order may come to', () => {
  it('takes an order of exactly £999,999.99', async () => {
    await setPrice(MAX_ORDER_TOTAL_PENCE);
    const s = await cartOf(1);
    expect(((await s.send('GET', '/api/cart')).json().cart as Cart).total).toBe(999_999.99);
    const res = await s.send('POST', '/api/checkout', form);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = rowsOf<{ total_amount: number }>(await t.database.db.execute(sql`select total_amount from orders where order_number = ${res.json().order_number}`));
    expect(Number(order.total_amount)).toBe(MAX_ORDER_TOTAL_PENCE);
  });

  it('refuses one penny more (the same product with paid delivery) with 409, writing and holding nothing', async () => {
    await setPrice(MAX_ORDER_TOTAL_PENCE);
    const s = await cartOf(1, 'Next Day Delivery');
    const before = await counts();
    const res = await s.send('POST', '/api/checkout', form);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'order_too_large', message: expect.stringContaining('£1,000,007.98') });
    expect(await counts()).toEqual(before);
  });

  it('refuses £30,000 × 999 (once a 500 from integer overflow) with the same clear 409', async () => {
    await setPrice(3_000_000);
    await t.database.db.execute(sql`update products set track_inventory = true, stock_quantity = 5000, reserved_quantity = 0 where id = ${product.id}::uuid`);
    const s = await cartOf(999);
    const cart = (await s.send('GET', '/api/cart')).json().cart as Cart;
    expect(cart.total).toBe(29_970_000);
    const before = await counts();
    const res = await s.send('POST', '/api/checkout', form);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('£29,970,000.00');
    expect(res.json().error.message).toContain('£999,999.99');
    expect(await counts()).toEqual(before);
  });
});
