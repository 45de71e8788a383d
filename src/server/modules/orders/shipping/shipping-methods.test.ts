import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper } from '../../../test/shopper';
import { SHIPPING_MESSAGES as M, type AdminShippingMethod } from '../../../../shared/admin-shipping';
import type { ProductCard } from '../../../../shared/catalog';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const BASE = '/api/admin/shipping-methods';

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const list = async (cookie = admin, host = DEMO_HOST): Promise<AdminShippingMethod[]> => {
  const res = await call(t.app, 'GET', BASE, { cookie, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipping_methods;
};
const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', BASE, { cookie, host, body });
const update = (id: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `${BASE}/${id}`, { cookie, host, body });
const activate = (id: string, is_active: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `${BASE}/${id}/active`, { cookie, host, body: { is_active } });
const reorder = (ids: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `${BASE}/order`, { cookie, host, body: { ids } });
const remove = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'DELETE', `${BASE}/${id}`, { cookie, host });
const checkoutOptions = async (host = DEMO_HOST): Promise<{ id: string; name: string; flat_rate: number; free_over: number | null }[]> =>
  (await call(t.app, 'GET', '/api/shipping-methods', { host })).json().shipping_methods;
const penceOf = async (id: string) => {
  const rows = await t.database.db.execute<{ flat_rate: number; free_over: number | null }>(sql`select flat_rate, free_over from shipping_methods where id = ${id}::uuid`);
  return (rows as unknown as { rows: { flat_rate: number; free_over: number | null }[] }).rows[0];
};
const COURIER = { name: 'Courier', description: 'Signed for', flat_rate: 4.5, free_over: 50, delivery_min_days: 2, delivery_max_days: 3 };

let made = 0;
async function makeMethod(extra: Record<string, unknown> = {}, cookie = admin, host = DEMO_HOST): Promise<AdminShippingMethod> {
  made += 1;
  const res = await create({ ...COURIER, name: `Courier ${made}`, ...extra }, cookie, host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipping_method;
}

describe('GET /api/admin/shipping-methods', () => {
  it('lists every option of the store in checkout order, amounts in pounds', async () => {
    const methods = await list();
    expect(methods).toEqual([
      { id: expect.any(String), name: 'Standard Delivery', description: 'Tracked delivery to most UK postcodes', flat_rate: 3.99, free_over: 100, delivery_min_days: 3, delivery_max_days: 5, position: 0, is_active: true, vat_mode: 'standard', order_count: 0 },
      { id: expect.any(String), name: 'Next Day Delivery', description: 'Order by 2pm for delivery the next business day', flat_rate: 7.99, free_over: null, delivery_min_days: 1, delivery_max_days: 1, position: 1, is_active: true, vat_mode: 'standard', order_count: 0 },
    ]);
    const acme = await list(acmeAdmin, ACME_HOST);
    expect(acme.some((m) => methods.some((d) => d.id === m.id))).toBe(false);
  });
});

describe('who may manage delivery options', () => {
  it('staff 403, another store’s admin 404, nobody signed in 401, on every route', async () => {
    const id = (await list())[0].id;
    const routes: [string, string, unknown?][] = [
      ['GET', BASE],
      ['POST', BASE, COURIER],
      ['PUT', `${BASE}/${id}`, COURIER],
      ['PUT', `${BASE}/${id}/active`, { is_active: false }],
      ['PUT', `${BASE}/order`, { ids: [id] }],
      ['DELETE', `${BASE}/${id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { cookie: staff, body })).statusCode, `${method} ${url} staff`).toBe(403);
      expect((await call(t.app, method, url, { cookie: acmeAdmin, body })).statusCode, `${method} ${url} acme`).toBe(404);
      expect((await call(t.app, method, url, { body })).statusCode, `${method} ${url} anon`).toBe(401);
    }
    expect((await list()).map((m) => m.name)).toEqual(['Standard Delivery', 'Next Day Delivery']);
  });

  it('another store’s option answers the same 404 as a missing or malformed id', async () => {
    const theirs = (await list(acmeAdmin, ACME_HOST))[0];
    for (const id of [theirs.id, MISSING_ID, 'not-an-id']) {
      expect((await update(id, COURIER)).statusCode).toBe(404);
      expect((await activate(id, false)).statusCode).toBe(404);
      expect((await remove(id)).statusCode).toBe(404);
      expect((await update(id, COURIER)).json().error.message).toBe(M.notFound);
    }
    expect((await list(acmeAdmin, ACME_HOST))[0]).toEqual(theirs);
  });
});

describe('creating and editing', () => {
  it('adds an option last, stores pence, and checkout offers it', async () => {
    const res = await create(COURIER);
    expect(res.statusCode, res.body).toBe(201);
    const courier = res.json().shipping_method as AdminShippingMethod;
    expect(courier).toMatchObject({ ...COURIER, position: 2, is_active: true, order_count: 0 });
    expect(await penceOf(courier.id)).toEqual({ flat_rate: 450, free_over: 5000 });
    expect((await checkoutOptions()).map((m) => m.name)).toEqual(['Standard Delivery', 'Next Day Delivery', 'Courier']);
    expect((await checkoutOptions()).at(-1)).toMatchObject({ flat_rate: 4.5, free_over: 50 });
    expect((await checkoutOptions(ACME_HOST)).some((m) => m.name === 'Courier')).toBe(false);
  });

  it('defaults: no free-over, 3-5 days, active; an inactive option is not offered at checkout', async () => {
    const plain = await makeMethod({ free_over: undefined, description: undefined, delivery_min_days: undefined, delivery_max_days: undefined });
    expect(plain).toMatchObject({ free_over: null, description: null, delivery_min_days: 3, delivery_max_days: 5, is_active: true });
    const hidden = await makeMethod({ is_active: false });
    expect((await checkoutOptions()).some((m) => m.id === hidden.id)).toBe(false);
  });

  it('edits every field; the name stays unique in the store, ignoring case', async () => {
    const method = await makeMethod();
    const res = await update(method.id, { name: 'Collect in store', description: '', flat_rate: 0, free_over: null, delivery_min_days: 1, delivery_max_days: 2, is_active: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipping_method).toMatchObject({ name: 'Collect in store', description: null, flat_rate: 0, free_over: null, delivery_min_days: 1, delivery_max_days: 2 });
    expect(await penceOf(method.id)).toEqual({ flat_rate: 0, free_over: null });
    // Saving it again under its own name is fine; another option's name is not.
    expect((await update(method.id, { ...COURIER, name: 'collect IN store' })).statusCode).toBe(200);
    const taken = await update(method.id, { ...COURIER, name: ' standard delivery ' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({ message: M.nameTaken, fields: { name: M.nameTaken } });
    const dup = await create({ ...COURIER, name: 'NEXT DAY DELIVERY' });
    expect(dup.json().error.fields).toEqual({ name: M.nameTaken });
  });
});

describe('validation (every text)', () => {
  const fieldsOf = async (body: Record<string, unknown>) => {
    const res = await create({ ...COURIER, name: `Check ${Math.random()}`, ...body });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().error.fields as Record<string, string>;
  };

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ name: '' }, { name: M.nameRequired }],
    [{ name: '   ' }, { name: M.nameRequired }],
    [{ name: undefined }, { name: M.nameRequired }],
    [{ name: 'x'.repeat(81) }, { name: M.nameTooLong }],
    [{ description: 'x'.repeat(201) }, { description: M.descriptionTooLong }],
    [{ flat_rate: -0.01 }, { flat_rate: M.flatRate }],
    [{ flat_rate: undefined }, { flat_rate: M.flatRateRequired }],
    [{ flat_rate: '3.99' }, { flat_rate: M.flatRateType }],
    [{ free_over: 'lots' }, { free_over: M.freeOverType }],
    [{ flat_rate: 3.999 }, { flat_rate: M.pence }],
    [{ flat_rate: 10_000 }, { flat_rate: M.flatRateMax }],
    [{ free_over: -1 }, { free_over: M.freeOver }],
    [{ free_over: 1.005 }, { free_over: M.pence }],
    [{ free_over: 1_000_000 }, { free_over: M.freeOverMax }],
    [{ delivery_min_days: 0 }, { delivery_min_days: M.days }],
    [{ delivery_max_days: 31 }, { delivery_max_days: M.days }],
    [{ delivery_min_days: 1.5 }, { delivery_min_days: M.days }],
    [{ delivery_min_days: 4, delivery_max_days: 2 }, { delivery_max_days: M.daysOrder }],
    [{ is_active: 'yes' }, { is_active: M.active }],
    [{ position: 3 }, { position: 'Unknown field' }],
    [{ tenant_id: MISSING_ID }, { tenant_id: 'Unknown field' }],
  ])('%j: %j', async (body, fields) => {
    expect(await fieldsOf(body)).toEqual(fields);
  });

  it('the switch takes only true or false', async () => {
    const id = (await list())[0].id;
    expect((await activate(id, 'off')).json().error.fields).toEqual({ is_active: M.active });
  });

  it('the texts say what to do', () => {
    expect(M).toMatchObject({
      nameRequired: 'Name is required',
      flatRateRequired: 'Price is required',
      flatRate: 'Price must be zero or greater',
      freeOver: 'Free-over amount must be zero or greater',
      pence: 'Use at most 2 decimal places',
      days: 'Delivery days must be a whole number from 1 to 30',
    });
  });
});

describe('reordering', () => {
  it('sets checkout order from the full list of ids', async () => {
    const before = await list();
    const reversed = before.map((m) => m.id).reverse();
    const res = await reorder(reversed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipping_methods.map((m: AdminShippingMethod) => m.id)).toEqual(reversed);
    expect(res.json().shipping_methods.map((m: AdminShippingMethod) => m.position)).toEqual(reversed.map((_, i) => i));
    const offered = (await checkoutOptions()).map((m) => m.id);
    expect(offered).toEqual(reversed.filter((id) => before.find((m) => m.id === id)!.is_active));
    expect((await reorder(before.map((m) => m.id))).statusCode).toBe(200);
  });

  it('refuses a list that leaves one out, repeats one, or names another store’s', async () => {
    const ids = (await list()).map((m) => m.id);
    const theirs = (await list(acmeAdmin, ACME_HOST))[0].id;
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), theirs], [...ids.slice(1), 'nope'], [], 'x']) {
      const res = await reorder(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.fields).toEqual({ ids: M.order });
    }
    expect((await list()).map((m) => m.id)).toEqual(ids);
  });
});

describe('switching off and deleting an option used by checkout and orders', () => {
  const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };

  async function shopperWithCart() {
    const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
    const product = items.find((p) => !p.has_variants && p.in_stock && p.price < 40)!;
    const guest = shopper(t.app);
    expect((await guest.send('POST', '/api/cart/items', { product_id: product.id })).statusCode).toBe(200);
    return { guest, price: product.price };
  }

  it('a cart that chose an option switched off since is priced, and checks out, with the first active one', async () => {
    const method = await makeMethod({ flat_rate: 2.5, free_over: null });
    const { guest } = await shopperWithCart();
    expect((await guest.send('PUT', '/api/cart/shipping', { shipping_method_id: method.id })).statusCode).toBe(200);
    expect((await guest.cart()).shipping_selection).toMatchObject({ shipping_method_id: method.id, cost: 2.5 });
    expect((await activate(method.id, false)).json().shipping_method.is_active).toBe(false);
    expect((await guest.cart()).shipping_selection?.name).toBe('Standard Delivery');
    const placed = await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true });
    expect(placed.statusCode, placed.body).toBe(200);
    // Sending the switched-off option by name is refused, as any option not on offer.
    const sent = await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true, shipping_method_id: method.id });
    expect(sent.statusCode).toBe(404);
    expect((await activate(method.id, true)).json().shipping_method.is_active).toBe(true);
  });

  it('deleting an option orders were placed with keeps those orders’ delivery name, price and days', async () => {
    const method = await makeMethod({ name: 'Pigeon Post', flat_rate: 6.25, free_over: null, delivery_min_days: 4, delivery_max_days: 6 });
    const { guest, price } = await shopperWithCart();
    const placed = (await guest.send('POST', '/api/checkout', { contact: { email: 'pigeon@example.com' }, shippingAddress: address, billingSameAsShipping: true, shipping_method_id: method.id })).json();
    const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
    expect((await list()).find((m) => m.id === method.id)!.order_count).toBe(1);

    expect((await remove(method.id)).statusCode).toBe(204);
    expect((await list()).some((m) => m.id === method.id)).toBe(false);
    expect((await checkoutOptions()).some((m) => m.id === method.id)).toBe(false);
    expect((await remove(method.id)).statusCode).toBe(404);

    const orders = await t.database.db.execute(sql`select shipping_method_id, shipping_method_name, shipping_total, total_amount, delivery_min_days, delivery_max_days from orders where order_number = ${placed.order_number}`);
    expect((orders as unknown as { rows: unknown[] }).rows[0]).toEqual({
      shipping_method_id: null,
      shipping_method_name: 'Pigeon Post',
      shipping_total: 625,
      total_amount: Math.round(price * 100) + 625,
      delivery_min_days: 4,
      delivery_max_days: 6,
    });
    const shopperView = await guest.send('GET', `/api/orders/public-lookup?order_number=${placed.order_number}`);
    expect(shopperView.statusCode, shopperView.body).toBe(200);
    expect(shopperView.json().order.shipping_total).toBe(6.25);
  });

  it('a store may have at most 50 options', async () => {
    const have = (await list()).length;
    for (let i = have; i < 50; i++) await makeMethod({ name: `Bulk ${i}` });
    const res = await create({ ...COURIER, name: 'One too many' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.tooMany);
  });
});
