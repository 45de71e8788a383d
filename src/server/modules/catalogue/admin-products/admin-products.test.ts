import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';
import { rowsOf } from '../../../db/rows';
import { PRODUCT_ERRORS, type AdminProduct, type AdminProductList } from '../../../../shared/admin-products';
import type { ProductDetail } from '../../../../shared/catalog';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
const demoProducts = DEMO_STORE_CATALOGUE.products;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const list = async (query = '', cookie = admin) => call(t.app, 'GET', `/api/admin/products${query}`, { cookie });
const listBody = async (query = '') => (await list(query)).json() as AdminProductList;
const getProduct = async (id: string) => (await call(t.app, 'GET', `/api/admin/products/${id}`, { cookie: admin })).json().product as AdminProduct;
const create = (body: unknown, cookie = admin) => call(t.app, 'POST', '/api/admin/products', { cookie, body });
const update = (id: string, body: unknown, cookie = admin) => call(t.app, 'PUT', `/api/admin/products/${id}`, { cookie, body });
const storefront = (slug: string) => call(t.app, 'GET', `/api/products/by-slug/${slug}`);
let counter = 0;
const valid = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return { name: `Test Lamp ${counter}`, slug: `test-lamp-${counter}`, sku: `TL-${counter}`, base_price: 25, ...extra };
};
async function movements(productId: string) {
  const res = await t.database.db.execute(sql`select change, reason, notes, resulting_quantity, variant_id from stock_movements where product_id = ${productId} order by created_at, id`);
  return rowsOf<{ change: number; reason: string; notes: string; resulting_quantity: number; variant_id: string | null }>(res);
}

