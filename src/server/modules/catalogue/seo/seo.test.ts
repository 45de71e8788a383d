import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, type TestApp } from '../../../test/harness';
import { ACME_CATALOGUE, DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const live = DEMO_STORE_CATALOGUE.products.filter((p) => p.status === 'active' && p.visibility === 'public');
const page = (path: string, host = DEMO_HOST) => call(t.app, 'GET', path, { host, headers: { accept: 'text/html' } });
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);

describe('pages carry their SEO head without JavaScript', () => {
  it('home: the store name, description and canonical URL', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Demo Store</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://demo.localhost:3000/" />');
    expect(res.body).toMatch(/<meta name="description" content="Shop Demo Store online\. Free delivery on orders over £100/);
    expect(res.body).toContain('<meta property="og:title" content="Demo Store" />');
  });

  it('category: its title, description and hero image', async () => {
    const c = DEMO_STORE_CATALOGUE.categories[0];
    const res = await page(`/c/${c.slug}`);
    expect(res.body).toContain(`<link rel="canonical" href="http://demo.localhost:3000/c/${c.slug}" />`);
    expect(res.body).toMatch(new RegExp(`<title>[^<]+ \\| Demo Store</title>`));
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/demo\.localhost:3000\/files\/[^"]+\.svg" \/>/);
  });

  it('product: schema.org Product with GBP offers, availability and rating', async () => {
    const p = live.find((x) => x.gtin && x.reviews?.some((r) => r.status === 'approved') && !x.variants?.length)!;
    const res = await page(`/p/${p.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:type" content="product" />');
    const ld = jsonLd(res.body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: p.name,
      sku: p.sku,
      gtin13: p.gtin,
      brand: { '@type': 'Brand', name: p.brand },
      offers: { '@type': 'Offer', priceCurrency: 'GBP', price: ((p.sale_price ?? p.base_price) / 100).toFixed(2), url: `http://demo.localhost:3000/p/${p.slug}` },
      aggregateRating: { '@type': 'AggregateRating', reviewCount: p.reviews!.filter((r) => r.status === 'approved').length },
    });
    expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(ld.image[0]).toMatch(/^http:\/\/demo\.localhost:3000\/files\//);
  });

  it('a product with variants offers its price range', async () => {
    const p = live.find((x) => x.variants && x.variants.length > 1)!;
    const ld = jsonLd((await page(`/p/${p.slug}`)).body);
    const prices = p.variants!.map((v) => (v.sale_price ?? v.price) / 100);
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2) });
  });

  it('unknown, hidden and other-store products answer 404 with noindex', async () => {
    const draft = DEMO_STORE_CATALOGUE.products.find((p) => p.status === 'draft')!;
    for (const [path, host] of [['/p/no-such-product', DEMO_HOST], [`/p/${draft.slug}`, DEMO_HOST], [`/p/${live[0].slug}`, ACME_HOST], ['/c/no-such-category', DEMO_HOST]]) {
      const res = await page(path, host);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('the platform host describes the platform', async () => {
    const res = await page('/', PLATFORM_HOST);
    expect(res.body).toContain('<title>Shopfront - online shops for UK merchants</title>');
  });
});

describe('sitemap and robots per host', () => {
  it("lists the store's categories and live products only", async () => {
    const res = await page('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    for (const p of live) expect(res.body).toContain(`<loc>http://demo.localhost:3000/p/${p.slug}</loc>`);
    for (const p of DEMO_STORE_CATALOGUE.products.filter((x) => !live.includes(x))) expect(res.body).not.toContain(`/p/${p.slug}<`);
    for (const c of DEMO_STORE_CATALOGUE.categories) expect(res.body).toContain(`/c/${c.slug}</loc>`);
    const acme = (await page('/sitemap.xml', ACME_HOST)).body;
    expect(acme).toContain(`http://acme.localhost:3000/p/${ACME_CATALOGUE.products[0].slug}`);
    expect(acme).not.toContain('demo.localhost');
  });

  it('points robots at the sitemap and away from private pages; ignores a forged host', async () => {
    const res = await page('/robots.txt');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: http://demo.localhost:3000/sitemap.xml');
    const forged = await page('/robots.txt', 'evil.example:3000');
    expect(forged.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('a page no store route answers (issue 27 item 8)', () => {
  it('is a real 404 on every store host, with the store’s page and noindex; every store route is 200', async () => {
    for (const host of [DEMO_HOST, ACME_HOST]) {
      for (const path of ['/no-such-page', '/products/extra/levels', '/c/', '/p', '/pages', '/admin-old', '/my-orders/one/two']) {
        const res = await call(t.app, 'GET', path, { host });
        expect(res.statusCode, `${host}${path}`).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Page not found');
        expect(res.body).toContain('<meta name="robots" content="noindex" />');
      }
    }
    for (const path of ['/', '/products', '/cart', '/checkout', '/order/success', '/my-orders', '/my-orders/ABCD-1234', '/account', '/login', '/login/forgot-password', '/logout', '/admin', '/admin/orders/1', '/invite/abc']) {
      expect((await call(t.app, 'GET', path, { host: DEMO_HOST })).statusCode, path).toBe(200);
    }
    // The platform's own site keeps its pages (its marketing routes are not the store's).
    expect((await call(t.app, 'GET', '/start', { host: PLATFORM_HOST })).statusCode).toBe(200);
  });
});
