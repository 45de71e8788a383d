import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import type { AdminPage } from '../../../../shared/pages';
import { PAGE_MESSAGES } from '../../../../shared/page-templates';
import { PAGE_STARTERS, PAGE_STARTER_KEYS } from '../../../../shared/page-starters';
import { sanitizeRichText } from './sanitize';

// Issue 27 item 7: a new page from a title (the address derived as the dialog derives it), filled in
// from a starter with the store's own details; taken addresses, and other stores' pages.

let t: TestApp;
let admin: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', '/api/admin/pages', { cookie, host, body });
const created = async (body: unknown, cookie = admin, host = DEMO_HOST): Promise<AdminPage> => {
  const res = await create(body, cookie, host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page;
};

describe('a new page from a title', () => {
  it('derives the address from the title and uses the title as the page title', async () => {
    const page = await created({ title: '  Our Story & Values! ', template_key: 'about' });
    expect(page).toMatchObject({ slug: 'our-story-values', status: 'draft', content_draft: { hero_title: 'Our Story & Values!', show_cta: false } });
    // An address sent with the title wins, normalised as before.
    expect((await created({ title: 'Meet the team', slug: ' Team ', template_key: 'about' })).slug).toBe('team');
  });

  it('says why when the title gives no address, and bounds what it takes', async () => {
    const symbols = await create({ title: '***', template_key: 'about' });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error.fields.slug).toBe(PAGE_MESSAGES.slugFromTitle);
    expect((await create({ template_key: 'about' })).json().error.fields.slug).toBe(PAGE_MESSAGES.slugRequired);
    expect((await create({ title: 'x'.repeat(81), template_key: 'about' })).json().error.fields.title).toBe(PAGE_MESSAGES.titleTooLong);
    expect((await create({ starter: 'about', template_key: 'about' })).json().error.fields.title).toBe(PAGE_MESSAGES.titleRequired);
    expect((await create({ title: 'Mixed', starter: 'privacy', template_key: 'about' })).json().error.fields.starter).toBe(PAGE_MESSAGES.starterTemplate);
    expect((await create({ title: 'Odd', starter: 'landing', template_key: 'about' })).statusCode).toBe(400);
  });

  it('refuses an address this store already uses (409, on the address field), not one another store uses', async () => {
    await created({ title: 'Gift cards', template_key: 'about' });
    const clash = await create({ title: 'Gift Cards', template_key: 'about' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'slug_taken', message: PAGE_MESSAGES.slugTaken, fields: { slug: PAGE_MESSAGES.slugTaken } });
    const acme = await created({ title: 'Gift cards', template_key: 'about' }, acmeAdmin, ACME_HOST);
    expect(acme.slug).toBe('gift-cards');
  });

  it('keeps another store’s page a 404, like a missing one', async () => {
    const page = await created({ title: 'Demo only story', starter: 'about', template_key: 'about' });
    const asAcme = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => call(t.app, method, path, { cookie: acmeAdmin, host: ACME_HOST, body });
    expect((await asAcme('GET', `/api/admin/pages/${page.id}`)).statusCode).toBe(404);
    expect((await asAcme('PUT', `/api/admin/pages/${page.id}/content`, { content: { hero_title: 'Taken over' } })).statusCode).toBe(404);
    expect((await asAcme('POST', `/api/admin/pages/${page.id}/publish`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/admin/pages/${page.id}`, { cookie: admin })).json().page.content_draft.hero_title).toBe('Demo only story');
  });
});

describe('starters', () => {
  it('fills the page in with the store’s name, in tags the sanitiser keeps as they are', async () => {
    for (const key of PAGE_STARTER_KEYS) {
      const starter = PAGE_STARTERS[key];
      const title = starter.title || 'A blank page';
      const page = await created({ title, slug: `starter-${key}`, starter: key, template_key: starter.templateKey });
      expect(page.template_key).toBe(starter.templateKey);
      expect(page.content_draft.hero_title).toBe(title);
      const body = page.content_draft.body;
      if (key === 'blank') {
        expect(body).toBeUndefined();
        continue;
      }
      expect(typeof body).toBe('string');
      expect(sanitizeRichText(body as string), key).toBe(body);
      expect(body, key).not.toMatch(/lorem|ipsum|undefined|null/i);
      expect(body, key).toContain('Demo Store');
    }
  });

  it('makes a page that is ready to publish, and the About page has its button', async () => {
    const page = await created({ title: 'About us', starter: 'about', template_key: 'about' });
    expect(page.slug).toBe('about-us');
    expect(page.content_draft).toMatchObject({ show_cta: true, cta_text: 'Browse the shop', cta_href: '/' });
    const published = await call(t.app, 'POST', `/api/admin/pages/${page.id}/publish`, { cookie: admin });
    expect(published.statusCode, published.body).toBe(200);
    expect((await call(t.app, 'GET', '/api/pages/about-us', { host: DEMO_HOST })).json().page.content.body).toContain('<h2>Our story</h2>');
  });

  it('a legal page keeps its usual address and becomes the store’s page of that kind (once)', async () => {
    const asAcme = { cookie: acmeAdmin, host: ACME_HOST };
    const page = await created({ title: 'Returns and refunds', starter: 'returns', template_key: 'legal' }, asAcme.cookie, asAcme.host);
    expect(page.slug).toBe('returns');
    const returnsPage = async (who: { cookie: string; host: string }) =>
      ((await call(t.app, 'GET', '/api/admin/settings/policies', who)).json().legal_pages as { kind: string; page: { id: string } | null }[]).find((p) => p.kind === 'returns')?.page?.id;
    expect(await returnsPage(asAcme)).toBe(page.id);
    // A second returns page is an ordinary page: the first stays the store's.
    const second = await created({ title: 'Returns (new draft)', starter: 'returns', template_key: 'legal' }, asAcme.cookie, asAcme.host);
    expect(second.slug).toBe('returns-new-draft');
    expect(await returnsPage(asAcme)).toBe(page.id);
    // Demo Store's record is its own (its returns page came from the test above).
    expect(await returnsPage({ cookie: admin, host: DEMO_HOST })).not.toBe(page.id);
  });
});
