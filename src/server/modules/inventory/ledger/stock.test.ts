import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { withScope } from '../../../db/scope';
import { ADJUSTMENT_REASONS, STOCK_TEXT, type LowStockItem, type StockMovement } from '../../../../shared/stock';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let tracked: Product;
let untracked: Product;
let acmeProduct: Product;

interface Product {
  id: string;
  name: string;
  slug: string;
  sku: string;
}

async function productBySku(tenantId: string, sku: string): Promise<Product> {
  const rows = rowsOf<Product>(await t.database.db.execute(sql`select id, name, slug, sku from products where tenant_id = ${tenantId} and sku = ${sku}`));
  if (!rows[0]) throw new Error(`no product ${sku}`);
  return rows[0];
}

/** Stock straight from the database (the superuser test connection). */
async function stockOf(productId: string) {
  return rowsOf<{ stock_quantity: number | null; reserved_quantity: number }>(
    await t.database.db.execute(sql`select stock_quantity, reserved_quantity from products where id = ${productId}::uuid`),
  )[0];
}

async function setStock(productId: string, quantity: number | null, reserved = 0) {
  await t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = ${reserved}, track_inventory = true where id = ${productId}::uuid`);
}

async function ledgerRows(productId: string) {
  return rowsOf<{ change: number; reason: string; notes: string | null; resulting_quantity: number; actor_user_id: string | null; order_id: string | null }>(
    await t.database.db.execute(sql`
      select change, reason, notes, resulting_quantity, actor_user_id, order_id from stock_movements
      where product_id = ${productId}::uuid order by created_at, id`),
  );
}

const adjust = (body: Record<string, unknown>, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', '/api/admin/stock/movements', { cookie, host, body });
const history = (productId: string, query = '', cookie = admin) => call(t.app, 'GET', `/api/admin/products/${productId}/stock-movements${query}`, { cookie });

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  const { demo, acme } = t.seed.tenantIds;
  tracked = await productBySku(demo, 'DS-BWL');
  untracked = await productBySku(demo, 'DS-JAR');
  const acmeSku = rowsOf<{ sku: string }>(await t.database.db.execute(sql`select sku from products where tenant_id = ${acme} and track_inventory limit 1`))[0].sku;
  acmeProduct = await productBySku(acme, acmeSku);
});

beforeEach(async () => {
  await setStock(tracked.id, 10);
  await t.database.db.execute(sql`truncate stock_movements`);
});

describe('POST /api/admin/stock/movements', () => {
  it('refuses zero, fractions, strings and missing quantities with the spec message, changing nothing', async () => {
    for (const quantity_change of [0, 1.5, -0.25, '5', '', null, undefined, true]) {
      const res = await adjust({ product_id: tracked.id, quantity_change, reason: 'adjustment' });
      expect(res.statusCode, JSON.stringify(quantity_change)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
      expect(res.json().error.fields.quantity_change).toBe(STOCK_TEXT.nonZero);
    }
    const huge = await adjust({ product_id: tracked.id, quantity_change: 5_000_000, reason: 'adjustment' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields.quantity_change).toBe(STOCK_TEXT.tooLarge);
    expect(await stockOf(tracked.id)).toEqual({ stock_quantity: 10, reserved_quantity: 0 });
    expect(await ledgerRows(tracked.id)).toEqual([]);
  });

  it('refuses an unknown reason, over-long notes and fields the server owns (mass assignment)', async () => {
    const bad = await adjust({ product_id: tracked.id, quantity_change: 1, reason: 'sale' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.reason).toBe('Choose a reason');
    const long = await adjust({ product_id: tracked.id, quantity_change: 1, reason: 'purchase', notes: 'x'.repeat(501) });
    expect(long.json().error.fields.notes).toBe(STOCK_TEXT.notesTooLong);
    for (const extra of [{ tenant_id: t.seed.tenantIds.acme }, { resulting_quantity: 999 }, { actor_user_id: t.seed.userIds['staff@demo.test'] }, { created_at: '2020-01-01' }, { id: tracked.id }]) {
      const res = await adjust({ product_id: tracked.id, quantity_change: 1, reason: 'purchase', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.values(res.json().error.fields)).toContain('Unknown field');
    }
    expect((await stockOf(tracked.id)).stock_quantity).toBe(10);
    expect(await ledgerRows(tracked.id)).toEqual([]);
  });

  it('applies every reason, answering the movement and the new stock, and writes one ledger row each', async () => {
    let expected = 10;
    for (const [i, reason] of ADJUSTMENT_REASONS.entries()) {
      const change = i % 2 === 0 ? 3 : -2;
      expected += change;
      const res = await adjust({ product_id: tracked.id, quantity_change: change, reason, notes: `  note ${reason}  ` });
      expect(res.statusCode, reason).toBe(201);
      const body = res.json();
      expect(body.product).toEqual({ id: tracked.id, name: tracked.name, stock_quantity: expected });
      expect(body.movement).toMatchObject({ product_id: tracked.id, quantity_change: change, reason, notes: `note ${reason}`, resulting_quantity: expected, actor_email: 'admin@demo.test' });
      expect(body.movement.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(body.movement.created_at).toISOString()).toBe(body.movement.created_at);
    }
    expect((await stockOf(tracked.id)).stock_quantity).toBe(expected);
    const ledger = await ledgerRows(tracked.id);
    expect(ledger.map((r) => r.reason)).toEqual([...ADJUSTMENT_REASONS]);
    expect(ledger.every((r) => r.actor_user_id === t.seed.userIds['admin@demo.test'] && r.order_id === null)).toBe(true);
  });

  it('treats empty notes as none, and a tracked product with no quantity yet as 0', async () => {
    await setStock(tracked.id, null);
    const res = await adjust({ product_id: tracked.id, quantity_change: 4, reason: 'purchase', notes: '   ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().movement).toMatchObject({ notes: null, resulting_quantity: 4 });
  });

  it('answers 409 tracking_disabled for an untracked product, changing nothing', async () => {
    const res = await adjust({ product_id: untracked.id, quantity_change: 5, reason: 'purchase' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'tracking_disabled', message: 'Inventory tracking is disabled' });
    expect(await stockOf(untracked.id)).toEqual({ stock_quantity: null, reserved_quantity: 0 });
    expect(await ledgerRows(untracked.id)).toEqual([]);
  });

  it('answers 409 insufficient_stock below zero, and below the units unpaid checkouts hold, changing nothing', async () => {
    const below = await adjust({ product_id: tracked.id, quantity_change: -11, reason: 'damage' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatchObject({ code: 'insufficient_stock', message: `Stock cannot go below zero: ${tracked.name} has 10 in stock.` });
    expect(below.json().error.fields.quantity_change).toBe(below.json().error.message);

    await setStock(tracked.id, 10, 4);
    const held = await adjust({ product_id: tracked.id, quantity_change: -7, reason: 'theft' });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe('Stock cannot go below the 4 units held by unpaid checkouts: at most 6 of the 10 in stock can be removed.');
    expect(await stockOf(tracked.id)).toEqual({ stock_quantity: 10, reserved_quantity: 4 });
    expect(await ledgerRows(tracked.id)).toEqual([]);

    // Exactly down to what is held is fine.
    expect((await adjust({ product_id: tracked.id, quantity_change: -6, reason: 'recount' })).json().product.stock_quantity).toBe(4);
  });

  it('refuses to go past the stock ceiling instead of overflowing', async () => {
    await setStock(tracked.id, 999_999_999);
    const res = await adjust({ product_id: tracked.id, quantity_change: 10, reason: 'purchase' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('stock_limit');
  });

  it('is for store managers: 401 signed out, 403 for staff; another store or a missing product is 404', async () => {
    const body = { product_id: tracked.id, quantity_change: 1, reason: 'purchase' };
    expect((await adjust(body, '')).statusCode).toBe(401);
    const asStaff = await adjust(body, staff);
    expect(asStaff.statusCode).toBe(403);
    // Acme's admin on Acme's host, naming Demo's product: the same 404 as a product that does not exist.
    const foreign = await adjust(body, acmeAdmin, ACME_HOST);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Product not found');
    expect((await adjust({ ...body, product_id: acmeProduct.id })).statusCode).toBe(404);
    expect((await adjust({ ...body, product_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await adjust({ ...body, product_id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await stockOf(tracked.id)).stock_quantity).toBe(10);
    expect(await ledgerRows(tracked.id)).toEqual([]);
  });

  it('the storefront sees the new stock at once (catalogue cache dropped)', async () => {
    const before = (await call(t.app, 'GET', `/api/products/by-slug/${tracked.slug}`)).json().product;
    expect(before.in_stock).toBe(true);
    expect((await adjust({ product_id: tracked.id, quantity_change: -10, reason: 'damage' })).statusCode).toBe(201);
    expect((await call(t.app, 'GET', `/api/products/by-slug/${tracked.slug}`)).json().product.in_stock).toBe(false);
  });
});

describe('GET /api/admin/products/:id/stock-movements', () => {
  it('lists the ledger newest first with who did it, paged', async () => {
    for (let i = 1; i <= 5; i++) await adjust({ product_id: tracked.id, quantity_change: i, reason: 'purchase', notes: `Delivery ${i}` });
    const first = await history(tracked.id, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(page1.movements).toHaveLength(2);
    expect(page1.movements[0]).toEqual({
      id: expect.any(String),
      quantity_change: 5,
      reason: 'purchase',
      notes: 'Delivery 5',
      resulting_quantity: 25,
      created_at: expect.any(String),
      actor_email: 'admin@demo.test',
      order_number: null,
      variant_sku: null,
    } satisfies StockMovement);
    const all = (await history(tracked.id, '?limit=100')).json().movements as StockMovement[];
    expect(all.map((m) => m.resulting_quantity)).toEqual([25, 20, 16, 13, 11]);
    const last = (await history(tracked.id, '?page=3&limit=2')).json();
    expect(last.movements.map((m: StockMovement) => m.notes)).toEqual(['Delivery 1']);
    // Odd paging falls back to the defaults rather than failing.
    expect((await history(tracked.id, '?page=abc&limit=0')).json().pagination).toMatchObject({ page: 1, limit: 20 });
  });

  it('is empty for a product never adjusted; 404 for another store, 403 for staff', async () => {
    expect((await history(tracked.id)).json()).toEqual({ movements: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } });
    expect((await history(acmeProduct.id)).statusCode).toBe(404);
    expect((await history('nope')).statusCode).toBe(404);
    expect((await history(tracked.id, '', staff)).statusCode).toBe(403);
  });

  it('shows a paid checkout as a sale of its order, with no person', async () => {
    const jar: Record<string, string> = {};
    const send = async (method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> => {
      const res = await call(t.app, method, url, { cookie: Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ') || null, body });
      const raw = res.headers['set-cookie'];
      for (const c of Array.isArray(raw) ? raw : raw ? [raw] : []) {
        const [k, v] = c.split(';')[0].split('=');
        jar[k] = v;
      }
      return res;
    };
    await adjust({ product_id: tracked.id, quantity_change: 2, reason: 'purchase' });
    await send('POST', '/api/cart/items', { product_id: tracked.id, quantity: 3 });
    const checkout = await send('POST', '/api/checkout', {
      contact: { email: 'ledger@example.com' },
      shippingAddress: { first_name: 'Lee', last_name: 'Jones', address_line1: '1 High Street', city: 'York', postcode: 'YO1 7HH' },
      billingSameAsShipping: true,
    });
    expect(checkout.statusCode).toBe(200);
    const { session_id, order_number } = checkout.json();
    // While unpaid the units are held, not sold: nothing in the ledger yet, and they cannot be removed.
    expect(await stockOf(tracked.id)).toEqual({ stock_quantity: 12, reserved_quantity: 3 });
    expect((await adjust({ product_id: tracked.id, quantity_change: -10, reason: 'damage' })).json().error.code).toBe('insufficient_stock');
    const { payload, headers } = t.payments.webhook(session_id, 'checkout.completed');
    const paid = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload });
    expect(paid.json().outcome).toBe('applied');

    const movements = (await history(tracked.id)).json().movements as StockMovement[];
    expect(movements).toHaveLength(2);
    expect(movements[0]).toMatchObject({ quantity_change: -3, reason: 'sale', notes: `Order ${order_number} paid`, resulting_quantity: 9, actor_email: null, order_number });
    expect(movements[1]).toMatchObject({ quantity_change: 2, reason: 'purchase', resulting_quantity: 12, actor_email: 'admin@demo.test', order_number: null });
  });
});

describe('GET /api/admin/products/:id/stock', () => {
  it('answers the name, SKU, tracking and stock with the held units', async () => {
    await setStock(tracked.id, 8, 2);
    const res = await call(t.app, 'GET', `/api/admin/products/${tracked.id}/stock`, { cookie: admin });
    expect(res.json()).toEqual({ product: { id: tracked.id, name: tracked.name, sku: tracked.sku, track_inventory: true, stock_quantity: 8, reserved_quantity: 2, variants: [] } });
    const off = (await call(t.app, 'GET', `/api/admin/products/${untracked.id}/stock`, { cookie: admin })).json().product;
    expect(off).toMatchObject({ track_inventory: false, stock_quantity: null });
    expect((await call(t.app, 'GET', `/api/admin/products/${acmeProduct.id}/stock`, { cookie: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/admin/products/${tracked.id}/stock`, { cookie: staff })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/stock/low-stock', () => {
  const lowStock = async (query = '', cookie = admin) => call(t.app, 'GET', `/api/admin/stock/low-stock${query}`, { cookie });

  it('lists tracked, unarchived products at 5 or fewer, lowest first, with the total', async () => {
    const demo = t.seed.tenantIds.demo;
    const expected = rowsOf<LowStockItem>(
      await t.database.db.execute(sql`
        select id, name, sku, coalesce(stock_quantity, 0) as stock_quantity from products
        where tenant_id = ${demo} and track_inventory and status <> 'archived' and coalesce(stock_quantity, 0) <= 5
        order by 4, name, id`),
    );
    expect(expected.length).toBeGreaterThan(1);
    const res = await lowStock();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: expected, total: expected.length });
    const quantities = expected.map((p) => p.stock_quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(res.json().products.some((p: LowStockItem) => p.id === untracked.id)).toBe(false);

    const limited = (await lowStock('?limit=1')).json();
    expect(limited).toEqual({ products: [expected[0]], total: expected.length });
  });

  it('follows adjustments across the threshold: 6 is not low, 5 is', async () => {
    await setStock(tracked.id, 6);
    const ids = async () => ((await lowStock('?limit=100')).json().products as LowStockItem[]).map((p) => p.id);
    expect(await ids()).not.toContain(tracked.id);
    await adjust({ product_id: tracked.id, quantity_change: -1, reason: 'damage' });
    expect(await ids()).toContain(tracked.id);
    await t.database.db.execute(sql`update products set status = 'archived' where id = ${tracked.id}::uuid`);
    expect(await ids()).not.toContain(tracked.id);
    await t.database.db.execute(sql`update products set status = 'active' where id = ${tracked.id}::uuid`);
  });

  it('is per store and for managers only', async () => {
    const acme = (await call(t.app, 'GET', '/api/admin/stock/low-stock', { cookie: acmeAdmin, host: ACME_HOST })).json();
    const demoIds = new Set(((await lowStock()).json().products as LowStockItem[]).map((p) => p.id));
    expect((acme.products as LowStockItem[]).some((p) => demoIds.has(p.id))).toBe(false);
    expect((await lowStock('', staff)).statusCode).toBe(403);
    expect((await lowStock('', '')).statusCode).toBe(401);
  });
});

