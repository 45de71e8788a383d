import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { POLICY_LIMITS, POLICY_MESSAGES as M } from '../../../shared/store-policies';

// Issue 25 item 1: every promise comes from the store. Settings > Policies (API), the promises on
// GET /api/tenant/current made from the policies and the delivery options, the page heads, and the
// legal pages started from templates.

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

const policiesUrl = '/api/admin/settings/policies';
const get = (cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'GET', policiesUrl, { cookie, host });
const put = (body: unknown, cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'PUT', policiesUrl, { cookie, host, body });
const createLegal = (kind: string, cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'POST', `/api/admin/settings/legal-pages/${kind}`, { cookie, host });
const promises = async (host = DEMO_HOST) => (await call(t.app, 'GET', '/api/tenant/current', { host })).json().tenant.promises;
const homeHead = async (host = DEMO_HOST) => (await call(t.app, 'GET', '/', { host })).body;

const VALID = { returns_days: 14, refund_days: { min: 3, max: 3 }, dispatch_days: { min: 2, max: 4 }, delivery_note: '  Royal Mail  Tracked 48 across the UK.  ' };

describe('Settings > Policies', () => {
  it('answers the demo store its own policies, and no legal page made yet', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policies).toEqual({
      returns_days: 30,
      refund_days: { min: 5, max: 7 },
      dispatch_days: { min: 1, max: 2 },
      delivery_note: 'Next-day delivery to most UK postcodes, and click & collect when it suits you.',
    });
    expect(res.json().legal_pages.map((p: { kind: string; page: unknown }) => [p.kind, p.page])).toEqual([
      ['terms', null],
      ['privacy', null],
      ['returns', null],
      ['delivery', null],
    ]);
  });

  it('is for the store managers only: staff 403, another store 404, nobody signed in 401', async () => {
    expect((await get(staff)).statusCode).toBe(403);
    expect((await put(VALID, staff)).statusCode).toBe(403);
    expect((await get(acmeAdmin)).statusCode).toBe(404);
    expect((await put(VALID, acmeAdmin)).statusCode).toBe(404);
    expect((await createLegal('terms', acmeAdmin)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
  });

  it('refuses what it cannot promise, field by field, and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...VALID, returns_days: 0 }, 'returns_days', M.returnsDays],
      [{ ...VALID, returns_days: POLICY_LIMITS.returnsDays + 1 }, 'returns_days', M.returnsDays],
      [{ ...VALID, returns_days: 2.5 }, 'returns_days', M.returnsDays],
      [{ ...VALID, returns_days: '30' }, 'returns_days', M.returnsDays],
      [{ ...VALID, refund_days: { min: 7, max: 5 } }, 'refund_days.max', M.range],
      [{ ...VALID, dispatch_days: { min: 1, max: 1e308 } }, 'dispatch_days.max', M.days],
      [{ ...VALID, delivery_note: 'x'.repeat(POLICY_LIMITS.deliveryNote + 1) }, 'delivery_note', M.deliveryNote],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field], `${field}: ${res.body}`).toBe(message);
    }
    expect((await put({ ...VALID, extra: 1 })).statusCode).toBe(400);
    expect((await get()).json().policies.returns_days).toBe(30);
  });

  it('saves the promises, and the storefront and page heads follow at once', async () => {
    expect((await put({ ...VALID, delivery_note: 'a\u0000b' })).statusCode).toBe(400);
    const res = await put({ ...VALID, delivery_note: `${VALID.delivery_note}\t\n` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policies).toEqual({ returns_days: 14, refund_days: { min: 3, max: 3 }, dispatch_days: { min: 2, max: 4 }, delivery_note: 'Royal Mail Tracked 48 across the UK.' });
    expect(await promises()).toMatchObject({ returns_days: 14, refund_days: { min: 3, max: 3 }, dispatch_days: { min: 2, max: 4 }, delivery_note: 'Royal Mail Tracked 48 across the UK.' });
    expect(await homeHead()).toContain('Free delivery on orders over £100, next-day delivery and a 14-day return policy.');

    // No returns window and no note: none promised.
    expect((await put({ returns_days: null, refund_days: null, dispatch_days: null, delivery_note: '' })).statusCode).toBe(200);
    expect(await promises()).toMatchObject({ returns_days: null, refund_days: null, dispatch_days: null, delivery_note: null });
    expect(await homeHead()).not.toContain('return policy');
  });

  it('keeps the policies when Store Info is saved, and Store Info when the policies are', async () => {
    expect((await put(VALID)).statusCode).toBe(200);
    const info = await call(t.app, 'PUT', '/api/admin/settings', { cookie: admin, host: DEMO_HOST, body: { name: 'Demo Store', settings_json: { contact_email: 'shop@demo.example' } } });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().settings.settings_json).not.toHaveProperty('policies');
    expect((await get()).json().policies.returns_days).toBe(14);
    expect((await put({ ...VALID, returns_days: 21 })).statusCode).toBe(200);
    const after = (await call(t.app, 'GET', '/api/admin/settings', { cookie: admin, host: DEMO_HOST })).json();
    expect(after.settings.settings_json.contact_email).toBe('shop@demo.example');
  });

  it("never shows one store's policies on another", async () => {
    expect((await put({ ...VALID, returns_days: 45, delivery_note: 'Only Demo Store says this.' })).statusCode).toBe(200);
    const acme = await promises(ACME_HOST);
    expect(acme.returns_days).toBe(30);
    expect(acme.delivery_note).not.toBe('Only Demo Store says this.');
    expect(await homeHead(ACME_HOST)).not.toContain('45-day');
  });
});

