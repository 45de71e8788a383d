import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import { STOCK_TEXT } from '../../../shared/stock';
import { PRODUCT_ERRORS, type AdminProduct, type AdminProductRow } from '../../../shared/admin-products';

// Issue 27 item 3, decision 042: a product with variants has no stock of its own. Its figure is the
// sum of its variants' everywhere (lists, low stock, checkout, adjustments), and no writer sets it apart.

let t: TestApp;
let admin: string;
let mug: { id: string; variants: { id: string; sku: string }[] };
let acmeVariant: string;

const db = () => t.database.db;
async function productStock(id: string) {
  return rowsOf<{ stock_quantity: number | null; reserved_quantity: number }>(await db().execute(sql`select stock_quantity, reserved_quantity from products where id = ${id}::uuid`))[0];
}
async function setVariants(stocks: (number | null)[]) {
  for (const [i, v] of mug.variants.entries()) await db().execute(sql`update product_variants set stock_quantity = ${stocks[i]}, reserved_quantity = 0 where id = ${v.id}::uuid`);
}
const adjust = (body: Record<string, unknown>, cookie = admin) => call(t.app, 'POST', '/api/admin/stock/movements', { cookie, body });

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  const [row] = rowsOf<{ id: string }>(await db().execute(sql`select id from products where tenant_id = ${t.seed.tenantIds.demo} and slug = 'enamel-camping-mug'`));
  const variants = rowsOf<{ id: string; sku: string }>(await db().execute(sql`select id, sku from product_variants where product_id = ${row.id}::uuid order by position`));
  mug = { id: row.id, variants };
  acmeVariant = rowsOf<{ id: string }>(await db().execute(sql`select id from product_variants where tenant_id = ${t.seed.tenantIds.acme} limit 1`))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
});
beforeEach(async () => {
  await setVariants([10, 10, 10, 10]);
});

describe('the product row follows its variants', () => {
  it('keeps the sums of stock and holds, whatever writes the product row', async () => {
    expect(await productStock(mug.id)).toEqual({ stock_quantity: 40, reserved_quantity: 0 });
    await db().execute(sql`update product_variants set reserved_quantity = 3 where id = ${mug.variants[0].id}::uuid`);
    await db().execute(sql`update products set stock_quantity = 999, reserved_quantity = 0 where id = ${mug.id}::uuid`);
    expect(await productStock(mug.id)).toEqual({ stock_quantity: 40, reserved_quantity: 3 });
  });

  it('answers the sum in the admin list with the price range a shopper pays, and low stock counts the sum', async () => {
    await setVariants([1, 1, 1, 1]);
    const list = (await call(t.app, 'GET', '/api/admin/products?search=Enamel%20Camping%20Mug', { cookie: admin })).json().products as AdminProductRow[];
    const row = list.find((p) => p.id === mug.id)!;
    expect(row.stock_quantity).toBe(4);
    // Three at £12.00 and the mustard one on sale at £9.50.
    expect(row.price_range).toEqual({ min: 9.5, max: 12, variants: 4 });
    const low = (await call(t.app, 'GET', '/api/admin/stock/low-stock?limit=100', { cookie: admin })).json().products as { id: string; stock_quantity: number }[];
    expect(low.find((p) => p.id === mug.id)?.stock_quantity).toBe(4);
    await setVariants([1, 1, 1, 9]);
    const after = (await call(t.app, 'GET', '/api/admin/stock/low-stock?limit=100', { cookie: admin })).json().products as { id: string }[];
    expect(after.some((p) => p.id === mug.id)).toBe(false);
  });
});

