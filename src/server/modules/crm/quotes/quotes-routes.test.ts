import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { CRM_API } from '../../../../shared/crm/routes';
import type { Quote } from '../../../../shared/crm/quotes';
import { insertLead, quoteBody } from '../../../test/quote-fixtures';

// Quotes through the HTTP layer (issue 16): CRUD, totals computed by the server, the lead checked
// against the book, and isolation between stores and the platform's own book (decision 027).

let t: TestApp;
let demoAdmin: string;
let demoStaff: string;
let acmeAdmin: string;
let sales: string;
let demoLead: string;
let acmeLead: string;
let platformLead: string;

beforeAll(async () => {
  t = await resetTestApp();
  [demoAdmin, demoStaff, acmeAdmin, sales] = await Promise.all([
    signIn(t.app, 'admin@demo.test', DEMO_HOST),
    signIn(t.app, 'staff@demo.test', DEMO_HOST),
    signIn(t.app, 'admin@acme.test', ACME_HOST),
    signIn(t.app, 'sales@platform.test', PLATFORM_HOST),
  ]);
  demoLead = await insertLead(t, t.seed.tenantIds.demo);
  acmeLead = await insertLead(t, t.seed.tenantIds.acme, 'Wile Coyote', null);
  platformLead = await insertLead(t, null, 'Grace Hopper', 'Cobol Co');
});

const create = async (cookie: string, host: string, body: unknown) => call(t.app, 'POST', CRM_API.quotes, { host, cookie, body });

