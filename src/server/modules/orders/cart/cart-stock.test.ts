import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, resetTestApp, type TestApp } from '../../../test/harness';
import { shopper as makeShopper } from '../../../test/shopper';
import type { ProductCard, ProductDetail } from '../../../../shared/catalog';
import type { PricedLine } from './pricing';
import { lineLimits } from './pricing';
import { rowsOf } from '../../../db/rows';

// Stock-aware carts and product pages (issue 11, item 8; decision 010): each line carries what it can
// have, more than that is refused with 409 as checkout refuses it, and checkout still refuses an
// oversell that happened after the items went in the cart.

let t: TestApp;
let simple: ProductCard;
let mug: ProductDetail;

const shopper = () => makeShopper(t.app);
const form = { contact: { email: 'stock@example.com' }, shippingAddress: { first_name: 'Sam', last_name: 'Stock', address_line1: '1 Low Lane', city: 'Leeds', postcode: 'LS1 1AA' }, billingSameAsShipping: true };
// Stock is changed straight in the database here: its notification drops the cache too, but on
// PostgreSQL a moment after the write, so the cache is dropped by hand before each read.
async function product(slug: string): Promise<ProductDetail> {
  t.app.deps.catalogueCache.clear();
  return (await call(t.app, 'GET', `/api/products/by-slug/${slug}`)).json().product as ProductDetail;
}

