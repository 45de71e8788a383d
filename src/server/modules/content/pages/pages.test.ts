import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import type { AdminPage, AdminPageSummary } from '../../../../shared/pages';
import { pageMediaUsages } from './media-usages';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', '/api/admin/pages', { cookie, host, body });
const save = (id: string, content: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `/api/admin/pages/${id}/content`, { cookie, host, body: { content } });
const publish = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', `/api/admin/pages/${id}/publish`, { cookie, host });
const get = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'GET', `/api/admin/pages/${id}`, { cookie, host });
const publicRead = (slug: string, host = DEMO_HOST) => call(t.app, 'GET', `/api/pages/${slug}`, { host });

let made = 0;
async function makePage(slug = `page-${++made}`): Promise<AdminPage> {
  const res = await create({ slug, template_key: 'about' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page;
}
const validContent = { hero_title: 'About us', body: '<p>We make <strong>pots</strong>.</p>', show_cta: false };

describe('admin pages', () => {
  it('creates a draft page with the slug trimmed and lower-cased, and lists it', async () => {
    const res = await create({ slug: '  About-Us ', template_key: 'about' });
    expect(res.statusCode, res.body).toBe(201);
    const page: AdminPage = res.json().page;
    expect(page).toMatchObject({ slug: 'about-us', template_key: 'about', status: 'draft', published_at: null, has_unpublished_changes: false, content_draft: { show_cta: false } });
    const list: AdminPageSummary[] = (await call(t.app, 'GET', '/api/admin/pages', { cookie: admin })).json().pages;
    expect(list.map((p) => p.slug)).toContain('about-us');
    expect(Object.keys(list[0]).sort()).toEqual(['has_unpublished_changes', 'id', 'published_at', 'slug', 'status', 'template_key', 'updated_at']);
  });

  it('refuses a taken slug (409), a bad slug, an unknown template and unknown fields (400)', async () => {
    await makePage('taken');
    expect((await create({ slug: 'TAKEN', template_key: 'about' })).statusCode).toBe(409);
    const bad = await create({ slug: 'no spaces', template_key: 'about' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.slug).toBeTruthy();
    expect((await create({ slug: '', template_key: 'about' })).json().error.fields.slug).toBe('Slug is required');
    expect((await create({ slug: 'x', template_key: 'landing' })).statusCode).toBe(400);
    expect((await create({ slug: 'x', template_key: 'about', status: 'published' })).statusCode).toBe(400);
    expect((await create({ slug: 'x\u0000', template_key: 'about' })).statusCode).toBe(400);
  });

  it('saves a draft: checks template rules, cleans rich text, keeps only visible slots', async () => {
    const page = await makePage();
    const res = await save(page.id, {
      hero_title: '  Our story ',
      body: '<p onclick="x()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a>',
      show_cta: false,
      cta_text: 'Hidden while off',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().page.content_draft).toEqual({ hero_title: 'Our story', body: '<p>Hi</p>bad', show_cta: false });
  });

  it('refuses invalid content with the spec message and one error per field', async () => {
    const page = await makePage();
    const res = await save(page.id, { hero_title: '', hero_image: 'javascript:alert(1)', body: 'x'.repeat(4001), show_cta: true, cta_text: 'y'.repeat(61), cta_href: 'ftp://x', extra: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Fix validation errors: Resolve the highlighted fields before saving.');
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['body', 'cta_href', 'cta_text', 'extra', 'hero_image', 'hero_title']);
    expect((await save(page.id, { hero_title: 'x'.repeat(81) })).statusCode).toBe(400);
    expect((await save(page.id, { hero_title: 'ok', show_cta: 'yes' })).statusCode).toBe(400);
    expect((await get(page.id)).json().page.content_draft).toEqual({ show_cta: false });
  });

  it('blocks publishing while the draft is invalid', async () => {
    const page = await makePage();
    const res = await publish(page.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Fix validation errors: Resolve the highlighted fields before publishing.', fields: { hero_title: 'Required' } });
    expect((await get(page.id)).json().page.status).toBe('draft');
    expect((await publicRead(page.slug)).statusCode).toBe(404);
  });

  it('publishes: shoppers see the published content only, never a later draft', async () => {
    const page = await makePage('our-story');
    expect((await publicRead('our-story')).statusCode).toBe(404);
    expect((await save(page.id, validContent)).statusCode).toBe(200);
    expect((await publicRead('our-story')).statusCode).toBe(404);
    const published = await publish(page.id);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().page).toMatchObject({ status: 'published', has_unpublished_changes: false });
    const live = await publicRead('our-story');
    expect(live.statusCode).toBe(200);
    expect(live.json().page).toMatchObject({ slug: 'our-story', template_key: 'about', preview: false, content: { hero_title: 'About us', body: '<p>We make <strong>pots</strong>.</p>' } });

    expect((await save(page.id, { ...validContent, hero_title: 'Secret draft' })).statusCode).toBe(200);
    expect((await get(page.id)).json().page.has_unpublished_changes).toBe(true);
    expect((await publicRead('our-story')).json().page.content.hero_title).toBe('About us');

    const head = await call(t.app, 'GET', '/pages/our-story', { host: DEMO_HOST });
    expect(head.statusCode).toBe(200);
    expect(head.body).toContain('<title>About us | Demo Store</title>');
    expect(head.body).toContain('<meta name="description" content="We make pots." />');
    expect(head.body).toContain('<link rel="canonical" href="http://demo.localhost:3000/pages/our-story" />');
    expect(head.body).toContain('"@type":"AboutPage"');
    expect(head.body).not.toContain('Secret draft');

    const sitemap = await call(t.app, 'GET', '/sitemap.xml', { host: DEMO_HOST });
    expect(sitemap.body).toContain('<loc>http://demo.localhost:3000/pages/our-story</loc>');
    expect(sitemap.body).not.toContain(`/pages/${(await makePage('draft-only')).slug}<`);
    const robots = await call(t.app, 'GET', '/robots.txt', { host: DEMO_HOST });
    expect(robots.body).not.toMatch(/Disallow: \/pages/);
  });

  it('answers a true 404 page for drafts and unknown slugs, and a neutral noindex head for a preview', async () => {
    await makePage('still-draft');
    for (const path of ['/pages/still-draft', '/pages/no-such-page', '/pages/Bad%20Slug']) {
      const res = await call(t.app, 'GET', path, { host: DEMO_HOST });
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
    const preview = await call(t.app, 'GET', '/pages/still-draft?preview=1', { host: DEMO_HOST });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<title>Preview | Demo Store</title>');
    expect((await publicRead('Bad Slug')).statusCode).toBe(404);
  });

  it('shows the draft to signed-in store managers only (preview)', async () => {
    const page = await makePage('preview-me');
    await save(page.id, { ...validContent, hero_title: 'Draft title' });
    const url = '/api/admin/pages/by-slug/preview-me/preview';
    const res = await call(t.app, 'GET', url, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toMatchObject({ preview: true, content: { hero_title: 'Draft title' } });
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', url, { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, { cookie: await signIn(t.app, 'shopper@demo.test') })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/pages/by-slug/preview-me/preview', { cookie: acmeAdmin, host: ACME_HOST })).statusCode).toBe(404);
  });

  it('cleans rich text for the live preview without storing anything', async () => {
    const res = await call(t.app, 'POST', '/api/admin/pages/sanitize', { cookie: admin, body: { html: '<h2>Hi</h2><script>x</script><p style="x">a</p>' } });
    expect(res.json()).toEqual({ html: '<h2>Hi</h2><p>a</p>' });
    expect((await call(t.app, 'POST', '/api/admin/pages/sanitize', { cookie: staff, body: { html: 'x' } })).statusCode).toBe(403);
  });

  it('keeps another store’s pages a 404, like a missing one', async () => {
    const page = await makePage('demo-only');
    await save(page.id, validContent);
    await publish(page.id);
    const host = ACME_HOST;
    expect((await get(page.id, acmeAdmin, host)).statusCode).toBe(404);
    expect((await save(page.id, validContent, acmeAdmin, host)).statusCode).toBe(404);
    expect((await publish(page.id, acmeAdmin, host)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('not-a-uuid')).statusCode).toBe(404);
    const acmeList: AdminPageSummary[] = (await call(t.app, 'GET', '/api/admin/pages', { cookie: acmeAdmin, host })).json().pages;
    expect(acmeList.find((p) => p.id === page.id)).toBeUndefined();
    expect((await publicRead('demo-only', ACME_HOST)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/pages/demo-only', { host: ACME_HOST })).statusCode).toBe(404);
    // Acme may use the same slug for its own page.
    expect((await create({ slug: 'demo-only', template_key: 'about' }, acmeAdmin, host)).statusCode).toBe(201);
  });

  it('answers staff 403 and nobody 401 on admin routes', async () => {
    expect((await call(t.app, 'GET', '/api/admin/pages', { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/pages')).statusCode).toBe(401);
    expect((await create({ slug: 'nope', template_key: 'about' }, staff)).statusCode).toBe(403);
  });

  it('lists the pages that use a media URL in draft or published content', async () => {
    const page = await makePage('with-media');
    await save(page.id, { hero_title: 'Media', hero_image: '/files/hero.jpg', body: '<p><a href="/files/guide.pdf?a=1&b=2">Guide</a></p>' });
    const usages = (url: string) =>
      t.scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, (work) =>
        pageMediaUsages({ tx: work.tx, tenantId: t.seed.tenantIds.demo }, url),
      );
    expect(await usages('/files/hero.jpg')).toEqual([{ kind: 'page', id: page.id, label: 'with-media' }]);
    expect(await usages('/files/guide.pdf?a=1&b=2')).toEqual([{ kind: 'page', id: page.id, label: 'with-media' }]);
    expect(await usages('/files/guide.pdf')).toEqual([]);
    expect(await usages('/files/other.jpg')).toEqual([]);
  });
});