describe('adjusting the stock of a product with variants', () => {
  it('asks which variant, moves that one, and answers the new sum with a ledger row for the variant', async () => {
    const none = await adjust({ product_id: mug.id, quantity_change: 5, reason: 'purchase' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ variant_id: STOCK_TEXT.chooseVariant });
    expect(await productStock(mug.id)).toEqual({ stock_quantity: 40, reserved_quantity: 0 });

    const res = await adjust({ product_id: mug.id, variant_id: mug.variants[1].id, quantity_change: 5, reason: 'purchase' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ product: { id: mug.id, stock_quantity: 45 }, variant: { id: mug.variants[1].id, sku: mug.variants[1].sku, stock_quantity: 15 }, movement: { resulting_quantity: 15 } });
    const [ledger] = rowsOf<{ variant_id: string; change: number }>(await db().execute(sql`select variant_id, change from stock_movements where id = ${res.json().movement.id}::uuid`));
    expect(ledger).toEqual({ variant_id: mug.variants[1].id, change: 5 });

    const stock = (await call(t.app, 'GET', `/api/admin/products/${mug.id}/stock`, { cookie: admin })).json().product;
    expect(stock.variants.map((v: { sku: string; stock_quantity: number }) => [v.sku, v.stock_quantity])).toEqual(mug.variants.map((v, i) => [v.sku, i === 1 ? 15 : 10]));
  });

  it('refuses a variant of another product or store like a made-up one, and says how far a variant can go', async () => {
    for (const variant_id of [acmeVariant, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await adjust({ product_id: mug.id, variant_id, quantity_change: 1, reason: 'purchase' });
      expect(res.statusCode, variant_id).toBe(400);
      expect(res.json().error.fields.variant_id).toBe('Choose a variant of this product');
    }
    const over = await adjust({ product_id: mug.id, variant_id: mug.variants[0].id, quantity_change: -11, reason: 'damage' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Stock cannot go below zero: Enamel Camping Mug (Sage) has 10 in stock.');
    const acme = await call(t.app, 'POST', '/api/admin/stock/movements', { cookie: await signIn(t.app, 'admin@acme.test', ACME_HOST), host: ACME_HOST, body: { product_id: mug.id, variant_id: mug.variants[0].id, quantity_change: 1, reason: 'purchase' } });
    expect(acme.statusCode).toBe(404);
    expect(await productStock(mug.id)).toEqual({ stock_quantity: 40, reserved_quantity: 0 });
  });
});

describe('the product form and a product with variants', () => {
  const get = async () => (await call(t.app, 'GET', `/api/admin/products/${mug.id}`, { cookie: admin })).json().product as AdminProduct;
  const body = (p: AdminProduct, extra: Record<string, unknown>) => ({
    name: p.name, slug: p.slug, sku: p.sku, base_price: p.base_price, sale_price: p.sale_price, status: p.status, visibility: p.visibility,
    track_inventory: true, variants: p.variants.map((v) => ({ id: v.id, sku: v.sku, price: v.price, sale_price: v.sale_price, stock_quantity: v.stock_quantity, options: v.options })),
    ...extra,
  });

  it('refuses a product stock that is not its variants\' sum, and takes one that echoes it', async () => {
    const p = await get();
    const refused = await call(t.app, 'PUT', `/api/admin/products/${mug.id}`, { cookie: admin, body: body(p, { stock_quantity: 100 }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ stock_quantity: PRODUCT_ERRORS.stockOnVariants });
    const echoed = await call(t.app, 'PUT', `/api/admin/products/${mug.id}`, { cookie: admin, body: body(p, { stock_quantity: 40 }) });
    expect(echoed.statusCode).toBe(200);
    const raised = body(p, {});
    (raised.variants as { stock_quantity: number }[])[0].stock_quantity = 20;
    const saved = await call(t.app, 'PUT', `/api/admin/products/${mug.id}`, { cookie: admin, body: raised });
    expect(saved.json().product.stock_quantity).toBe(50);
  });
});

describe('checkouts of one product\'s variants at once (PostgreSQL takes row locks in one order)', () => {
  it('holds every unit once, never answers 5xx, and the product holds the sum', async () => {
    await setVariants([6, 6, 0, 0]);
    const [a, b] = mug.variants;
    const form = { contact: { email: 'race@example.com' }, shippingAddress: { first_name: 'Ria', last_name: 'Race', address_line1: '1 Quick St', city: 'Leeds', postcode: 'LS1 1AA' }, billingSameAsShipping: true };
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const s = shopper(t.app);
        // Half add A then B, half B then A: the lines reach checkout in opposite orders.
        for (const v of i % 2 ? [a, b] : [b, a]) await s.send('POST', '/api/cart/items', { product_id: mug.id, variant_id: v.id, quantity: 1 });
        return s;
      }),
    );
    const answers = await Promise.all(buyers.map((s) => s.send('POST', '/api/checkout', form)));
    expect(answers.map((r) => r.statusCode).filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const placed = answers.filter((r) => r.statusCode === 200).length;
    expect(placed).toBe(6);
    expect(await productStock(mug.id)).toEqual({ stock_quantity: 12, reserved_quantity: 12 });
  });
});
