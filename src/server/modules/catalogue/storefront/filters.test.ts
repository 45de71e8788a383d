import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, type TestApp } from '../../../test/harness';
import { ACME_CATALOGUE, DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';
import type { ProductList } from '../../../../shared/catalog';
import type { ProductFacets } from '../../../../shared/product-filters';

// Product filters and their counts on category and search pages (issue 27 item 8). Expected figures
// come from the demo catalogue itself, so a changed seed moves them with it.

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const live = DEMO_STORE_CATALOGUE.products.filter((p) => p.status === 'active' && p.visibility === 'public');
const listingPrice = (p: (typeof live)[number]) => (p.sale_price ?? p.base_price) / 100;
const inStock = (p: (typeof live)[number]) =>
  !p.track_inventory || (p.variants?.length ? p.variants.reduce((n, v) => n + (v.stock_quantity ?? 0), 0) : (p.stock_quantity ?? 0)) > 0;

async function list(query: string, host = DEMO_HOST): Promise<ProductList> {
  const res = await call(t.app, 'GET', `/api/products?limit=48&${query}`, { host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductList;
}
async function facets(query: string, host = DEMO_HOST): Promise<ProductFacets> {
  const res = await call(t.app, 'GET', `/api/products/facets?${query}`, { host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductFacets;
}
const names = (l: ProductList) => l.items.map((p) => p.name).sort();

describe('GET /api/products with filters', () => {
  it('narrows by brand (any of those given), price range and stock, together', async () => {
    const [a, b] = [...new Set(live.map((p) => p.brand))].sort();
    const byBrand = await list(`brand=${encodeURIComponent(a)}&brand=${encodeURIComponent(b)}`);
    expect(names(byBrand)).toEqual(live.filter((p) => p.brand === a || p.brand === b).map((p) => p.name).sort());
    expect(byBrand.total).toBe(byBrand.items.length);

    const cheap = await list('min_price=10&max_price=20');
    expect(names(cheap)).toEqual(live.filter((p) => listingPrice(p) >= 10 && listingPrice(p) <= 20).map((p) => p.name).sort());
    // Bounds the wrong way round are read the right way round.
    expect(names(await list('min_price=20&max_price=10'))).toEqual(names(cheap));

    const stocked = await list('in_stock=1');
    expect(names(stocked)).toEqual(live.filter(inStock).map((p) => p.name).sort());
    expect(stocked.total).toBeLessThan(live.length);

    const all = await list(`brand=${encodeURIComponent(a)}&in_stock=1&max_price=1000`);
    expect(names(all)).toEqual(live.filter((p) => p.brand === a && inStock(p) && listingPrice(p) <= 1000).map((p) => p.name).sort());
  });

  it('narrows by variant options: values of one option are alternatives, different options must all match', async () => {
    const colours = live.filter((p) => p.variants?.some((v) => v.options.some((o) => o.name === 'Colour' && o.value === 'Sage')));
    expect(colours.length).toBeGreaterThan(0);
    expect(names(await list('option=Colour:Sage'))).toEqual(colours.map((p) => p.name).sort());
    const sageOrNavy = live.filter((p) => p.variants?.some((v) => v.options.some((o) => o.name === 'Colour' && ['Sage', 'Navy'].includes(o.value))));
    expect(names(await list('option=Colour:Sage&option=Colour:Navy'))).toEqual(sageOrNavy.map((p) => p.name).sort());
    expect((await list('option=Colour:Sage&option=Size:No%20such%20size')).total).toBe(0);
  });

  it('ignores filters that are not filters, and bounds what it takes: never a 5xx', async () => {
    const everything = await list('');
    for (const junk of ['min_price=abc', 'max_price=-5', 'min_price=1e9', 'in_stock=maybe', 'option=NoColon', 'option=:Sage', 'brand=%01%02', `brand=${'x'.repeat(150)}`]) {
      expect((await list(junk)).total, junk).toBe(everything.total);
    }
    expect((await call(t.app, 'GET', '/api/products?brand=%00')).statusCode).toBe(400);
    const tooMany = await call(t.app, 'GET', `/api/products?${Array.from({ length: 60 }, (_, i) => `brand=b${i}`).join('&')}`);
    expect(tooMany.statusCode).toBe(400);
    const tooLong = await call(t.app, 'GET', `/api/products/facets?option=${'y'.repeat(300)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('option values follow the variants (migration 0041)', () => {
  it('keeps a product\'s option values when a variant is added, changed or removed, and the filter follows', async () => {
    const mug = live.find((p) => p.slug === 'enamel-camping-mug')!;
    const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from products where slug = ${mug.slug} and tenant_id = ${t.seed.tenantIds.demo}`));
    const values = async () => rowsOf<{ option_values: string[] }>(await t.database.db.execute(sql`select option_values from products where id = ${row.id}::uuid`))[0].option_values.sort();
    expect(await values()).toEqual(['Colour\u001fMustard', 'Colour\u001fNavy', 'Colour\u001fPillar Box Red', 'Colour\u001fSage']);
    await t.database.db.execute(sql`update product_variants set options = '[{"name":"Colour","value":"Teal"}]'::jsonb where product_id = ${row.id}::uuid and sku = 'DS-MUG-NAVY'`);
    await t.database.db.execute(sql`delete from product_variants where product_id = ${row.id}::uuid and sku = 'DS-MUG-RED'`);
    expect(await values()).toEqual(['Colour\u001fMustard', 'Colour\u001fSage', 'Colour\u001fTeal']);
    t.app.deps.catalogueCache.clear();
    expect(names(await list('option=Colour:Teal'))).toEqual([mug.name]);
    expect((await list('option=Colour:Navy')).items.some((p) => p.name === mug.name)).toBe(false);
  });
});

describe('GET /api/products/facets', () => {
  it('answers the price range, brands, in-stock count and options of the whole shop', async () => {
    const f = await facets('');
    expect(f.price).toEqual({ min: Math.min(...live.map(listingPrice)), max: Math.max(...live.map(listingPrice)) });
    const brands = new Map<string, number>();
    for (const p of live) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
    expect(f.brands).toEqual([...brands.entries()].sort(([x], [y]) => (x < y ? -1 : 1)).map(([value, count]) => ({ value, count })));
    expect(f.in_stock).toBe(live.filter(inStock).length);
    const colour = f.options.find((o) => o.name === 'Colour')!;
    expect(colour.values.find((v) => v.value === 'Sage')!.count).toBe(live.filter((p) => p.variants?.some((v) => v.options.some((o) => o.name === 'Colour' && o.value === 'Sage'))).length);
  });

  it("counts each facet without its own filter, and with the others", async () => {
    const brand = live.find((p) => p.variants?.length)!.brand;
    const f = await facets(`brand=${encodeURIComponent(brand)}`);
    // Brands: as if no brand were chosen, so another can be added.
    expect(f.brands.length).toBe(new Set(live.map((p) => p.brand)).size);
    // Stock and price: within the brand.
    expect(f.in_stock).toBe(live.filter((p) => p.brand === brand && inStock(p)).length);
    const prices = live.filter((p) => p.brand === brand).map(listingPrice);
    expect(f.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });

    // A chosen option keeps its other values' counts, as if it were not chosen.
    const sage = await facets('option=Colour:Sage');
    const plain = await facets('');
    expect(sage.options.find((o) => o.name === 'Colour')).toEqual(plain.options.find((o) => o.name === 'Colour'));
  });

  it('counts within a category or a search, and 404s for an unknown category', async () => {
    const category = DEMO_STORE_CATALOGUE.categories.find((c) => !c.parent && live.some((p) => p.categories.includes(c.slug)))!;
    const f = await facets(`category=${category.slug}`);
    const listed = await list(`category=${category.slug}`);
    expect(f.brands.reduce((n, b) => n + b.count, 0)).toBe(listed.items.filter((p) => p.brand).length);
    const searched = await facets('q=mug');
    const found = await list('q=mug');
    expect(searched.brands.reduce((n, b) => n + b.count, 0)).toBe(found.total);
    expect((await call(t.app, 'GET', '/api/products/facets?category=no-such-category')).statusCode).toBe(404);
  });

  it("never shows another store's brands or options", async () => {
    const acme = await facets('', ACME_HOST);
    const acmeBrands = new Set(ACME_CATALOGUE.products.map((p) => p.brand));
    expect(acme.brands.every((b) => acmeBrands.has(b.value))).toBe(true);
    const demo = await facets('');
    const demoOnly = [...new Set(live.map((p) => p.brand))].filter((b) => !acmeBrands.has(b));
    expect(acme.brands.some((b) => demoOnly.includes(b.value))).toBe(false);
    expect(demo.brands.some((b) => demoOnly.includes(b.value))).toBe(true);
    expect((await list(`brand=${encodeURIComponent(demoOnly[0])}`, ACME_HOST)).total).toBe(0);
  });
});