describe('the ledger is append-only', () => {
  /** Drizzle wraps the driver's error; the database's own message is on `cause`. */
  const denied = (e: unknown) => /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? e));
  const asApp = <T>(fn: Parameters<typeof withScope<T>>[2]) => withScope(t.database.db, { tenantId: t.seed.tenantIds.demo, userId: null }, fn);

  it('the app role may not change, delete or truncate movements', async () => {
    await adjust({ product_id: tracked.id, quantity_change: 1, reason: 'purchase' });
    await expect(asApp((tx) => tx.execute(sql`update stock_movements set change = 100`))).rejects.toSatisfy(denied);
    await expect(asApp((tx) => tx.execute(sql`delete from stock_movements`))).rejects.toSatisfy(denied);
    await expect(asApp((tx) => tx.execute(sql`truncate stock_movements`))).rejects.toSatisfy(denied);
    expect(await ledgerRows(tracked.id)).toMatchObject([{ change: 1, resulting_quantity: 11 }]);
  });

  it('still lets a product be deleted: its movements go with it (foreign-key actions run as the owner)', async () => {
    const demo = t.seed.tenantIds.demo;
    const [temp] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`insert into products (tenant_id, name, slug, sku, base_price, stock_quantity) values (${demo}, 'Temp', 'temp-ledger', 'TMP-LEDGER', 100, 1) returning id`),
    );
    expect((await adjust({ product_id: temp.id, quantity_change: 2, reason: 'purchase' })).statusCode).toBe(201);
    await asApp((tx) => tx.execute(sql`delete from products where id = ${temp.id}::uuid`));
    expect(await ledgerRows(temp.id)).toEqual([]);
  });

  it('has no route that changes or removes a movement', async () => {
    await adjust({ product_id: tracked.id, quantity_change: 1, reason: 'purchase' });
    const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from stock_movements limit 1`));
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await call(t.app, method, `/api/admin/stock/movements/${row.id}`, { cookie: admin, body: method === 'DELETE' ? undefined : { quantity_change: 5 } });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await ledgerRows(tracked.id)).toHaveLength(1);
  });
});

// Meaningful on PostgreSQL (PGlite runs one query at a time); it must hold on both.
describe('concurrent adjustments', () => {
  /** The ledger in the order the changes were applied: each row must follow from the one before. */
  async function expectConsistentLedger(productId: string, start: number) {
    const ledger = await ledgerRows(productId);
    let running = start;
    for (const row of ledger) {
      running += row.change;
      expect(row.resulting_quantity).toBe(running);
      expect(row.resulting_quantity).toBeGreaterThanOrEqual(0);
    }
    return { ledger, final: running };
  }

  it('50 adjustments of +1/-1 at once: no update lost, 50 consistent ledger rows', async () => {
    await setStock(tracked.id, 10);
    const changes = Array.from({ length: 50 }, (_, i) => (i % 5 < 3 ? 1 : -1)); // 30 up, 20 down
    const answers = await Promise.all(changes.map((change) => adjust({ product_id: tracked.id, quantity_change: change, reason: 'recount' })));
    expect(answers.map((a) => a.statusCode)).toEqual(changes.map(() => 201));
    const expectedFinal = 10 + changes.reduce((a, b) => a + b, 0);
    expect((await stockOf(tracked.id)).stock_quantity).toBe(expectedFinal);
    const { ledger, final } = await expectConsistentLedger(tracked.id, 10);
    expect(ledger).toHaveLength(50);
    expect(final).toBe(expectedFinal);
    // Each answer names its own ledger row.
    expect(new Set(answers.map((a) => a.json().movement.id)).size).toBe(50);
  });

  it('50 adjustments at once from nearly empty: stock never goes negative, refusals change nothing', async () => {
    await setStock(tracked.id, 2);
    const changes = Array.from({ length: 50 }, (_, i) => (i % 5 < 2 ? 1 : -1)); // 20 up, 30 down
    const answers = await Promise.all(changes.map((change) => adjust({ product_id: tracked.id, quantity_change: change, reason: 'adjustment' })));
    const applied = changes.filter((_, i) => answers[i].statusCode === 201);
    expect(answers.every((a) => a.statusCode === 201 || (a.statusCode === 409 && a.json().error.code === 'insufficient_stock'))).toBe(true);
    expect(answers.filter((a, i) => a.statusCode === 409 && changes[i] > 0)).toEqual([]);
    const { ledger, final } = await expectConsistentLedger(tracked.id, 2);
    expect(ledger).toHaveLength(applied.length);
    expect((await stockOf(tracked.id)).stock_quantity).toBe(final);
    expect(final).toBe(2 + applied.reduce((a, b) => a + b, 0));
    expect(final).toBeGreaterThanOrEqual(0);
  });
});
