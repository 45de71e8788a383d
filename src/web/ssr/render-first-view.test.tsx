import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, DEMO_HOST, call, resetTestApp, signIn, type TestApp } from '../../server/test/harness';
import { PRODUCT_PAGE_SIZE, type ProductCard } from '@shared/catalog';
import { renderFirstView, type FetchApi } from './render-first-view';
import { textOf } from './html-text';

// The storefront's pages rendered on the server from the browser's own components (issue 29), with
// their data from the real API on a real database: what a crawler, a link preview or a phone before
// its JavaScript arrives gets to see.

let t: TestApp;
let asked: string[] = [];

/** The app's own API for a host, as the browser would call it, anonymously (no cookie). */
const apiOf =
  (host: string): FetchApi =>
  async (path) => {
    asked.push(path);
    const res = await call(t.app, 'GET', path, { host });
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };

const render = async (path: string, host = DEMO_HOST) => {
  asked = [];
  const view = await renderFirstView(path, apiOf(host));
  return { ...view, text: textOf(view.html) };
};

let products: ProductCard[];

beforeAll(async () => {
  t = await resetTestApp();
  products = (await call(t.app, 'GET', '/api/products?limit=48')).json().items;
});

describe('the storefront rendered on the server', () => {
  it('a product page: name, price, description, breadcrumbs and picture in the HTML, and its data for the browser', async () => {
    const product = products.find((p) => p.sale_price === null && p.image)!;
    const detail = (await call(t.app, 'GET', `/api/products/by-slug/${product.slug}`)).json().product;
    const view = await render(`/p/${product.slug}`);
    expect(view.status).toBe(200);
    expect(view.text).toContain(product.name);
    expect(view.text).toContain(`£${product.price.toFixed(2)}`);
    expect(view.text).toContain(detail.description.slice(0, 40));
    // Breadcrumbs: home and the product's category, as links.
    expect(view.html).toContain('href="/"');
    expect(view.html).toContain(`href="/c/${detail.categories[0].slug}"`);
    expect(view.html).toContain(product.image!.image_url);
    // The header menu, with the store's categories as links.
    expect(view.html).toMatch(/href="\/c\/[a-z0-9-]+"/);
    // What a product page needs (store, menus, product, related products) is fetched before it is
    // rendered, so it renders once.
    expect(view.renders).toBe(1);
    // What rendered goes to the browser, so it asks nothing again.
    const keys = view.state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(expect.arrayContaining([['tenant', 'current'], ['catalog', 'product', product.slug], ['catalog', 'related', detail.id]].map((k) => JSON.stringify(k))));
  });

  it('a product photo with resized copies is a <picture>, and its AVIF copies are preloaded first of all', async () => {
    const product = products.find((p) => p.image && p !== products[0])!;
    const url = product.image!.image_url;
    const tenantId = (await call(t.app, 'GET', '/api/tenant/current')).json().tenant.id as string;
    await t.database.db.execute(sql`
      insert into picture_variants (tenant_id, storage_key, url, state, width, height, widths)
      values (${tenantId}::uuid, ${t.app.deps.storage.keyOf(url)}, ${url}, 'done', 1600, 1200, '{320,640,960}')`);
    t.app.deps.catalogueCache.clear();
    const view = await render(`/p/${product.slug}`);
    const avif = url.replace(/\.[a-z]+$/, '.w640.avif');
    expect(view.html).toContain('<picture>');
    expect(view.html).toContain(`<source type="image/avif" srcSet="`);
    expect(view.html).toContain(avif);
    // React writes the preload first, for the server to move into the head.
    expect(view.html).toMatch(new RegExp(`^<link rel="preload" as="image"[^>]*imageSrcSet="[^"]*${avif.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*/>`));
    expect(view.html.slice(0, view.html.indexOf('/>'))).toContain('type="image/avif"');
    expect(view.html.slice(0, view.html.indexOf('/>'))).toContain('fetchPriority="high"');
    // Only that one: not the original as well, which the browser would fetch for nothing.
    expect(view.html.match(/<link rel="preload"/g)).toHaveLength(1);
    await t.database.db.execute(sql`delete from picture_variants where url = ${url}`);
    t.app.deps.catalogueCache.clear();
  });

  it('a sale price shows with the price it was; a sold-out product says so', async () => {
    const sale = products.find((p) => p.sale_price !== null)!;
    const onSale = await render(`/p/${sale.slug}`);
    expect(onSale.text).toContain(`£${sale.sale_price!.toFixed(2)}`);
    expect(onSale.text).toContain(`£${sale.price.toFixed(2)}`);

    const plain = products.find((p) => p.sale_price === null && !p.has_variants)!;
    await t.database.db.execute(sql`update products set track_inventory = true, stock_quantity = 0, reserved_quantity = 0 where id = ${plain.id}::uuid`);
    t.app.deps.catalogueCache.clear();
    const soldOut = await render(`/p/${plain.slug}`);
    expect(soldOut.text).toContain('Out of Stock');
    expect(soldOut.text).toContain('Out of stock');
  });

  it('an unknown product is the store’s "Product Not Found" page with status 404', async () => {
    const view = await render('/p/no-such-product');
    expect(view.status).toBe(404);
    expect(view.text).toContain('Product Not Found');
    // The 404 goes to the browser as what it is, so the browser renders the same page from it.
    const product = view.state.queries.find((q) => q.queryKey[1] === 'product')!;
    expect(product.state).toMatchObject({ status: 'error', data: undefined, error: { status: 404, code: 'not_found' } });
    expect(JSON.parse(JSON.stringify(product.state.error)).message).toBe('Product not found');
  });

  it('another store’s product is unknown on this store’s host, as a missing one', async () => {
    const view = await render(`/p/${products[0].slug}`, ACME_HOST);
    expect(view.status).toBe(404);
    expect(view.text).toContain('Product Not Found');
    expect(view.text).not.toContain(products[0].name);
  });

  it('a category page lists its products as links; a long list pages on with links a crawler follows', async () => {
    const detail = (await call(t.app, 'GET', `/api/products/by-slug/${products[0].slug}`)).json().product;
    const slug = detail.categories[0].slug as string;
    const view = await render(`/c/${slug}`);
    expect(view.status).toBe(200);
    expect(view.text).toContain(detail.categories[0].name);
    const inCategory = (await call(t.app, 'GET', `/api/products?category=${slug}&limit=24&sort=name`)).json();
    expect(inCategory.items.length).toBeGreaterThan(0);
    for (const p of inCategory.items as ProductCard[]) expect(view.html).toContain(`href="/p/${p.slug}"`);

    // Two to a page (the listing's own page size is larger than the demo's lists), via the API's limit:
    // the all-products list is long enough to page.
    const all = (await call(t.app, 'GET', `/api/products?limit=${PRODUCT_PAGE_SIZE}`)).json();
    const listing = await render('/products');
    if (all.total > PRODUCT_PAGE_SIZE) expect(listing.html).toMatch(/<a[^>]*rel="next"[^>]*>|<a[^>]*href="\/products\?page=2"/);
    const second = await render('/products?page=2');
    expect(second.status).toBe(200);
  });

  it('an empty category says so; an unknown one is 404', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'POST', '/api/admin/categories', { cookie: admin, body: { name: 'Nothing Yet', slug: 'nothing-yet' } })).statusCode).toBe(201);
    t.app.deps.catalogueCache.clear();
    const empty = await render('/c/nothing-yet');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Nothing Yet');
    expect(empty.text).toContain("This category doesn't have any products yet.");
    const unknown = await render('/c/no-such-category');
    expect(unknown.status).toBe(404);
  });

  it('the home page, search results, a content page and the 404 page render', async () => {
    const home = await render('/');
    expect(home.text).toContain('Demo Store');
    expect(home.html).toMatch(/href="\/p\/[a-z0-9-]+"/);

    const word = products[0].name.split(' ')[0];
    const search = await render(`/products?q=${encodeURIComponent(word)}`);
    expect(search.text).toContain(products[0].name);

    const admin = await signIn(t.app, 'admin@demo.test');
    const page = (await call(t.app, 'POST', '/api/admin/pages', { cookie: admin, body: { title: 'About us', starter: 'about', template_key: 'about' } })).json().page;
    expect((await call(t.app, 'POST', `/api/admin/pages/${page.id}/publish`, { cookie: admin })).statusCode).toBe(200);
    const content = await render('/pages/about-us');
    expect(content.status).toBe(200);
    expect(content.text).toContain('Our story');
    expect((await render('/pages/no-such-page')).status).toBe(404);

    const missing = await render('/no/such/page');
    expect(missing.text).toContain('Page not found');
  });

  it('never fetches or embeds what is one shopper’s own (session, cart, orders)', async () => {
    const view = await render(`/p/${products[0].slug}`);
    expect(asked.some((p) => p.startsWith('/api/cart') || p.startsWith('/api/auth') || p.startsWith('/api/orders'))).toBe(false);
    for (const q of view.state.queries) expect(['auth', 'cart', 'orders', 'admin', 'account']).not.toContain(q.queryKey[0]);
  });
});
