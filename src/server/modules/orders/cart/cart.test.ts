import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import type { ProductCard, ProductDetail } from '../../../../shared/catalog';
import type { ShippingMethod } from '../../../../shared/cart';
import { cookiesSet, shopper as makeShopper } from '../../../test/shopper';

let t: TestApp;
let simple: ProductCard;
let withVariants: ProductDetail;
let acmeProduct: ProductCard;

const cookieFrom = (res: LightMyRequestResponse) => (cookiesSet(res).cart === undefined ? null : `cart=${cookiesSet(res).cart}`);

const shopper = (host = DEMO_HOST) => makeShopper(t.app, host);

beforeAll(async () => {
  t = await resetTestApp();
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  simple = items.find((p) => !p.has_variants && p.in_stock && p.sale_price === null && p.price < 50)!;
  const variantCard = items.find((p) => p.has_variants)!;
  withVariants = (await call(t.app, 'GET', `/api/products/by-slug/${variantCard.slug}`)).json().product;
  acmeProduct = (await call(t.app, 'GET', '/api/products', { host: ACME_HOST })).json().items[0];
});

describe('cart', () => {
  it('starts empty and sets no cookie until something is added', async () => {
    const s = shopper();
    const res = await s.send('GET', '/api/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json().cart).toMatchObject({ items: [], item_count: 0, total: 0, shipping_selection: null });
    expect(cookieFrom(res)).toBeNull();
  });

  it('adds a product at the catalogue price, with an HttpOnly cookie, and adds up repeats', async () => {
    const s = shopper();
    const res = await s.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/i);
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const cart = await s.cart();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ product_id: simple.id, quantity: 3, unit_price: simple.price, sku: simple.sku });
    expect(cart.sub_total).toBeCloseTo(simple.price * 3, 2);
    expect(cart.item_count).toBe(3);
  });

  it('refuses prices, totals and unknown fields from the client, and bad quantities, writing nothing', async () => {
    const s = shopper();
    for (const body of [
      { product_id: simple.id, quantity: 1, unit_price: 0.01 },
      { product_id: simple.id, quantity: 1, total: 0 },
      { product_id: simple.id, quantity: 0 },
      { product_id: simple.id, quantity: -1 },
      { product_id: simple.id, quantity: 1.5 },
      { product_id: simple.id, quantity: 1e9 },
      { product_id: simple.id, quantity: '2' },
      { quantity: 1 },
    ]) {
      const res = await s.send('POST', '/api/cart/items', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toBeTruthy();
    }
    expect((await s.cart()).items).toHaveLength(0);
  });

  it("404s unknown products and variants and another store's product", async () => {
    const s = shopper();
    for (const body of [
      { product_id: '00000000-0000-4000-8000-000000000000' },
      { product_id: 'not-a-uuid' },
      { product_id: acmeProduct.id },
      { product_id: withVariants.id, variant_id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      expect((await s.send('POST', '/api/cart/items', body)).statusCode, JSON.stringify(body)).toBe(404);
    }
  });

  it('needs a variant for a product that has them, then prices the variant', async () => {
    const s = shopper();
    const res = await s.send('POST', '/api/cart/items', { product_id: withVariants.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please select a variant before adding to your cart.');
    const variant = withVariants.product_variants.find((v) => v.in_stock)!;
    await s.send('POST', '/api/cart/items', { product_id: withVariants.id, variant_id: variant.id });
    const [line] = (await s.cart()).items;
    expect(line).toMatchObject({ variant_id: variant.id, sku: variant.sku, unit_price: variant.sale_price ?? variant.price });
    expect(line.variant_options).toEqual(variant.options_json);
  });

  it('changes quantities and removes lines; a line of another cart is 404', async () => {
    const a = shopper();
    const b = shopper();
    await a.send('POST', '/api/cart/items', { product_id: simple.id });
    await b.send('POST', '/api/cart/items', { product_id: simple.id });
    const lineA = (await a.cart()).items[0];
    expect((await b.send('PATCH', `/api/cart/items/${lineA.id}`, { quantity: 5 })).statusCode).toBe(404);
    expect((await b.send('DELETE', `/api/cart/items/${lineA.id}`)).statusCode).toBe(404);
    expect((await a.send('PATCH', `/api/cart/items/${lineA.id}`, { quantity: 0 })).statusCode).toBe(400);
    expect((await a.send('PATCH', `/api/cart/items/${lineA.id}`, { quantity: 4 })).json().cart.items[0].quantity).toBe(4);
    expect((await a.send('DELETE', `/api/cart/items/${lineA.id}`)).json().cart.items).toEqual([]);
  });

  it('charges standard delivery below £100, free above, and the chosen method', async () => {
    const methods = (await call(t.app, 'GET', '/api/shipping-methods')).json().shipping_methods as ShippingMethod[];
    expect(methods.map((m) => [m.name, m.flat_rate, m.free_over])).toEqual([
      ['Standard Delivery', 3.99, 100],
      ['Next Day Delivery', 7.99, null],
    ]);
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    let cart = await s.cart();
    expect(cart.shipping_total).toBe(3.99);
    expect(cart.total).toBeCloseTo(simple.price + 3.99, 2);
    expect(cart.vat_included).toBeCloseTo(Math.round(((simple.price + 3.99) * 100) / 6) / 100, 2);
    expect(cart.tax_total).toBe(0);
    const line = cart.items[0];
    const enough = Math.ceil(100 / simple.price);
    cart = (await s.send('PATCH', `/api/cart/items/${line.id}`, { quantity: enough })).json().cart;
    expect(cart.shipping_total).toBe(0);
    cart = (await s.send('PUT', '/api/cart/shipping', { shipping_method_id: methods[1].id })).json().cart;
    expect(cart.shipping_selection).toMatchObject({ name: 'Next Day Delivery', cost: 7.99 });
    expect(cart.total).toBeCloseTo(simple.price * enough + 7.99, 2);
    expect((await s.send('PUT', '/api/cart/shipping', { shipping_method_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it("keeps each store's cart to itself: a Demo cart cookie on Acme's host is an empty cart", async () => {
    const s = shopper();
    await s.send('POST', '/api/cart/items', { product_id: simple.id });
    const onAcme = await call(t.app, 'GET', '/api/cart', { host: ACME_HOST, cookie: `cart=${s.jar.cart}` });
    expect(onAcme.json().cart.items).toEqual([]);
    const acmeMethods = (await call(t.app, 'GET', '/api/shipping-methods', { host: ACME_HOST })).json().shipping_methods as ShippingMethod[];
    const demoMethods = (await call(t.app, 'GET', '/api/shipping-methods')).json().shipping_methods as ShippingMethod[];
    expect(acmeMethods.map((m) => m.id)).not.toContain(demoMethods[0].id);
    expect((await call(t.app, 'GET', '/api/cart', { host: 'localhost:3000' })).statusCode).toBe(404);
  });

  it('joins a guest cart to the account at sign-in, and the account finds it on another browser', async () => {
    const session = await signIn(t.app, 'shopper@demo.test');
    const guest = shopper();
    await guest.send('POST', '/api/cart/items', { product_id: simple.id, quantity: 2 });
    guest.jar.sid = session.slice('sid='.length);
    expect((await guest.cart()).item_count).toBe(2);
    const other = shopper();
    other.jar.sid = session.slice('sid='.length);
    const cart = await other.cart();
    expect(cart.item_count).toBe(2);
    expect(other.jar.cart).toBeTruthy();
    // Signed out, the account's cart is not handed to whoever has the old cookie... of someone else.
    const stranger = shopper();
    stranger.jar.cart = other.jar.cart;
    stranger.jar.sid = (await signIn(t.app, 'admin@demo.test')).slice('sid='.length);
    expect((await stranger.cart()).items).toEqual([]);
  });
});
