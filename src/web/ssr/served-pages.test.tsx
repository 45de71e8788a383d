import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { ACME_HOST, DEMO_HOST, PLATFORM_HOST, call, resetTestApp, signIn, type TestApp } from '../../server/test/harness';
import { RENDERS_AT_ONCE, RENDER_QUEUE, type FirstViewRenderer } from '../../server/http/first-view';
import type { ProductCard } from '@shared/catalog';
import { FIRST_VIEW_STATE_ID } from '@shared/first-view';
import { renderFirstView } from './render-first-view';
import { CatalogueCache } from '../../server/modules/catalogue/storefront/catalogue-cache';
import { textOf } from './html-text';

// Issue 29: store pages served with their first view rendered on the server, through the real HTTP
// layer on a real database: what is rendered, what is kept, and what never is.

let t: TestApp;
let products: ProductCard[];
let renders: string[] = [];

/** The renderer main.ts loads from dist/ssr, here from source, counting what it renders. */
const counting: FirstViewRenderer = async (url, fetchApi) => {
  renders.push(url);
  return renderFirstView(url, fetchApi);
};

const STATE = new RegExp(`<script id="${FIRST_VIEW_STATE_ID}" type="application/json">([^<]*)</script>`);
const stateOf = (html: string) => JSON.parse(STATE.exec(html)![1]) as { queries: { queryKey: unknown[] }[] };
/** The visible text of the server-rendered root (empty when the page has none). */
const rootOf = (html: string) => (html.includes(FIRST_VIEW_STATE_ID) ? textOf(html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script id="${FIRST_VIEW_STATE_ID}"`))) : '');
const page = (path: string, host = DEMO_HOST, extra: { cookie?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, 'GET', path, { host, cookie: extra.cookie ?? null, headers: extra.headers });

beforeAll(async () => {
  t = await resetTestApp();
  products = (await call(t.app, 'GET', '/api/products?limit=48')).json().items;
});

afterEach(() => {
  t.app.deps.firstView = null;
  t.app.deps.catalogueCache.clear();
  renders = [];
});

const withRenderer = (render: FirstViewRenderer = counting) => {
  t.app.deps.firstView = render;
  t.app.deps.catalogueCache.clear();
};

/** A counting renderer whose renders all wait until the returned function is called. */
const withHeldRenderer = (): (() => void) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  withRenderer(async (url, fetchApi) => {
    renders.push(url);
    await held;
    return renderFirstView(url, fetchApi);
  });
  return release;
};

describe('store pages served with their first view', () => {
  it('a product page: its head as before, its markup in the root and its data beside it, no inline script', async () => {
    withRenderer();
    const product = products.find((p) => p.image)!;
    const res = await page(`/p/${product.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<title>${product.name} | Demo Store</title>`);
    expect(res.body).toContain('application/ld+json');
    const root = rootOf(res.body);
    expect(root).toContain(product.name);
    expect(root).toContain(`£${(product.sale_price ?? product.price).toFixed(2)}`);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    // The data the browser hydrates from: the store, and the product as the API gave it.
    const keys = stateOf(res.body).queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['catalog', 'product', product.slug]));
    expect(keys).toContain(JSON.stringify(['tenant', 'current']));
    // The main picture's preload is moved into the head, where the browser looks first.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(new RegExp(`<link rel="preload" as="image" href="${product.image!.image_url}"[^>]*fetchPriority="high"`));
    expect(res.body.slice(res.body.indexOf('<div id="root">'))).not.toContain('rel="preload"');
    // The page's CSP runs no inline script: every script is a file or data.
    for (const tag of res.body.match(/<script[^>]*>/g)!) expect(tag).toMatch(/src=|type="application\/(json|ld\+json)"/);
  });

  it('is kept: the same page again costs no render, and comes compressed as the browser asks', async () => {
    withRenderer();
    const path = `/p/${products[1].slug}`;
    const first = await page(path);
    const second = await page(path);
    expect(renders).toEqual([path]);
    expect(second.body).toBe(first.body);
    expect(first.headers['server-timing']).toMatch(/^first-view;desc=rendered;dur=/);
    expect(second.headers['server-timing']).toBe('first-view;desc=kept');

    const br = await page(path, DEMO_HOST, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(br.rawPayload.length).toBeLessThan(first.body.length / 3);
    const gz = await page(path, DEMO_HOST, { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    const plain = await page(path, DEMO_HOST, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(renders).toEqual([path]);
  });

  it('with the catalogue cache off every request renders, compressed only in the encoding it takes', async () => {
    withRenderer();
    const kept = t.app.deps.catalogueCache;
    t.app.deps.catalogueCache = new CatalogueCache({ seconds: 0 });
    try {
      const path = `/p/${products[2].slug}`;
      const br = await page(path, DEMO_HOST, { headers: { 'accept-encoding': 'br' } });
      const gz = await page(path, DEMO_HOST, { headers: { 'accept-encoding': 'gzip' } });
      const plain = await page(path);
      expect(renders).toEqual([path, path, path]);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Each is its own render: the same page but for when its data was read.
      const undated = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '');
      expect(undated(brotliDecompressSync(br.rawPayload).toString())).toBe(undated(plain.body));
      expect(undated(gunzipSync(gz.rawPayload).toString())).toBe(undated(plain.body));
      for (const res of [br, gz, plain]) expect(res.headers['server-timing']).toMatch(/^first-view;desc=rendered;dur=/);
    } finally {
      t.app.deps.catalogueCache = kept;
    }
  });

  it('a committed catalogue write drops the kept page, so the next one shows the change', async () => {
    withRenderer();
    const product = products[2];
    const path = `/p/${product.slug}`;
    expect(rootOf((await page(path)).body)).toContain(product.name);
    // Written past the app, as another instance would: only the database's notice tells this one.
    await t.database.db.execute(sql`update products set name = 'Renamed Elsewhere' where id = ${product.id}::uuid`);
    let body = '';
    for (let i = 0; i < 50 && !body.includes('Renamed Elsewhere'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await page(path)).body;
    }
    expect(rootOf(body)).toContain('Renamed Elsewhere');
    expect(renders.length).toBeGreaterThan(1);
    await t.database.db.execute(sql`update products set name = ${product.name} where id = ${product.id}::uuid`);
  });

  it('another store never gets this store’s page: the same path on its host is its own 404', async () => {
    withRenderer();
    const product = products[3];
    const path = `/p/${product.slug}`;
    expect((await page(path)).statusCode).toBe(200);
    const acme = await page(path, ACME_HOST);
    expect(acme.statusCode).toBe(404);
    expect(acme.body).not.toContain(product.name);
    expect(rootOf(acme.body)).toContain('Product Not Found');
    expect(acme.body).toContain('Acme');
    // And the other way round: Acme's page kept first, then the demo store's.
    const acmeProduct = (await call(t.app, 'GET', '/api/products?limit=1', { host: ACME_HOST })).json().items[0] as ProductCard;
    expect(rootOf((await page(`/p/${acmeProduct.slug}`, ACME_HOST)).body)).toContain(acmeProduct.name);
    const demo = await page(`/p/${acmeProduct.slug}`);
    expect(demo.statusCode).toBe(404);
    expect(demo.body).not.toContain(acmeProduct.name);
  });

  it('a signed-in shopper gets the same page as anyone: nothing of theirs is in it', async () => {
    withRenderer();
    const shopper = await signIn(t.app, 'shopper@demo.test');
    const path = `/p/${products[4].slug}`;
    const theirs = await page(path, DEMO_HOST, { cookie: shopper });
    const anyone = await page(path);
    expect(theirs.body).toBe(anyone.body);
    expect(theirs.body).not.toContain('shopper@demo.test');
    for (const q of stateOf(theirs.body).queries) expect(['auth', 'cart', 'orders', 'account', 'admin']).not.toContain(q.queryKey[0]);
  });

  it('missing pages answer 404 with the store’s own page; home, listings, categories and content pages render', async () => {
    withRenderer();
    const missing = await page('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toContain('Page not found');
    const unknown = await page('/p/no-such-product');
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toContain('Product Not Found');
    for (const path of ['/', '/products', '/products?page=2', `/products?q=${encodeURIComponent(products[0].name.split(' ')[0])}`]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(FIRST_VIEW_STATE_ID);
      expect(res.body.slice(res.body.indexOf('<div id="root">')), path).toMatch(/href="\/p\/[a-z0-9-]+"/);
    }
  });

  it('pages that are one visitor’s own, previews and unlaunched stores are served as the bare app', async () => {
    withRenderer();
    for (const path of ['/cart', '/checkout', '/my-orders', '/login', '/admin', '/pages/about?preview']) {
      const res = await page(path);
      expect(res.body, path).not.toContain(FIRST_VIEW_STATE_ID);
    }
    // A new store is not launched: its visitors get "Opening soon", its staff the app as it is.
    const owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    const created = await call(t.app, 'POST', '/api/tenants', { cookie: owner, host: PLATFORM_HOST, body: { name: 'Quiet Shop', domain: 'quiet.localhost', admin_email: 'staff@demo.test' } });
    expect(created.statusCode, created.body).toBe(201);
    const host = 'quiet.localhost:3000';
    const visitor = await page('/', host);
    expect(visitor.statusCode).toBe(503);
    expect(visitor.body).not.toContain(FIRST_VIEW_STATE_ID);
    const staff = await signIn(t.app, 'staff@demo.test', host);
    const preview = await page('/', host, { cookie: staff });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain(FIRST_VIEW_STATE_ID);
    expect(renders).toEqual([]);
  });

  it('a render that cannot finish (an answer failed) serves the bare app with the menu for crawlers, and is not kept', async () => {
    withRenderer(async (url, fetchApi) => {
      renders.push(url);
      return { ...(await renderFirstView(url, fetchApi)), complete: false };
    });
    const path = `/p/${products[5].slug}`;
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FIRST_VIEW_STATE_ID);
    expect(res.body).toContain('<nav aria-label="Menu">');
    await page(path);
    expect(renders).toEqual([path, path]);

    // A renderer that throws is the same, said in the log, never a 500.
    withRenderer(() => Promise.reject(new Error('renderer broke')));
    const broken = await page(path);
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<nav aria-label="Menu">');
  });

  it('renders at most RENDERS_AT_ONCE pages at a time; a few more wait their turn briefly; beyond that a page is the bare app, not kept', async () => {
    const release = withHeldRenderer();
    const paths = Array.from({ length: RENDERS_AT_ONCE + RENDER_QUEUE.length + 1 }, (_, i) => `/no/such/page-${i}`);
    const rendering = paths.slice(0, RENDERS_AT_ONCE).map((path) => page(path));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toHaveLength(RENDERS_AT_ONCE);
    // These wait for a render; the next one finds the queue full and gets the bare app at once.
    const waiting = paths.slice(RENDERS_AT_ONCE, -1).map((path) => page(path));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const beyond = await page(paths.at(-1)!);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.body).not.toContain(FIRST_VIEW_STATE_ID);
    expect(beyond.headers['server-timing']).toBe('first-view;desc=bare');
    release();
    for (const res of await Promise.all(rendering)) {
      expect(res.body).toContain(FIRST_VIEW_STATE_ID);
      expect(res.headers['server-timing']).toMatch(/^first-view;desc=rendered;dur=\d+\.\d$/);
    }
    // The first waiting ones were handed the slots as the renders ended; any that waited too long got
    // the bare app. Either way a whole page, never an error.
    const waited = await Promise.all(waiting);
    expect(waited[0].body).toContain(FIRST_VIEW_STATE_ID);
    for (const res of waited) expect(res.statusCode).toBe(404);
    // Nothing bare was kept: the page renders when asked again.
    expect((await page(paths.at(-1)!)).body).toContain(FIRST_VIEW_STATE_ID);
  });

  it('a request waits for a render at most RENDER_QUEUE.waitMs, then gets the bare app', async () => {
    const release = withHeldRenderer();
    const rendering = Array.from({ length: RENDERS_AT_ONCE }, (_, i) => page(`/no/such/page-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const late = await page('/no/such/page-late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_QUEUE.waitMs - 5);
    expect(late.body).not.toContain(FIRST_VIEW_STATE_ID);
    release();
    await Promise.all(rendering);
    expect(renders).toHaveLength(RENDERS_AT_ONCE);
  });

  it('with server rendering off (no renderer) pages are the bare app, as before', async () => {
    const res = await page(`/p/${products[0].slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FIRST_VIEW_STATE_ID);
    expect(res.body).toContain(`<title>${products[0].name} | Demo Store</title>`);
  });
});
