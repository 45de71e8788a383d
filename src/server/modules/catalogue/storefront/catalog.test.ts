import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { ACME_CATALOGUE, DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';
import type { ProductCard, ProductDetail, ProductList } from '../../../../shared/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const live = DEMO_STORE_CATALOGUE.products.filter((p) => p.status === 'active' && p.visibility === 'public');
const hidden = DEMO_STORE_CATALOGUE.products.filter((p) => !(p.status === 'active' && p.visibility === 'public'));
const list = async (query: string, host = DEMO_HOST) => {
  const res = await call(t.app, 'GET', `/api/products${query}`, { host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductList;
};
const slugs = (items: ProductCard[]) => items.map((i) => i.slug);

describe('storefront categories', () => {
  it('answers the tree, two levels deep, in display order', async () => {
    const res = await call(t.app, 'GET', '/api/categories');
    expect(res.statusCode).toBe(200);
    const tree = res.json().categories as { slug: string; display_order: number; children: { slug: string }[] }[];
    const roots = DEMO_STORE_CATALOGUE.categories.filter((c) => !c.parent);
    expect(tree.map((c) => c.slug).sort()).toEqual(roots.map((c) => c.slug).sort());
    expect(tree.map((c) => c.display_order)).toEqual([...tree.map((c) => c.display_order)].sort((a, b) => a - b));
    for (const child of DEMO_STORE_CATALOGUE.categories.filter((c) => c.parent)) {
      expect(tree.find((c) => c.slug === child.parent)!.children.map((c) => c.slug)).toContain(child.slug);
    }
  });

  it('answers one category with its parent and children, and 404 for an unknown one', async () => {
    const child = DEMO_STORE_CATALOGUE.categories.find((c) => c.parent)!;
    const res = await call(t.app, 'GET', `/api/categories/${child.slug}`);
    expect(res.json().category).toMatchObject({ slug: child.slug, name: child.name, parent: { slug: child.parent } });
    const missing = await call(t.app, 'GET', '/api/categories/no-such-category');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Category not found');
  });

  it('has no store on the platform host', async () => {
    expect((await call(t.app, 'GET', '/api/categories', { host: PLATFORM_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/products', { host: PLATFORM_HOST })).statusCode).toBe(404);
  });
});

describe('storefront product list', () => {
  it('lists only active, public products, 24 a page, by name', async () => {
    const body = await list('');
    expect(body.total).toBe(live.length);
    expect(body.pagination).toEqual({ page: 1, limit: 24, total: live.length, pages: Math.ceil(live.length / 24) });
    const all = await list('?limit=48');
    expect(all.items.map((i) => i.slug).sort()).toEqual(live.map((p) => p.slug).sort());
    for (const p of hidden) expect(slugs(all.items)).not.toContain(p.slug);
  });

  it('sorts five ways; name Z-A is name A-Z reversed', async () => {
    const byName = slugs((await list('?limit=48&sort=name')).items);
    expect(slugs((await list('?limit=48&sort=name_desc')).items)).toEqual([...byName].reverse());
    const effective = (i: ProductCard) => i.sale_price ?? i.price;
    const up = (await list('?limit=48&sort=price_asc')).items.map(effective);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await list('?limit=48&sort=price_desc')).items.map(effective);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const newest = slugs((await list('?limit=48&sort=newest')).items);
    expect(newest[0]).toBe([...live].reverse()[0].slug);
  });

  it('falls back on bad paging and unknown sorts instead of failing', async () => {
    const first = slugs((await list('')).items);
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const body = await list(`?page=${page}`);
      expect(body.pagination.page, page).toBe(1);
      expect(slugs(body.items)).toEqual(first);
    }
    expect((await list('?limit=100000')).pagination.limit).toBe(48);
    expect((await list('?limit=abc')).pagination.limit).toBe(24);
    expect((await list('?limit=0')).pagination.limit).toBe(24);
    expect(slugs((await list('?sort=price;drop')).items)).toEqual(first);
    expect(slugs((await list('?utm_source=mail')).items)).toEqual(first);
  });

  it('pages through without overlap, and an empty page past the end', async () => {
    const one = await list('?limit=10&page=1');
    const two = await list('?limit=10&page=2');
    expect(two.pagination).toMatchObject({ page: 2, pages: Math.ceil(live.length / 10) });
    expect(slugs(one.items).filter((s) => slugs(two.items).includes(s))).toEqual([]);
    expect((await list('?page=999')).items).toEqual([]);
  });

  it('filters by category, including its children, and 404s an unknown category', async () => {
    const parent = DEMO_STORE_CATALOGUE.categories.find((c) => DEMO_STORE_CATALOGUE.categories.some((k) => k.parent === c.slug))!;
    const family = [parent.slug, ...DEMO_STORE_CATALOGUE.categories.filter((k) => k.parent === parent.slug).map((k) => k.slug)];
    const expected = live.filter((p) => p.categories.some((c) => family.includes(c))).map((p) => p.slug).sort();
    const body = await list(`?category=${parent.slug}&limit=48`);
    expect(slugs(body.items).sort()).toEqual(expected);
    expect(body.total).toBe(expected.length);
    const res = await call(t.app, 'GET', '/api/products?category=nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Category not found');
  });

  it('lists featured products for the home page', async () => {
    const body = await list('?featured=true&limit=48');
    expect(slugs(body.items).sort()).toEqual(live.filter((p) => p.is_featured).map((p) => p.slug).sort());
  });
});

describe('search', () => {
  const enamel = live.find((p) => p.name.includes('Enamel'))!;
  const terracotta = live.find((p) => p.name.includes('Terracotta'))!;

  it('finds by name, brand, SKU and description words', async () => {
    expect(slugs((await list('?q=enamel')).items)).toContain(enamel.slug);
    expect(slugs((await list(`?q=${encodeURIComponent(enamel.sku)}`)).items)).toContain(enamel.slug);
    expect(slugs((await list(`?q=${encodeURIComponent(enamel.brand)}`)).items)).toContain(enamel.slug);
  });

  it('forgives a misspelt word', async () => {
    expect(slugs((await list('?q=enamal')).items)).toContain(enamel.slug);
    expect(slugs((await list('?q=teracotta')).items)).toContain(terracotta.slug);
  });

  it('ranks products named after the words above those that only mention them', async () => {
    const named = (await list('?q=linen&limit=48')).items.map((i) => /linen/i.test(i.name));
    expect(named).toContain(true);
    expect(named).toContain(false);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
  });

  it('still counts the matches on a page past the last one, typo or not', async () => {
    for (const q of ['linen', 'enamal']) {
      const first = await list(`?q=${q}`);
      expect(first.total, q).toBeGreaterThan(0);
      const past = await list(`?q=${q}&page=99`);
      expect(past.items).toEqual([]);
      expect(past.total).toBe(first.total);
    }
  });

  it('puts the best match first and finds nothing for nonsense', async () => {
    expect((await list('?q=enamel')).items[0].slug).toBe(enamel.slug);
    expect((await list('?q=qwxzvbn')).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent("'; drop table products; --")}`)).total).toBe(0);
  });
});

describe('product page data', () => {
  const withVariants = live.find((p) => p.variants?.length)!;

  it('answers a product by slug, prices in pounds, with images, variants and categories', async () => {
    const res = await call(t.app, 'GET', `/api/products/by-slug/${withVariants.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const product = res.json().product as ProductDetail;
    expect(product).toMatchObject({ name: withVariants.name, sku: withVariants.sku, brand: withVariants.brand, price: withVariants.base_price / 100, bullets: withVariants.bullets });
    expect(product.product_images).toHaveLength(withVariants.images.length);
    expect(product.product_images[0].image_url).toMatch(/^\/files\/tenants\/[0-9a-f-]{36}\/products\/[0-9a-f-]{36}\.svg$/);
    expect(product.product_variants.map((v) => v.sku)).toEqual(withVariants.variants!.map((v) => v.sku));
    expect(product.product_variants[0].options_json).toEqual(withVariants.variants![0].options);
    expect(product.product_variants[0].price).toBe(withVariants.variants![0].price / 100);
    expect(product.categories[0].slug).toBe(withVariants.categories[0]);
  });

  it('serves the product picture on its own store only', async () => {
    const product = (await call(t.app, 'GET', `/api/products/by-slug/${withVariants.slug}`)).json().product as ProductDetail;
    const image = await call(t.app, 'GET', product.product_images[0].image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect((await call(t.app, 'GET', product.product_images[0].image_url, { host: ACME_HOST })).statusCode).toBe(404);
    const traversal = product.product_images[0].image_url.replace(/[^/]+$/, '..%2F..%2F..%2Fsecrets.json');
    expect((await call(t.app, 'GET', traversal)).statusCode).toBe(404);
  });

  it('hides drafts, archived and private products as if they did not exist', async () => {
    for (const p of hidden) {
      const res = await call(t.app, 'GET', `/api/products/by-slug/${p.slug}`);
      expect(res.statusCode, p.slug).toBe(404);
      expect(res.json().error.message).toBe('Product not found');
    }
  });

  it('suggests up to four other live products', async () => {
    const product = (await call(t.app, 'GET', `/api/products/by-slug/${withVariants.slug}`)).json().product as ProductDetail;
    const related = (await call(t.app, 'GET', `/api/products/${product.id}/related`)).json().items as ProductCard[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(slugs(related)).not.toContain(product.slug);
    for (const r of related) expect(live.map((p) => p.slug)).toContain(r.slug);
    expect((await call(t.app, 'GET', '/api/products/not-a-uuid/related')).statusCode).toBe(404);
  });
});

describe('signed-in shoppers', () => {
  it('get the same catalogue answers as everyone (the reads do not depend on the session)', async () => {
    const cookie = await signIn(t.app, 'shopper@demo.test');
    for (const url of ['/api/categories', '/api/products?sort=newest', `/api/products/by-slug/${live[0].slug}`]) {
      const anonymous = await call(t.app, 'GET', url);
      const signedIn = await call(t.app, 'GET', url, { cookie });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.body, url).toBe(anonymous.body);
    }
  });
});

describe('tenant isolation', () => {
  it("never shows Demo's catalogue on Acme's host", async () => {
    const acme = await list('?limit=48', ACME_HOST);
    const acmeLive = ACME_CATALOGUE.products.filter((p) => p.status === 'active' && p.visibility === 'public');
    expect(slugs(acme.items).sort()).toEqual(acmeLive.map((p) => p.slug).sort());
    const demoProduct = (await call(t.app, 'GET', `/api/products/by-slug/${live[0].slug}`)).json().product as ProductDetail;
    expect((await call(t.app, 'GET', `/api/products/by-slug/${live[0].slug}`, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/products/${demoProduct.id}/related`, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/products/${demoProduct.id}/reviews`, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/categories/${DEMO_STORE_CATALOGUE.categories[0].slug}`, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/products?category=${DEMO_STORE_CATALOGUE.categories[0].slug}`, { host: ACME_HOST })).statusCode).toBe(404);
  });
});