describe('quotes CRUD', () => {
  it('creates a quote with server-computed totals, an unguessable link and status active', async () => {
    const res = await create(demoAdmin, DEMO_HOST, quoteBody(demoLead));
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json().quote as Quote;
    expect(quote).toMatchObject({ status: 'active', platform: 'custom', lead_id: demoLead, paid_at: null, view_count: 0 });
    expect(quote.lead).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Ltd' });
    // 7500 build + the default-selected add-on 480 = 7980; 40% deposit; hosted plan 69 + apps 69 + 29.
    expect(quote.total_amount).toBe(7980);
    expect(quote.deposit_amount).toBe(3192);
    expect(quote.shopify_monthly_total).toBe(167);
    expect(quote.unique_url).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses totals sent by the client (strict body) and strange input with 4xx and field errors', async () => {
    const withTotals = await create(demoAdmin, DEMO_HOST, { ...quoteBody(demoLead), total_amount: 1, deposit_amount: 1 });
    expect(withTotals.statusCode).toBe(400);
    expect(withTotals.json().error.fields).toMatchObject({ total_amount: 'Unknown field' });
    for (const body of [
      { ...quoteBody(demoLead), paid_at: '2020-01-01T00:00:00Z' },
      { ...quoteBody(demoLead), base_price_custom: -1 },
      { ...quoteBody(demoLead), base_price_custom: 'lots' },
      { ...quoteBody(demoLead), header_title: '' },
      { ...quoteBody(demoLead), header_title: 'x'.repeat(5000) },
      { ...quoteBody(demoLead), payment_structure: 'barter' },
      { ...quoteBody(demoLead), hero_bullets: Array(100).fill('x') },
      { ...quoteBody(demoLead), cta_secondary_url: 'javascript:alert(1)' },
      { ...quoteBody(demoLead), lead_id: 'not-a-uuid' },
      { header_title: 'No lead' },
      [],
      'text',
    ]) {
      const res = await create(demoAdmin, DEMO_HOST, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const noLead = await create(demoAdmin, DEMO_HOST, { ...quoteBody(demoLead), lead_id: undefined });
    expect(noLead.json().error.fields.lead_id).toBe('Choose which lead this quote belongs to before saving.');
  });

  it('keeps the secondary button link to a same-site path or https://, as menus and pages do (issue 24 item 7)', async () => {
    const linkProblem = (res: Awaited<ReturnType<typeof create>>) => res.json().error?.fields?.cta_secondary_url;
    // Protocol-relative //host opens another site from the quote page; so do its backslash spellings.
    for (const url of ['//evil.example/book', '//evil.example', '/\\evil.example', 'http://example.com/book', 'https://', 'javascript:alert(1)']) {
      const res = await create(demoAdmin, DEMO_HOST, quoteBody(demoLead, { cta_secondary_url: url }));
      expect(res.statusCode, url).toBe(400);
      expect(linkProblem(res), url).toBe('Use a same-site path or https:// link');
    }
    const saved = (await create(demoAdmin, DEMO_HOST, quoteBody(demoLead, { cta_secondary_url: '/book-a-call' }))).json().quote as Quote;
    expect(saved.cta_secondary_url).toBe('/book-a-call');
    // An update is held to the same rule, and a refused one changes nothing.
    const put = await call(t.app, 'PUT', CRM_API.quote(saved.id), { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(demoLead, { cta_secondary_url: '//evil.example' }) });
    expect(put.statusCode).toBe(400);
    expect(linkProblem(put)).toBe('Use a same-site path or https:// link');
    expect((await call(t.app, 'GET', CRM_API.quote(saved.id), { host: DEMO_HOST, cookie: demoAdmin })).json().quote.cta_secondary_url).toBe('/book-a-call');
    const https = await call(t.app, 'PUT', CRM_API.quote(saved.id), { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(demoLead, { cta_secondary_url: 'https://calendly.example/ada' }) });
    expect(https.json().quote.cta_secondary_url).toBe('https://calendly.example/ada');
  });

  it('refuses a lead of another book with 404 Lead not found', async () => {
    for (const lead of [acmeLead, platformLead, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(demoAdmin, DEMO_HOST, quoteBody(lead));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Lead not found');
    }
    const platform = await create(sales, PLATFORM_HOST, quoteBody(demoLead));
    expect(platform.statusCode).toBe(404);
  });

  it('lists newest first with the lead, gets, updates (recomputing totals) and deletes', async () => {
    const first = (await create(demoStaff, DEMO_HOST, quoteBody(demoLead, { header_title: 'First' }))).json().quote as Quote;
    const second = (await create(demoStaff, DEMO_HOST, quoteBody(demoLead, { header_title: 'Second' }))).json().quote as Quote;
    const list = await call(t.app, 'GET', CRM_API.quotes, { host: DEMO_HOST, cookie: demoStaff });
    expect(list.statusCode).toBe(200);
    const titles = (list.json().quotes as Quote[]).map((q) => q.header_title);
    expect(titles.indexOf('Second')).toBeLessThan(titles.indexOf('First'));
    expect(list.json().revenue).toBe(0);

    const got = await call(t.app, 'GET', CRM_API.quote(first.id), { host: DEMO_HOST, cookie: demoStaff });
    expect(got.json().quote.header_title).toBe('First');

    const put = await call(t.app, 'PUT', CRM_API.quote(first.id), {
      host: DEMO_HOST,
      cookie: demoStaff,
      body: quoteBody(demoLead, { header_title: 'First, revised', payment_structure: 'payment_plan', selected_features: [] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    // 7500 + 10% = 8250 over 6 months: 1375 a month, the first due now.
    expect(put.json().quote).toMatchObject({ header_title: 'First, revised', total_amount: 8250, deposit_amount: 1375, unique_url: first.unique_url, status: 'active' });

    const del = await call(t.app, 'DELETE', CRM_API.quote(second.id), { host: DEMO_HOST, cookie: demoStaff });
    expect(del.statusCode).toBe(204);
    expect((await call(t.app, 'GET', CRM_API.quote(second.id), { host: DEMO_HOST, cookie: demoStaff })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', CRM_API.quote(second.id), { host: DEMO_HOST, cookie: demoStaff })).statusCode).toBe(404);
  });

  it('answers 404 Quote not found for malformed and unknown ids', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', "1' or 1=1"]) {
      const res = await call(t.app, 'GET', CRM_API.quote(encodeURIComponent(id)), { host: DEMO_HOST, cookie: demoAdmin });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Quote not found');
    }
  });

  it('needs a sign-in', async () => {
    expect((await call(t.app, 'GET', CRM_API.quotes, { host: DEMO_HOST })).statusCode).toBe(401);
  });
});

describe('quote isolation', () => {
  it('keeps each book to itself: store vs store, store vs platform, both ways', async () => {
    const demo = (await create(demoAdmin, DEMO_HOST, quoteBody(demoLead, { header_title: 'Demo only' }))).json().quote as Quote;
    const acme = (await create(acmeAdmin, ACME_HOST, quoteBody(acmeLead, { header_title: 'Acme only' }))).json().quote as Quote;
    const platformRes = await create(sales, PLATFORM_HOST, quoteBody(platformLead, { header_title: 'Platform only' }));
    expect(platformRes.statusCode, platformRes.body).toBe(201);
    const platform = platformRes.json().quote as Quote;

    const books: [string, string, Quote, Quote[]][] = [
      [demoAdmin, DEMO_HOST, demo, [acme, platform]],
      [acmeAdmin, ACME_HOST, acme, [demo, platform]],
      [sales, PLATFORM_HOST, platform, [demo, acme]],
    ];
    for (const [cookie, host, own, others] of books) {
      const list = (await call(t.app, 'GET', CRM_API.quotes, { host, cookie })).json().quotes as Quote[];
      expect(list.map((q) => q.id)).toContain(own.id);
      for (const other of others) {
        expect(list.map((q) => q.id)).not.toContain(other.id);
        for (const [method, body] of [['GET', undefined], ['PUT', quoteBody(own.lead_id)], ['DELETE', undefined]] as const) {
          const res = await call(t.app, method, CRM_API.quote(other.id), { host, cookie, body });
          expect(res.statusCode, `${method} ${host}`).toBe(404);
          expect(res.json().error.message).toBe('Quote not found');
        }
      }
    }
    // A store's admin on the platform host with no store chosen has no book at all.
    expect((await call(t.app, 'GET', CRM_API.quotes, { host: PLATFORM_HOST, cookie: await signIn(t.app, 'admin@demo.test', PLATFORM_HOST) })).statusCode).toBe(404);
  });
});
