import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { appWithPayments } from '../../../test/app-with-payments';
import { formPost } from '../../../test/pay-test-app';
import { TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../../adapters/payments/test-gateway';
import { CRM_API, CRM_SETTINGS_API } from '../../../../shared/crm/routes';
import { NEUTRAL_PROJECT_TYPES, storeQuoteContent, type SaveCrmSettingsBody } from '../../../../shared/crm/settings';
import type { Lead } from '../../../../shared/crm/leads';
import type { Quote } from '../../../../shared/crm/quotes';
import { createQuote, insertLead, outboxOf, quoteHistory } from '../../../test/quote-fixtures';

// Issue 27 item 2, decision 044: a store's own CRM. Neutral project types and quote content the store
// edits (the web-agency kit stays the platform book's), a switch that hides it (404 everywhere it
// answers, its public quote links included), and a paid deposit that moves the lead, records the
// amount on it and emails the merchant and the client, once.

const SECRET = 'store-crm-webhook-secret';
let t: TestApp;
let app: FastifyInstance;
let gateway: TestGateway;
let admin: string;
let staff: string;
let acmeAdmin: string;
let sales: string;
let shopper: string;

beforeAll(async () => {
  t = await resetTestApp();
  gateway = new TestGateway(t.scopes, SECRET);
  app = await appWithPayments(t, gateway, SECRET);
  admin = await signIn(app, 'admin@demo.test', DEMO_HOST);
  staff = await signIn(app, 'staff@demo.test', DEMO_HOST);
  acmeAdmin = await signIn(app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(app, 'sales@platform.test', PLATFORM_HOST);
  shopper = await signIn(app, 'shopper@demo.test', DEMO_HOST);
});
afterAll(async () => app?.close());

const getSettings = (host: string, cookie: string | null) => call(app, 'GET', CRM_SETTINGS_API, { host, cookie });
const putSettings = (host: string, cookie: string | null, body: unknown) => call(app, 'PUT', CRM_SETTINGS_API, { host, cookie, body });
const valid = (over: Partial<SaveCrmSettingsBody> = {}): SaveCrmSettingsBody => ({ enabled: true, kit: 'store', deposit_lead_status: 'won', project_types: [...NEUTRAL_PROJECT_TYPES], ...over });
const KIT_WORDS = /shopify|hosting|care plan|website|web app|bark/i;

describe('a store CRM starts neutral; the platform book keeps the web-agency kit', () => {
  it('a new store (Acme) has neutral project types and the Won deposit status, with nothing of the web agency', async () => {
    const res = await getSettings(ACME_HOST, acmeAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const { settings } = res.json();
    expect(settings).toEqual({ enabled: true, kit: 'store', deposit_lead_status: 'won', project_types: NEUTRAL_PROJECT_TYPES });
    expect(JSON.stringify(settings)).not.toMatch(KIT_WORDS);
    // The content's words (its field names are the spec's Quote entity, Shopify fields included, all left empty).
    const words = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(words) : v && typeof v === 'object' ? Object.values(v).flatMap(words) : []);
    expect(words(storeQuoteContent(NEUTRAL_PROJECT_TYPES[0])).join(' ')).not.toMatch(KIT_WORDS);
    const content = storeQuoteContent(NEUTRAL_PROJECT_TYPES[0]);
    expect(content).toMatchObject({ shopify_apps: [], comparison_items: [], care_plan_inclusions: [], care_plan_monthly: 0, base_price_shopify: 0 });
  });

  it('the CRM context tells the builder which kit and which project types: the store its own, the platform the agency kit', async () => {
    const store = (await call(app, 'GET', CRM_API.context, { host: ACME_HOST, cookie: acmeAdmin })).json();
    expect(store).toMatchObject({ scope: 'tenant', kit: 'store', project_types: NEUTRAL_PROJECT_TYPES });
    // The demo store shows the spec's CRM as written (DESIGN rule 14): the web-agency kit, by its settings.
    expect((await call(app, 'GET', CRM_API.context, { host: DEMO_HOST, cookie: admin })).json()).toMatchObject({ scope: 'tenant', kit: 'agency' });
    expect((await getSettings(DEMO_HOST, admin)).json().settings.kit).toBe('agency');
    const platform = (await call(app, 'GET', CRM_API.context, { host: PLATFORM_HOST, cookie: sales })).json();
    expect(platform).toMatchObject({ scope: 'platform', kit: 'agency', project_types: [] });
  });

  it('an owner or admin edits the project types and the deposit status; the CRM context follows', async () => {
    const types = [{ id: 'wedding-cake', name: 'Wedding cake', quote_title: 'Your wedding cake', quote_intro: 'Three tiers, as discussed.', base_price: 450.555, included: ['Tasting session', 'Delivery and set-up'] }];
    const res = await putSettings(ACME_HOST, acmeAdmin, valid({ deposit_lead_status: 'qualified', project_types: types }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({ enabled: true, kit: 'store', deposit_lead_status: 'qualified', project_types: [{ ...types[0], base_price: 450.56 }] });
    expect((await getSettings(ACME_HOST, acmeAdmin)).json().settings.deposit_lead_status).toBe('qualified');
    expect((await call(app, 'GET', CRM_API.context, { host: ACME_HOST, cookie: acmeAdmin })).json().project_types.map((p: { name: string }) => p.name)).toEqual(['Wedding cake']);
    // Another store is untouched.
    expect((await getSettings(DEMO_HOST, admin)).json().settings).toMatchObject({ kit: 'agency', deposit_lead_status: 'won', project_types: NEUTRAL_PROJECT_TYPES });
  });
});

describe('who may see and change the CRM settings', () => {
  it('staff without the Settings permission are refused (403); a non-member and another store get 404; no session 401', async () => {
    expect((await getSettings(DEMO_HOST, staff)).statusCode).toBe(403);
    expect((await putSettings(DEMO_HOST, staff, valid())).statusCode).toBe(403);
    expect((await getSettings(DEMO_HOST, shopper)).statusCode).toBe(404);
    // Acme's admin on the demo store's host: the same 404 as a store that does not exist.
    const foreign = await putSettings(DEMO_HOST, acmeAdmin, valid({ enabled: false }));
    expect(foreign.statusCode).toBe(404);
    expect((await getSettings(DEMO_HOST, acmeAdmin)).statusCode).toBe(404);
    expect((await getSettings(DEMO_HOST, null)).statusCode).toBe(401);
    expect((await getSettings(DEMO_HOST, admin)).json().settings.enabled).toBe(true);
  });

  it('the platform host with no store chosen has no CRM settings: 404', async () => {
    expect((await getSettings(PLATFORM_HOST, sales)).statusCode).toBe(404);
  });

  it("a store's settings rows are invisible to another store's scope (row-level security)", async () => {
    const seen = await t.scopes.run({ tenantId: t.seed.tenantIds.acme, userId: null }, async ({ tx }) => rowsOf(await tx.execute(sql`select tenant_id from crm_settings`)));
    expect(JSON.stringify(seen)).not.toContain(t.seed.tenantIds.demo);
    const none = await t.scopes.run({ tenantId: null, userId: null }, async ({ tx }) => rowsOf(await tx.execute(sql`select tenant_id from crm_settings`)));
    expect(none).toEqual([]);
  });
});

describe('strange input gets a 4xx with a message, never a 5xx', () => {
  const type = NEUTRAL_PROJECT_TYPES[0];
  const strange: [string, unknown][] = [
    ['no body', undefined],
    ['a string', 'enabled'],
    ['an array', [1, 2]],
    ['null', null],
    ['unknown field', { ...valid(), tenant_id: '00000000-0000-0000-0000-000000000000' }],
    ['enabled as text', { ...valid(), enabled: 'yes' }],
    ['unknown status', { ...valid(), deposit_lead_status: 'paid' }],
    ['unknown kit', { ...valid(), kit: 'shopify' }],
    ['no kit', { enabled: true, deposit_lead_status: 'won', project_types: [type] }],
    ['no project types', { ...valid(), project_types: [] }],
    ['project types not a list', { ...valid(), project_types: { a: 1 } }],
    ['31 project types', { ...valid(), project_types: Array.from({ length: 31 }, (_, i) => ({ ...type, id: `t${i}`, name: `Type ${i}` })) }],
    ['duplicate names', { ...valid(), project_types: [type, { ...type, id: 'other', name: type.name.toUpperCase() }] }],
    ['duplicate ids', { ...valid(), project_types: [type, { ...type, name: 'Other' }] }],
    ['empty name', { ...valid(), project_types: [{ ...type, name: '   ' }] }],
    ['huge name', { ...valid(), project_types: [{ ...type, name: 'x'.repeat(100_000) }] }],
    ['NUL in a name', { ...valid(), project_types: [{ ...type, name: 'Cake\u0000' }] }],
    ['lone surrogate', { ...valid(), project_types: [{ ...type, quote_intro: 'a\ud800b' }] }],
    ['negative price', { ...valid(), project_types: [{ ...type, base_price: -1 }] }],
    ['price too large', { ...valid(), project_types: [{ ...type, base_price: 1e300 }] }],
    ['price as text', { ...valid(), project_types: [{ ...type, base_price: '12' }] }],
    ['included not a list', { ...valid(), project_types: [{ ...type, included: 'Delivery' }] }],
    ['21 included lines', { ...valid(), project_types: [{ ...type, included: Array(21).fill('x') }] }],
    ['extra field in a type', { ...valid(), project_types: [{ ...type, shopify: true }] }],
    ['nested objects', { ...valid(), project_types: [{ ...type, name: { $gt: '' } }] }],
  ];
  it.each(strange)('PUT with %s', async (_label, body) => {
    const res = await putSettings(DEMO_HOST, admin, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().error.message).toBeTruthy();
  });

  it('malformed JSON, another content type and a query string are 4xx too', async () => {
    for (const res of [
      await call(app, 'PUT', CRM_SETTINGS_API, { host: DEMO_HOST, cookie: admin, body: '{"enabled": tru', headers: { 'content-type': 'application/json' } }),
      await call(app, 'PUT', CRM_SETTINGS_API, { host: DEMO_HOST, cookie: admin, body: 'enabled=true', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ]) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect((await call(app, 'GET', `${CRM_SETTINGS_API}?x=${'%00'.repeat(10)}`, { host: DEMO_HOST, cookie: admin })).statusCode).toBeLessThan(500);
  });

  it('a field error names the field', async () => {
    const res = await putSettings(DEMO_HOST, admin, { ...valid(), project_types: [{ ...type, name: '' }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain('project_types.0.name');
  });
});

describe('switching the CRM off', () => {
  it('hides it: the admin context says so and every CRM route and public quote link answers 404, in that store only', async () => {
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Switch Off');
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const acmeLead = await insertLead(t, t.seed.tenantIds.acme, 'Acme Client');
    const acmeQuote = await createQuote(app, ACME_HOST, acmeAdmin, acmeLead);
    expect((await call(app, 'GET', '/api/admin/context', { host: DEMO_HOST, cookie: admin })).json().crm_enabled).toBe(true);

    expect((await putSettings(DEMO_HOST, admin, valid({ enabled: false }))).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/admin/context', { host: DEMO_HOST, cookie: admin })).json().crm_enabled).toBe(false);
    for (const [method, url, body] of [
      ['GET', CRM_API.context],
      ['GET', CRM_API.leads],
      ['POST', CRM_API.leads, { name: 'New', email: 'new@example.com' }],
      ['PATCH', CRM_API.leadStatus(lead), { status: 'won' }],
      ['GET', CRM_API.quotes],
      ['GET', CRM_API.quote(quote.id)],
      ['DELETE', CRM_API.quote(quote.id)],
      ['GET', CRM_API.leadEvents],
    ] as [string, string, unknown?][]) {
      for (const cookie of [admin, staff]) {
        const res = await call(app, method, url, { host: DEMO_HOST, cookie, body });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
    }
    // The client's link: the API, the page and the deposit, as for an unknown link.
    expect((await call(app, 'GET', CRM_API.publicQuote(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/quote/${quote.unique_url}`, { host: DEMO_HOST })).statusCode).toBe(404);
    expect((await call(app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(404);
    // The settings stay reachable, so it can be switched back on; nothing was deleted.
    expect((await getSettings(DEMO_HOST, admin)).json().settings.enabled).toBe(false);
    // Another store's CRM is unaffected.
    expect((await call(app, 'GET', CRM_API.quotes, { host: ACME_HOST, cookie: acmeAdmin })).statusCode).toBe(200);
    expect((await call(app, 'GET', CRM_API.publicQuote(acmeQuote.unique_url), { host: ACME_HOST })).statusCode).toBe(200);
    // The platform's own book is never switched off by a store.
    expect((await call(app, 'GET', CRM_API.quotes, { host: PLATFORM_HOST, cookie: sales })).statusCode).toBe(200);

    expect((await putSettings(DEMO_HOST, admin, valid({ enabled: true }))).statusCode).toBe(200);
    expect((await call(app, 'GET', CRM_API.quote(quote.id), { host: DEMO_HOST, cookie: admin })).statusCode).toBe(200);
    expect((await call(app, 'GET', CRM_API.publicQuote(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(200);
  });
});

describe('a paid deposit', () => {
  const leadOf = async (host: string, cookie: string, id: string) => ((await call(app, 'GET', CRM_API.leads, { host, cookie })).json().leads as Lead[]).find((l) => l.id === id)!;
  const payDeposit = async (quote: Quote, host: string) => {
    const start = await call(app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host });
    expect(start.statusCode, start.body).toBe(200);
    const url = new URL(start.json().url as string);
    expect((await formPost(app, url.pathname, { card_number: '4242 4242 4242 4242' }, host)).statusCode).toBe(303);
    return url.pathname.replace('/pay/', '');
  };

  it("moves the lead to the store's chosen status, records the amount on it and emails the merchant and the client once", async () => {
    await t.database.db.execute(sql`update tenants set settings_json = settings_json || '{"contact_email": "orders@demo.test"}'::jsonb where id = ${t.seed.tenantIds.demo}::uuid`);
    expect((await putSettings(DEMO_HOST, admin, valid({ deposit_lead_status: 'qualified' }))).statusCode).toBe(200);
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Deposit Payer');
    const quote = await createQuote(app, DEMO_HOST, admin, lead, { ...storeQuoteContent({ ...NEUTRAL_PROJECT_TYPES[0], base_price: 250 }) });
    expect(quote.deposit_amount).toBe(100);
    expect(await leadOf(DEMO_HOST, admin, lead)).toMatchObject({ status: 'new', deposit_paid: null, deposit_paid_at: null });

    const sessionId = await payDeposit(quote, DEMO_HOST);
    const after = await leadOf(DEMO_HOST, admin, lead);
    expect(after).toMatchObject({ status: 'qualified', deposit_paid: 100 });
    expect(after.deposit_paid_at).not.toBeNull();
    expect((await quoteHistory(app, quote, DEMO_HOST, admin)).map((e) => e.type)).toContain('deposit_paid');

    const merchant = (await outboxOf(t, 'crm_deposit_paid')).filter((m) => m.text.includes('Deposit Payer'));
    expect(merchant.map((m) => [m.tenant_id, m.to_address])).toEqual([[t.seed.tenantIds.demo, 'orders@demo.test']]);
    expect(merchant[0].text).toContain('£100.00');
    const client = (await outboxOf(t, 'crm_deposit_receipt')).filter((m) => m.to_address === 'deposit@example.com');
    expect(client).toHaveLength(1);
    expect(client[0]).toMatchObject({ tenant_id: t.seed.tenantIds.demo });
    expect(client[0].text).toContain('£100.00');

    // The provider sends the same event again: nothing moves twice, nothing is sent twice.
    await call(app, 'PATCH', CRM_API.leadStatus(lead), { host: DEMO_HOST, cookie: admin, body: { status: 'contacted' } });
    const signed = gateway.deposits.signedEvent((await gateway.deposits.find(sessionId, t.seed.tenantIds.demo))!);
    const again = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature }, payload: signed.payload });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await leadOf(DEMO_HOST, admin, lead)).toMatchObject({ status: 'contacted', deposit_paid: 100, deposit_paid_at: after.deposit_paid_at });
    expect((await outboxOf(t, 'crm_deposit_paid')).filter((m) => m.text.includes('Deposit Payer'))).toHaveLength(1);
    expect((await outboxOf(t, 'crm_deposit_receipt')).filter((m) => m.to_address === 'deposit@example.com')).toHaveLength(1);
    // Another store's team never sees that lead, nor its deposit.
    expect(((await call(app, 'GET', CRM_API.leads, { host: ACME_HOST, cookie: acmeAdmin })).json().leads as Lead[]).map((l) => l.id)).not.toContain(lead);
  });

  it('five deliveries of the same payment at once apply it once: one move, one amount, one email each', async () => {
    expect((await putSettings(DEMO_HOST, admin, valid({ deposit_lead_status: 'qualified' }))).statusCode).toBe(200);
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Racing Payer');
    const quote = await createQuote(app, DEMO_HOST, admin, lead, { ...storeQuoteContent({ ...NEUTRAL_PROJECT_TYPES[1], base_price: 500 }) });
    const start = await call(app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST });
    const sessionId = new URL(start.json().url as string).pathname.replace('/pay/', '');
    // Paid at the provider; its webhook then arrives five times at once (the provider retrying, several instances).
    expect((await gateway.deposits.complete(sessionId))?.changed).toBe(true);
    const signed = gateway.deposits.signedEvent((await gateway.deposits.find(sessionId, t.seed.tenantIds.demo))!);
    const deliver = () => app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature }, payload: signed.payload });
    const outcomes = (await Promise.all(Array.from({ length: 5 }, deliver))).map((r) => r.json().outcome as string);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await leadOf(DEMO_HOST, admin, lead)).toMatchObject({ status: 'qualified', deposit_paid: 200 });
    expect((await outboxOf(t, 'crm_deposit_paid')).filter((m) => m.text.includes('Racing Payer'))).toHaveLength(1);
    expect((await outboxOf(t, 'crm_deposit_receipt')).filter((m) => m.to_address === 'racing@example.com')).toHaveLength(1);
  });

  it("in the platform book: the lead moves to Won, the platform's owners and the client are emailed", async () => {
    const lead = await insertLead(t, null, 'Platform Payer', null);
    const quote = await createQuote(app, PLATFORM_HOST, sales, lead);
    await payDeposit(quote, PLATFORM_HOST);
    expect(await leadOf(PLATFORM_HOST, sales, lead)).toMatchObject({ status: 'won', deposit_paid: quote.deposit_amount });
    const merchant = (await outboxOf(t, 'crm_deposit_paid')).filter((m) => m.text.includes('Platform Payer'));
    expect(merchant.map((m) => [m.tenant_id, m.to_address])).toEqual(t.config.platformOwnerEmails.map((e) => [null, e]));
    expect((await outboxOf(t, 'crm_deposit_receipt')).filter((m) => m.to_address === 'platform@example.com')).toHaveLength(1);
  });
});