describe('promises from the delivery options', () => {
  const methods = async (host: string, cookie: string) => (await call(t.app, 'GET', '/api/admin/shipping-methods', { cookie, host })).json().shipping_methods as { id: string; name: string; free_over: number | null; flat_rate: number; delivery_min_days: number; delivery_max_days: number; description: string | null; is_active: boolean }[];
  const save = (host: string, cookie: string, m: Awaited<ReturnType<typeof methods>>[number], changes: Record<string, unknown>) =>
    call(t.app, 'PUT', `/api/admin/shipping-methods/${m.id}`, {
      cookie,
      host,
      body: { name: m.name, description: m.description, flat_rate: m.flat_rate, free_over: m.free_over, delivery_min_days: m.delivery_min_days, delivery_max_days: m.delivery_max_days, is_active: m.is_active, ...changes },
    });

  it('the free-delivery threshold is the one the store set on its option; none, no such line', async () => {
    const list = await methods(ACME_HOST, acmeAdmin);
    const standard = list.find((m) => m.free_over !== null)!;
    expect((await promises(ACME_HOST)).free_delivery_over).toBe(standard.free_over);

    expect((await save(ACME_HOST, acmeAdmin, standard, { free_over: 40 })).statusCode).toBe(200);
    expect((await promises(ACME_HOST)).free_delivery_over).toBe(40);
    expect(await homeHead(ACME_HOST)).toContain('Free delivery on orders over £40');

    expect((await save(ACME_HOST, acmeAdmin, standard, { free_over: null })).statusCode).toBe(200);
    expect((await promises(ACME_HOST)).free_delivery_over).toBeNull();
    expect(await homeHead(ACME_HOST)).not.toContain('Free delivery');
    // Demo Store's own threshold is untouched.
    expect((await promises()).free_delivery_over).toBe(100);
  });

  it('next-day delivery is promised only while a next-day option is active', async () => {
    const nextDay = (await methods(ACME_HOST, acmeAdmin)).find((m) => m.delivery_max_days <= 1)!;
    expect((await promises(ACME_HOST)).next_day).toBe(true);
    expect((await call(t.app, 'PUT', `/api/admin/shipping-methods/${nextDay.id}/active`, { cookie: acmeAdmin, host: ACME_HOST, body: { is_active: false } })).statusCode).toBe(200);
    expect((await promises(ACME_HOST)).next_day).toBe(false);
  });
});

describe('legal pages from templates', () => {
  it('makes a draft page filled with the store’s details; published, it is linked; a second is refused', async () => {
    const res = await createLegal('returns');
    expect(res.statusCode, res.body).toBe(201);
    const page = res.json().page;
    expect(page).toMatchObject({ kind: 'returns', title: 'Returns and refunds', page: { slug: 'returns', status: 'draft' } });

    const draft = (await call(t.app, 'GET', `/api/admin/pages/${page.page.id}`, { cookie: admin, host: DEMO_HOST })).json().page;
    expect(draft.template_key).toBe('legal');
    expect(draft.content_draft.hero_title).toBe('Returns and refunds');
    expect(draft.content_draft.body).toContain('Demo Store');
    expect(draft.content_draft.body).toContain('within 45 days of delivery');

    // A draft is not linked; shoppers get a 404 for it.
    expect((await promises()).legal_pages).toEqual([]);
    expect((await call(t.app, 'GET', '/api/pages/returns', { host: DEMO_HOST })).statusCode).toBe(404);

    expect((await call(t.app, 'POST', `/api/admin/pages/${page.page.id}/publish`, { cookie: admin, host: DEMO_HOST })).statusCode).toBe(200);
    expect((await promises()).legal_pages).toEqual([{ kind: 'returns', slug: 'returns', title: 'Returns and refunds' }]);
    expect((await get()).json().legal_pages.find((p: { kind: string }) => p.kind === 'returns').page).toMatchObject({ slug: 'returns', status: 'published' });
    // Acme has no such page.
    expect((await promises(ACME_HOST)).legal_pages).toEqual([]);

    const again = await createLegal('returns');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'page_exists', message: M.pageExists });
  });

  it('says what to do when another page already uses the slug, and refuses an unknown kind', async () => {
    expect((await call(t.app, 'POST', '/api/admin/pages', { cookie: admin, host: DEMO_HOST, body: { slug: 'privacy', template_key: 'about' } })).statusCode).toBe(201);
    const res = await createLegal('privacy');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.slugTaken('privacy'));
    expect((await get()).json().legal_pages.find((p: { kind: string }) => p.kind === 'privacy').page).toBeNull();
    expect((await createLegal('cookies')).statusCode).toBe(400);
  });
});