describe('who may use the product routes', () => {
  it('refuses staff with 403 and anonymous callers with 401', async () => {
    expect((await list('', staff)).statusCode).toBe(403);
    expect((await create(valid(), staff)).statusCode).toBe(403);
    expect((await list('', null as unknown as string)).statusCode).toBe(401);
    const id = (await listBody()).products[0].id;
    expect((await update(id, { track_inventory: false }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/products/${id}`, { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/search?type=product&q=mug', { cookie: staff })).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's product on every route, and changes nothing", async () => {
    const demoId = (await listBody()).products[0].id;
    const before = await getProduct(demoId);
    const acme = { host: ACME_HOST, cookie: acmeAdmin };
    expect((await call(t.app, 'GET', `/api/admin/products/${demoId}`, acme)).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/admin/products/${demoId}`, { ...acme, body: valid() })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/admin/products/${demoId}`, { ...acme, body: { track_inventory: false } })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/admin/products/${demoId}/feature`, { ...acme, body: { is_featured: true } })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/products/${demoId}`, acme)).statusCode).toBe(404);
    expect(await getProduct(demoId)).toEqual(before);
    // A missing id and a malformed one answer the same.
    expect((await call(t.app, 'GET', '/api/admin/products/00000000-0000-4000-8000-000000000000', { cookie: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/products/not-a-uuid', { cookie: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/admin/products/not-a-uuid', { cookie: admin })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/products', () => {
  it('pages 20 at a time by default with the row shape the list reads', async () => {
    const body = await listBody();
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: demoProducts.length, pages: Math.ceil(demoProducts.length / 20) });
    expect(body.products).toHaveLength(20);
    const seeded = demoProducts.find((p) => p.images.length > 0 && p.categories.length > 0 && p.status === 'active')!;
    const row = (await listBody(`?search=${seeded.sku}`)).products.find((p) => p.sku === seeded.sku)!;
    expect(row).toMatchObject({ name: seeded.name, slug: seeded.slug, base_price: seeded.base_price / 100, status: 'active', is_featured: seeded.is_featured });
    expect(row.product_images[0]).toEqual({ image_url: expect.any(String), alt_text: seeded.images[0].alt });
    expect(row.product_categories[0].categories).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(Object.keys(row).sort()).toEqual(
      ['id', 'name', 'slug', 'sku', 'base_price', 'sale_price', 'status', 'visibility', 'is_featured', 'track_inventory', 'stock_quantity', 'price_range', 'product_images', 'product_categories', 'created_at'].sort(),
    );
  });

  it('pages: the last page holds the rest, past the end is empty with the same total', async () => {
    const total = demoProducts.length;
    const last = await listBody('?page=2');
    expect(last.products).toHaveLength(total - 20);
    const beyond = await listBody('?page=9');
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 9, total, pages: 2 });
    const all = await listBody('?limit=100');
    expect(all.products).toHaveLength(total);
    expect(new Set([...(await listBody()).products, ...last.products].map((p) => p.id)).size).toBe(total);
    expect((await listBody('?limit=1')).pagination.pages).toBe(total);
  });

  it('refuses a bad page, limit or sort with 400', async () => {
    for (const q of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?limit=0', '?limit=101', '?limit=x', '?sort=price', '?status=deleted']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('sorts six ways', async () => {
    const all = (sort: string) => listBody(`?limit=100&sort=${sort}`).then((b) => b.products);
    const names = (await all('name_asc')).map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await all('name_desc')).map((p) => p.name.toLowerCase())).toEqual([...names].reverse());
    const price = (p: { base_price: number; sale_price: number | null }) => p.sale_price ?? p.base_price;
    const up = (await all('price_asc')).map(price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await all('price_desc')).map(price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const newest = (await all('created_at_desc')).map((p) => p.created_at);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await all('created_at_asc')).map((p) => p.id);
    expect(oldest).toEqual((await all('created_at_desc')).map((p) => p.id).reverse());
    // The default is newest first.
    expect((await listBody()).products.map((p) => p.id)).toEqual((await all('created_at_desc')).slice(0, 20).map((p) => p.id));
  });

  it('filters by status and searches name, SKU and description', async () => {
    for (const status of ['active', 'draft', 'archived'] as const) {
      const body = await listBody(`?status=${status}&limit=100`);
      expect(body.pagination.total).toBe(demoProducts.filter((p) => p.status === status).length);
      expect(body.products.every((p) => p.status === status)).toBe(true);
    }
    const seeded = demoProducts[3];
    expect((await listBody(`?search=${encodeURIComponent(seeded.name.toUpperCase())}`)).products.map((p) => p.sku)).toContain(seeded.sku);
    expect((await listBody(`?search=${seeded.sku.toLowerCase()}`)).products.map((p) => p.sku)).toContain(seeded.sku);
    const word = seeded.description!.split(/\s+/).find((w) => /^[a-zA-Z]{8,}$/.test(w) && !`${seeded.name} ${seeded.sku}`.toLowerCase().includes(w.toLowerCase()))!;
    expect(`${seeded.name} ${seeded.sku}`.toLowerCase()).not.toContain(word.toLowerCase());
    const byDescription = await listBody(`?search=${encodeURIComponent(word)}&limit=100`);
    expect(byDescription.products.map((p) => p.sku)).toContain(seeded.sku);
    expect(byDescription.pagination.total).toBeLessThan(demoProducts.length);
    // Wildcards are literal, and no match is an empty page.
    expect((await listBody('?search=%25')).pagination.total).toBe(0);
    expect((await listBody('?search=zzzz-no-such-thing')).products).toEqual([]);
    const combined = await listBody(`?search=${seeded.sku}&status=${seeded.status === 'active' ? 'draft' : 'active'}`);
    expect(combined.products).toEqual([]);
  });
});

describe('POST /api/admin/products: validation (spec §5)', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    return res.json().error.fields as Record<string, string>;
  };

  it("gives each rule's message as a field error", async () => {
    expect(await fieldsOf({})).toMatchObject({ name: PRODUCT_ERRORS.name, sku: PRODUCT_ERRORS.sku, slug: PRODUCT_ERRORS.slugRequired, base_price: PRODUCT_ERRORS.basePriceRequired });
    expect(await fieldsOf({ name: '  ', sku: ' ', slug: '', base_price: -1 })).toMatchObject({
      name: 'Product name is required', sku: 'SKU is required', slug: PRODUCT_ERRORS.slugRequired, base_price: 'Base price must be zero or greater',
    });
    expect((await fieldsOf(valid({ slug: 'Has Spaces' }))).slug).toBe(PRODUCT_ERRORS.slugPattern);
    expect((await fieldsOf(valid({ slug: 'under_score' }))).slug).toBe(PRODUCT_ERRORS.slugPattern);
    expect((await fieldsOf(valid({ sale_price: 25 }))).sale_price).toBe('Sale price must be lower than base price');
    expect((await fieldsOf(valid({ sale_price: 30 }))).sale_price).toBe('Sale price must be lower than base price');
    expect((await fieldsOf(valid({ sale_price: -2 }))).sale_price).toBe(PRODUCT_ERRORS.salePriceNegative);
    expect((await fieldsOf(valid({ base_price: 1.234 }))).base_price).toBe(PRODUCT_ERRORS.pence);
    expect((await fieldsOf(valid({ base_price: '25' }))).base_price).toBeDefined();
    expect((await fieldsOf(valid({ stock_quantity: 1.5 }))).stock_quantity).toBe(PRODUCT_ERRORS.stock);
    expect((await fieldsOf(valid({ stock_quantity: -1 }))).stock_quantity).toBe(PRODUCT_ERRORS.stock);
    expect((await fieldsOf(valid({ status: 'published' }))).status).toBe(PRODUCT_ERRORS.status);
    expect((await fieldsOf(valid({ visibility: 'hidden' }))).visibility).toBe(PRODUCT_ERRORS.visibility);
    expect((await fieldsOf(valid({ meta_title: 'x'.repeat(61) }))).meta_title).toBe(PRODUCT_ERRORS.metaTitle);
    expect((await fieldsOf(valid({ meta_description: 'x'.repeat(161) }))).meta_description).toBe(PRODUCT_ERRORS.metaDescription);
    expect((await fieldsOf(valid({ category_ids: ['nope'] })))['category_ids.0']).toBe(PRODUCT_ERRORS.categories);
    // A category of another store is refused like a made-up one.
    const acmeCategory = (await call(t.app, 'GET', '/api/admin/categories', { host: ACME_HOST, cookie: acmeAdmin })).json().categories[0].id;
    expect((await fieldsOf(valid({ category_ids: [acmeCategory] }))).category_ids).toBe(PRODUCT_ERRORS.categories);
  });

  it('accepts exactly 60 and 160 characters of meta text, and price 0', async () => {
    const res = await create(valid({ meta_title: 'x'.repeat(60), meta_description: 'y'.repeat(160), base_price: 0 }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses mass assignment: tenant_id, id, created_at and unknown fields', async () => {
    const acmeTenant = t.seed.tenantIds.acme;
    for (const extra of [{ tenant_id: acmeTenant }, { id: '00000000-0000-4000-8000-000000000001' }, { created_at: '2020-01-01T00:00:00Z' }, { reserved_quantity: 5 }, { average_rating: 5 }]) {
      const res = await create(valid(extra));
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields)).toContain('Unknown field');
    }
    const id = (await listBody()).products[0].id;
    const res = await update(id, { ...valid(), tenant_id: acmeTenant });
    expect(res.statusCode).toBe(400);
    expect((await update(id, { track_inventory: true, tenant_id: acmeTenant })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', `/api/admin/products/${id}/feature`, { cookie: admin, body: { is_featured: true, name: 'x' } })).statusCode).toBe(400);
    expect((await update(id, [1, 2])).statusCode).toBe(400);
  });

  it('refuses a slug or SKU another product uses, and writes nothing', async () => {
    const other = demoProducts[0];
    const before = (await listBody()).pagination.total;
    let res = await create(valid({ slug: other.slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ slug: 'This slug is already used by another product' });
    res = await create(valid({ sku: other.sku }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ sku: PRODUCT_ERRORS.skuTaken });
    expect((await listBody()).pagination.total).toBe(before);
    // Another store may use the same slug and SKU.
    const acmeRes = await call(t.app, 'POST', '/api/admin/products', { host: ACME_HOST, cookie: acmeAdmin, body: valid({ slug: other.slug, sku: other.sku }) });
    expect(acmeRes.statusCode).toBe(201);
  });
});

describe('POST /api/admin/products: what is stored', () => {
  it('normalises: trims, empties become null, highlights split on lines, defaults applied', async () => {
    const res = await create({
      name: '  Linen Apron  ', slug: ' linen-apron ', sku: ' LA-1 ', base_price: 19.99, sale_price: null,
      description: '   ', meta_title: '', meta_description: '  ', brand: ' ',
      bullets: 'Washed linen\n\n  Adjustable strap  \r\n \nTwo pockets',
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().product as AdminProduct;
    expect(p).toMatchObject({
      name: 'Linen Apron', slug: 'linen-apron', sku: 'LA-1', base_price: 19.99, sale_price: null, description: null, meta_title: null,
      meta_description: null, brand: null, bullets: ['Washed linen', 'Adjustable strap', 'Two pockets'], status: 'draft', visibility: 'public',
      track_inventory: true, stock_quantity: null, is_featured: false, category_ids: [], variants: [],
    });
    const asList = await create(valid({ bullets: [' One ', '', 'Two\nThree'] }));
    expect(asList.json().product.bullets).toEqual(['One', 'Two', 'Three']);
  });

  it('tracking off stores no stock; tracking on with no figure stays null', async () => {
    const off = (await create(valid({ track_inventory: false, stock_quantity: 12 }))).json().product;
    expect(off).toMatchObject({ track_inventory: false, stock_quantity: null });
    const on = (await create(valid({ track_inventory: true }))).json().product;
    expect(on).toMatchObject({ track_inventory: true, stock_quantity: null });
  });

  it("takes the AI wizard's payload and shows it on the storefront at once, with a ledger line for its stock", async () => {
    const category = (await call(t.app, 'GET', '/api/admin/categories', { cookie: admin })).json().categories[0];
    // Read the storefront first so a cached answer exists to be dropped.
    expect((await storefront('wizard-kettle')).statusCode).toBe(404);
    const res = await create({
      name: 'Wizard Kettle', sku: 'WZ-1', slug: 'wizard-kettle', description: 'A **whistling** kettle.', base_price: 34.5, status: 'active',
      stock_quantity: 0, track_inventory: true, brand: 'Brightside', category_ids: [category.id], bullets: ['Whistles', 'Induction safe'],
      meta_title: 'Wizard Kettle', meta_description: 'A whistling kettle.',
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().product as AdminProduct;
    expect(p).toMatchObject({ brand: 'Brightside', category_ids: [category.id], stock_quantity: 0, status: 'active' });
    expect(p.product_categories[0].categories).toEqual({ id: category.id, name: category.name });
    const shop = await storefront('wizard-kettle');
    expect(shop.statusCode).toBe(200);
    expect(shop.json().product).toMatchObject({ name: 'Wizard Kettle', price: 34.5, brand: 'Brightside', in_stock: false });
    expect(await movements(p.id)).toEqual([]);
    const stocked = (await create(valid({ stock_quantity: 7 }))).json().product;
    expect(await movements(stocked.id)).toEqual([{ change: 7, reason: 'adjustment', notes: 'Set on product form', resulting_quantity: 7, variant_id: null }]);
    // The spec's wizard field `category` is taken as one category id.
    expect((await create(valid({ category: category.id }))).json().product.category_ids).toEqual([category.id]);
  });

  it('stores variants the storefront shows as buttons, prices in pounds', async () => {
    const res = await create(
      valid({
        slug: 'variant-throw', status: 'active',
        variants: [
          { sku: 'VT-S', price: 40, sale_price: 35, stock_quantity: 3, options: [{ name: 'Colour', value: 'Sage' }] },
          { sku: 'VT-R', price: 42.5, options: [{ name: 'Colour', value: 'Rust' }] },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json().product as AdminProduct;
    expect(p.variants.map((v) => [v.sku, v.price, v.sale_price, v.stock_quantity])).toEqual([['VT-S', 40, 35, 3], ['VT-R', 42.5, null, null]]);
    const shop = (await storefront('variant-throw')).json().product as ProductDetail;
    expect(shop.product_variants.map((v) => [v.sku, v.price, v.sale_price, v.options_json])).toEqual([
      ['VT-S', 40, 35, [{ name: 'Colour', value: 'Sage' }]],
      ['VT-R', 42.5, null, [{ name: 'Colour', value: 'Rust' }]],
    ]);
    // Its own stock is its variants' (decision 042): 3, and none was never set; the ledger has the variant's row only.
    expect(p.stock_quantity).toBe(3);
    expect((await movements(p.id)).map((m) => [m.change, m.variant_id])).toEqual([[3, p.variants[0].id]]);
  });

  it('refuses bad variants with per-row field errors', async () => {
    const fields = async (variants: unknown) => (await create(valid({ variants }))).json().error.fields;
    expect(await fields([{ sku: '', price: 1 }])).toMatchObject({ 'variants.0.sku': PRODUCT_ERRORS.variantSku });
    expect(await fields([{ sku: 'A', price: 5, sale_price: 5 }])).toMatchObject({ 'variants.0.sale_price': PRODUCT_ERRORS.variantSalePrice });
    expect(await fields([{ sku: 'A', price: 5 }, { sku: 'a', price: 5 }])).toMatchObject({ 'variants.1.sku': PRODUCT_ERRORS.variantSkuRepeated });
    expect(await fields([{ sku: 'A', price: 5, options: [{ name: '', value: 'x' }] }])).toMatchObject({ 'variants.0.options.0.name': PRODUCT_ERRORS.optionName });
    expect(await fields([{ sku: 'A', price: 5, name: 'x' }])).toMatchObject({ 'variants.0.name': 'Unknown field' });
    const seededVariant = demoProducts.find((p) => p.variants?.length)!.variants![0];
    const res = await create(valid({ variants: [{ sku: seededVariant.sku, price: 5 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ 'variants.0.sku': PRODUCT_ERRORS.variantSkuTaken });
    expect((await listBody('?search=Test%20Lamp&limit=100')).products.some((p) => p.sku === `TL-${counter}`)).toBe(false);
  });
});

describe('PUT /api/admin/products/{id}', () => {
  it('edits every field, keeps what the body leaves out, and the storefront shows the change at once', async () => {
    const created = (await create(valid({ slug: 'edit-me', status: 'active', stock_quantity: 10, description: 'Old', meta_title: 'Old title', bullets: ['a'] }))).json().product as AdminProduct;
    expect((await storefront('edit-me')).json().product.price).toBe(25);
    const res = await update(created.id, { name: 'Edited', slug: 'edit-me', sku: created.sku, base_price: 30, sale_price: 24.99, stock_quantity: 6 });
    expect(res.statusCode).toBe(200);
    const p = res.json().product as AdminProduct;
    expect(p).toMatchObject({ name: 'Edited', base_price: 30, sale_price: 24.99, stock_quantity: 6, description: 'Old', meta_title: 'Old title', bullets: ['a'], status: 'active' });
    expect((await storefront('edit-me')).json().product).toMatchObject({ name: 'Edited', price: 30, sale_price: 24.99 });
    expect((await movements(created.id)).map((m) => [m.change, m.resulting_quantity, m.notes])).toEqual([[10, 10, 'Set on product form'], [-4, 6, 'Set on product form']]);
    // Unchanged stock adds no ledger line.
    await update(created.id, { name: 'Edited', slug: 'edit-me', sku: created.sku, base_price: 30, stock_quantity: 6, description: null });
    expect(await movements(created.id)).toHaveLength(2);
    expect((await getProduct(created.id)).description).toBeNull();
  });

  it('refuses a sale price at or above the base, counting a stored sale price against a new base', async () => {
    const p = (await create(valid({ base_price: 50, sale_price: 40 }))).json().product as AdminProduct;
    const res = await update(p.id, { name: p.name, slug: p.slug, sku: p.sku, base_price: 40 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ sale_price: 'Sale price must be lower than base price' });
    expect((await getProduct(p.id)).base_price).toBe(50);
  });

  it("refuses another product's slug, and accepts keeping its own", async () => {
    const p = (await create(valid())).json().product as AdminProduct;
    const res = await update(p.id, { name: p.name, slug: demoProducts[1].slug, sku: p.sku, base_price: 25 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.slug).toBe(PRODUCT_ERRORS.slugTaken);
    expect((await update(p.id, { name: 'Same slug', slug: p.slug, sku: p.sku, base_price: 25 })).statusCode).toBe(200);
  });

  it('changes, adds and removes variants; swapping SKUs between two works; an unknown variant id is refused', async () => {
    const p = (await create(valid({ variants: [{ sku: 'SW-A', price: 10, stock_quantity: 2 }, { sku: 'SW-B', price: 11 }] }))).json().product as AdminProduct;
    const [a, b] = p.variants;
    const base = { name: p.name, slug: p.slug, sku: p.sku, base_price: 25 };
    let res = await update(p.id, { ...base, variants: [{ id: a.id, sku: 'SW-B', price: 12, stock_quantity: 5 }, { id: b.id, sku: 'SW-A', price: 11 }, { sku: 'SW-C', price: 9, options: [{ name: 'Size', value: 'L' }] }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.variants.map((v: AdminProduct['variants'][number]) => [v.id === a.id, v.sku, v.price])).toEqual([[true, 'SW-B', 12], [false, 'SW-A', 11], [false, 'SW-C', 9]]);
    res = await update(p.id, { ...base, variants: [{ id: b.id, sku: 'SW-A', price: 11 }] });
    expect(res.json().product.variants.map((v: { sku: string }) => v.sku)).toEqual(['SW-A']);
    res = await update(p.id, { ...base, variants: [{ id: a.id, sku: 'SW-Z', price: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'variants.0.id': PRODUCT_ERRORS.variantUnknown });
    // Leaving variants out keeps them.
    expect((await update(p.id, base)).json().product.variants).toHaveLength(1);
  });

  it('refuses stock below the units held by unpaid checkouts', async () => {
    const p = (await create(valid({ stock_quantity: 5 }))).json().product as AdminProduct;
    await t.database.db.execute(sql`update products set reserved_quantity = 3 where id = ${p.id}`);
    const res = await update(p.id, { name: p.name, slug: p.slug, sku: p.sku, base_price: 25, stock_quantity: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.stock_quantity).toMatch(/3 unit/);
    expect((await call(t.app, 'DELETE', `/api/admin/products/${p.id}`, { cookie: admin })).statusCode).toBe(409);
    await t.database.db.execute(sql`update products set reserved_quantity = 0 where id = ${p.id}`);
  });
});

describe('list toggles', () => {
  it('PUT { track_inventory } alone: off clears stock (ledger line), on keeps it empty until set', async () => {
    const p = (await create(valid({ stock_quantity: 8 }))).json().product as AdminProduct;
    let res = await update(p.id, { track_inventory: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ track_inventory: false, stock_quantity: null, name: p.name });
    res = await update(p.id, { track_inventory: true });
    expect(res.json().product).toMatchObject({ track_inventory: true, stock_quantity: null });
    expect((await movements(p.id)).map((m) => [m.change, m.resulting_quantity, m.notes])).toEqual([[8, 8, 'Set on product form'], [-8, 0, 'Inventory tracking turned off']]);
    expect((await update(p.id, { track_inventory: 'yes' })).statusCode).toBe(400);
  });

  it('PUT /feature sets is_featured, and the storefront featured list follows', async () => {
    const p = (await create(valid({ slug: 'feature-me', status: 'active' }))).json().product as AdminProduct;
    const featured = async () => (await call(t.app, 'GET', '/api/products?featured=true&limit=48')).json().items.map((i: { slug: string }) => i.slug);
    expect(await featured()).not.toContain('feature-me');
    const res = await call(t.app, 'PUT', `/api/admin/products/${p.id}/feature`, { cookie: admin, body: { is_featured: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.is_featured).toBe(true);
    expect(await featured()).toContain('feature-me');
    expect((await call(t.app, 'PUT', `/api/admin/products/${p.id}/feature`, { cookie: admin, body: {} })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('answers 204, removes it from the list and the storefront, and keeps past order lines', async () => {
    const p = (await create(valid({ slug: 'delete-me', status: 'active', stock_quantity: 3 }))).json().product as AdminProduct;
    const tenantId = t.seed.tenantIds.demo;
    // A past order with a line for this product.
    const orderRes = await t.database.db.execute(sql`
      insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
                          subtotal, shipping_total, total_amount, payment_provider, reservation_state, reservation_expires_at, status, payment_status)
      values (${tenantId}, 'DEL-1', 'a@b.co', 'A B', '{}'::jsonb, '{}'::jsonb, 'Standard', 2500, 0, 2500, 'test', 'committed', now(), 'delivered', 'paid')
      returning id`);
    const orderId = rowsOf<{ id: string }>(orderRes)[0].id;
    await t.database.db.execute(sql`
      insert into order_items (tenant_id, order_id, product_id, product_name, product_sku, product_slug, quantity, unit_price, total_amount, stock_source)
      values (${tenantId}, ${orderId}, ${p.id}, ${p.name}, ${p.sku}, 'delete-me', 1, 2500, 2500, 'product')`);
    expect((await storefront('delete-me')).statusCode).toBe(200);

    const res = await call(t.app, 'DELETE', `/api/admin/products/${p.id}`, { cookie: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(t.app, 'GET', `/api/admin/products/${p.id}`, { cookie: admin })).statusCode).toBe(404);
    expect((await storefront('delete-me')).statusCode).toBe(404);
    const lines = rowsOf<{ product_id: string | null; product_name: string; unit_price: number }>(
      await t.database.db.execute(sql`select product_id, product_name, unit_price from order_items where order_id = ${orderId}`),
    );
    expect(lines).toEqual([{ product_id: null, product_name: p.name, unit_price: 2500 }]);
    expect((await call(t.app, 'DELETE', `/api/admin/products/${p.id}`, { cookie: admin })).statusCode).toBe(404);
  });
});