async function setStock(productId: string, quantity: number | null, track = true) {
  await t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = 0, track_inventory = ${track} where id = ${productId}::uuid`);
}
async function setVariantStock(variantId: string, quantity: number | null) {
  await t.database.db.execute(sql`update product_variants set stock_quantity = ${quantity}, reserved_quantity = 0 where id = ${variantId}::uuid`);
}

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  simple = items.find((p) => !p.has_variants && p.in_stock && p.price < 50)!;
  mug = await product('enamel-camping-mug');
});
beforeEach(async () => {
  await setStock(simple.id, 3);
  await setStock(mug.id, 95);
  for (const v of mug.product_variants) await setVariantStock(v.id, 20);
});

describe('the product page knows the stock', () => {
  it('gives the units free to buy, less what unpaid checkouts hold, for each variant; the product has their sum', async () => {
    await setVariantStock(mug.product_variants[1].id, null); // never set: none to sell (decision 042)
    await t.database.db.execute(sql`update product_variants set reserved_quantity = 18 where id = ${mug.product_variants[0].id}::uuid`);
    await setVariantStock(mug.product_variants[2].id, 0);
    // The product's own figures cannot be set apart from its variants': the database keeps their sums.
    await t.database.db.execute(sql`update products set stock_quantity = 4, reserved_quantity = 1 where id = ${mug.id}::uuid`);
    const page = await product(mug.slug);
    expect(page.stock_available).toBe(22);
    expect(page.product_variants.map((v) => [v.stock_available, v.in_stock])).toEqual([[2, true], [0, false], [0, false], [20, true]]);
    const [stored] = rowsOf<{ stock_quantity: number; reserved_quantity: number }>(await t.database.db.execute(sql`select stock_quantity, reserved_quantity from products where id = ${mug.id}::uuid`));
    expect(stored).toEqual({ stock_quantity: 40, reserved_quantity: 18 });
  });

  it('shows a product with variants out of stock on its card only when every variant is', async () => {
    for (const v of mug.product_variants) await setVariantStock(v.id, 0);
    const card = async () => {
      t.app.deps.catalogueCache.clear();
      return ((await call(t.app, 'GET', `/api/products?q=${encodeURIComponent(mug.name)}`)).json().items as ProductCard[]).find((p) => p.id === mug.id)!;
    };
    expect((await card()).in_stock).toBe(false);
    await setVariantStock(mug.product_variants[3].id, 1);
    expect((await card()).in_stock).toBe(true);
  });

  it('says null (no limit) when stock is not tracked, and out of stock once every unit is held', async () => {
    await setStock(simple.id, null, false);
    expect((await product(simple.slug)).stock_available).toBeNull();
    await t.database.db.execute(sql`update products set track_inventory = true, stock_quantity = 2, reserved_quantity = 2 where id = ${simple.id}::uuid`);
    const page = await product(simple.slug);
    expect([page.stock_available, page.in_stock]).toEqual([0, false]);
    t.app.deps.catalogueCache.clear();
    const card = ((await call(t.app, 'GET', `/api/products?q=${encodeURIComponent(simple.name)}`)).json().items as ProductCard[]).find((p) => p.id === simple.id)!;
    expect(card.in_stock).toBe(false);
  });
});

describe('cart lines carry the stock they can have', () => {
  it('each line says what it can have; a line over it is marked, and checkout still refuses it with 409 naming it', async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 3 });
    let [line] = (await s.cart()).items;
    expect([line.quantity, line.available, line.in_stock]).toEqual([3, 3, true]);

    await setStock(simple.id, 2); // the shop sold or lost one after it went in the cart
    [line] = (await s.cart()).items;
    expect([line.quantity, line.available, line.in_stock]).toEqual([3, 2, false]);
    const checkout = await s.send('POST', '/api/checkout', form);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error).toMatchObject({ code: 'out_of_stock', fields: { items: simple.name } });
    expect(checkout.json().error.message).toContain(simple.name);

    // Lowering a line that is over is allowed even while it is still over; raising it is not.
    expect((await s.send('PATCH', `/api/cart/items/${line.id}`, { quantity: 2 })).statusCode).toBe(200);
    expect((await s.cart()).items[0]).toMatchObject({ quantity: 2, available: 2, in_stock: true });
    expect((await s.send('POST', '/api/checkout', form)).statusCode).toBe(200);
  });

  it('refuses adding more than is left with 409 and a clear message, writing nothing', async () => {
    const s = shopper();
    let res = await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'out_of_stock', message: `Sorry, only 3 of ${simple.name} left.`, fields: { quantity: 'Only 3 left' } });
    expect((await s.cart()).items).toEqual([]);

    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    res = await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Sorry, only 3 of ${simple.name} left and your cart already has 2.`);
    const [line] = (await s.cart()).items;
    expect(line.quantity).toBe(2);
    res = await s.send('PATCH', `/api/cart/items/${line.id}`, { quantity: 4 });
    expect(res.statusCode).toBe(409);
    expect((await s.send('PATCH', `/api/cart/items/${line.id}`, { quantity: 3 })).statusCode).toBe(200);

    await setStock(simple.id, 0);
    const other = shopper();
    res = await other.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Sorry, ${simple.name} is out of stock.`);
  });

  it('holds each variant to its own stock, and names the variant', async () => {
    const [sage, navy] = mug.product_variants;
    await setVariantStock(sage.id, 3);
    await setVariantStock(navy.id, 2);
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: mug.id, variant_id: sage.id, quantity: 3 });
    await s.send('POST', '/api/cart/items', { product_id: mug.id, variant_id: navy.id, quantity: 2 });
    expect((await s.cart()).items.map((l) => [l.quantity, l.available, l.in_stock])).toEqual([[3, 3, true], [2, 2, true]]);
    const res = await s.send('POST', '/api/cart/items', { product_id: mug.id, variant_id: navy.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Sorry, only 2 of ${mug.name} (Navy) left and your cart already has 2.`);
    await setVariantStock(navy.id, 1);
    expect((await s.cart()).items.map((l) => [l.available, l.in_stock])).toEqual([[3, true], [1, false]]);
  });

  it("does not count the shopper's own unpaid checkout against their cart", async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 3 });
    expect((await s.send('POST', '/api/checkout', form)).statusCode).toBe(200);
    // Back on the cart (the payment page's cancel target) the three held for this cart are still theirs.
    expect((await s.cart()).items[0]).toMatchObject({ quantity: 3, available: 3, in_stock: true });
    expect((await s.send('POST', '/api/checkout', { ...form, contact: { email: 'changed@example.com' } })).statusCode).toBe(200);
    // Another shopper sees none left.
    const other = shopper();
    expect((await other.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 1 })).statusCode).toBe(409);
  });

  it('has no limit when stock is not tracked, and shows a variant with its own picture', async () => {
    await setStock(simple.id, null, false);
    const s = shopper();
    expect((await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 500 })).statusCode).toBe(200);
    const navy = mug.product_variants[1];
    await s.send('POST', '/api/cart/items', { product_id: mug.id, variant_id: navy.id, quantity: 1 });
    const lines = (await s.cart()).items;
    expect(lines.map((l) => [l.quantity, l.available, l.in_stock])).toEqual([[500, null, true], [1, 20, true]]);
    expect(lines[1].image_url).toBe(navy.image!.image_url);
    expect(lines[1].image_url).not.toBe(mug.image!.image_url);
  });
});

describe('lineLimits', () => {
  const line = (id: string, quantity: number, available: number | null, variant: string | null = null, source: PricedLine['stock_source'] = 'product') =>
    ({ id, product_id: 'p', variant_id: variant, quantity, available, stock_source: available === null ? 'untracked' : source }) as PricedLine;

  it('gives each line of one stock row what the others leave, and null when untracked', () => {
    // Two lines of one product without variants share its row; each variant line has its own row,
    // whatever an order placed before decision 042 called its source.
    const limits = lineLimits([line('a', 2, 5), line('b', 4, 5), line('c', 3, 1, 'v3', 'variant'), line('e', 3, 4, 'v4', 'product'), line('d', 9, null)]);
    expect(Object.fromEntries(limits)).toEqual({ a: 1, b: 3, c: 1, e: 4, d: null });
  });
});
