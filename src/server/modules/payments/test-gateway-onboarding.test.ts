import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import { TestGateway } from '../../adapters/payments/test-gateway';
import { formPost } from '../../test/pay-test-app';
import { TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../adapters/payments/test-gateway';
import type { ConnectStatus } from '../../../shared/payment-connect';
import type { ProductCard } from '../../../shared/catalog';

// Onboarding with the built-in test gateway, end to end through the real app: create the account,
// follow the link to the hosted onboarding page, fill in its three steps (each one sends a signed
// account.updated webhook), land back on the Payment tab, and pay into the store's account.

const SECRET = 'test-webhook-secret';
let t: TestApp;
let app: FastifyInstance;
let gateway: TestGateway;
let admin: string;
let demo: string;

const RETURN_URL = 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=return';
const REFRESH_URL = 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=refresh';

const status = async () => {
  const res = await call(app, 'GET', '/api/stripe/connect/status', { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConnectStatus;
};
/** The shop's stored copy, as checkout and the dashboard read it (not asking the gateway). */
const stored = async () =>
  rowsOf<{ account_ref: string; details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean; capabilities: Record<string, string>; requirements: { currently_due: string[] } }>(
    await t.database.db.execute(sql`select * from payment_accounts where tenant_id = ${demo}::uuid and provider = 'test'`),
  )[0];
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const page = (token: string) => `/connect/onboarding?link=${token}`;
const post = (token: string, step: string) => `/connect/onboarding/${step}?link=${token}`;

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  gateway = new TestGateway(t.scopes, SECRET);
  app = await buildApp({ ...t.app.deps, payments: gateway }, { failOnResponseDrift: true });
  await app.ready();
  admin = await signIn(app, 'admin@demo.test');
  // The demo seed onboards its stores; this store starts from nothing.
  await t.database.db.execute(sql`delete from payment_accounts where tenant_id = ${demo}::uuid`);
  await t.database.db.execute(sql`delete from test_connect_accounts where tenant_id = ${demo}::uuid`);
});
afterAll(async () => {
  await app?.close();
});

describe('onboarding with the test gateway', () => {
  let ref: string;
  let onboarding: string;
  let token: string;
  const stepUrl = (step: string) => `/connect/onboarding/${step}?link=${token}`;

  it('creates an acct_test_ account that owes everything and reports no capabilities yet', async () => {
    const res = await call(app, 'POST', '/api/stripe/connect/create-account', { cookie: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as ConnectStatus;
    ref = created.account!.reference;
    expect(ref).toMatch(/^acct_test_[a-f0-9]{24}$/);
    expect(created.connected).toBe(false);
    expect(created.capabilities).toEqual([]);
    expect(created.checklist.map((i) => i.status)).toEqual(['action_required', 'action_required', 'action_required', 'action_required', 'action_required']);
    expect(created.checklist[0].hint).toBe("Still needed: business type, business category, website, acceptance of Stripe's terms.");
    expect(created.checklist[1].hint).toBe('Still needed: bank account.');
    expect(created.checklist[2].hint).toBe('Still needed: legal name, date of birth, identity document.');
  });

  it('links to the hosted onboarding page on the same host, which shows the first step', async () => {
    const res = await call(app, 'POST', '/api/stripe/connect/account-link', { cookie: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().onboarding_url as string;
    expect(url).toMatch(/^http:\/\/demo\.localhost:3000\/connect\/onboarding\?link=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    token = new URL(url).searchParams.get('link')!;
    onboarding = pathOf(url);
    const page = await call(app, 'GET', onboarding);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Tell us about your business');
    expect(page.body).toContain('Demo Store');
    expect(page.body).toContain(ref);
    expect(page.body).toContain(`action="${stepUrl('business')}"`);
    // A later step cannot be opened before its turn: the first open one is shown instead.
    expect((await call(app, 'GET', `${onboarding}&step=identity`)).body).toContain('Tell us about your business');
  });

  it('checks each form and says what is wrong, saving nothing', async () => {
    const bad = await formPost(app, stepUrl('business'), { business_name: ' ', business_type: 'pirate', website: 'not a site' }, DEMO_HOST);
    expect(bad.statusCode).toBe(422);
    for (const text of ['Enter the legal name of your business.', 'Choose a business type.', 'Enter a web address such as https://example.co.uk.', 'Check the 3 fields marked below.']) {
      expect(bad.body).toContain(text);
    }
    expect(bad.body).toContain('value="not a site"');
    expect((await stored()).requirements.currently_due).toContain('business_type');
  });

  it('business details: clears its requirements, and the shop hears of it by webhook', async () => {
    const res = await formPost(app, stepUrl('business'), { business_name: 'Demo Store Ltd', business_type: 'company', website: 'https://demo.example' }, DEMO_HOST);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${onboarding}&step=bank`);
    // Without asking for the status: the account.updated webhook updated the stored copy.
    const row = await stored();
    expect(row.requirements.currently_due).not.toContain('business_type');
    expect(row.capabilities).toEqual({ card_payments: 'pending', transfers: 'inactive' });
    const s = await status();
    expect(s.checklist.map((i) => [i.id, i.status])).toEqual([
      ['business_details', 'complete'],
      ['bank_account', 'action_required'],
      ['identity', 'action_required'],
      ['charges_enabled', 'action_required'],
      ['payouts_enabled', 'action_required'],
    ]);
    expect(s.capabilities).toEqual([
      { capability: 'card_payments', status: 'pending' },
      { capability: 'transfers', status: 'inactive' },
    ]);
  });

  it('bank account: refuses a bad sort code, then turns payouts on its way', async () => {
    const bad = await formPost(app, stepUrl('bank'), { holder_name: 'Demo Store Ltd', sort_code: '10-88', account_number: '12345678' }, DEMO_HOST);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter a 6-digit sort code, such as 10-88-00.');
    const res = await formPost(app, stepUrl('bank'), { holder_name: 'Demo Store Ltd', sort_code: '10-88-00', account_number: '00012345' }, DEMO_HOST);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${onboarding}&step=identity`);
    expect((await stored()).capabilities).toEqual({ card_payments: 'pending', transfers: 'pending' });
    expect((await call(app, 'GET', `${onboarding}&step=bank`)).body).toContain('the account ending 2345');
  });

  it('identity: an under-18 or impossible date is refused; finishing lands back on the Payment tab, connected', async () => {
    const young = new Date().getUTCFullYear() - 10;
    const kid = await formPost(app, stepUrl('identity'), { first_name: 'Ada', last_name: 'Lovelace', dob_day: '1', dob_month: '1', dob_year: String(young) }, DEMO_HOST);
    expect(kid.statusCode).toBe(422);
    expect(kid.body).toContain('You must be 18 or over to set up payments for a business.');
    const odd = await formPost(app, stepUrl('identity'), { first_name: 'Ada', last_name: 'Lovelace', dob_day: '31', dob_month: '2', dob_year: '1985' }, DEMO_HOST);
    expect(odd.body).toContain('Enter a real date of birth, such as 27 3 1985.');

    const res = await formPost(app, stepUrl('identity'), { first_name: 'Ada', last_name: 'Lovelace', dob_day: '10', dob_month: '12', dob_year: '1985' }, DEMO_HOST);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(RETURN_URL);
    expect(await stored()).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, capabilities: { card_payments: 'active', transfers: 'active' } });
    const s = await status();
    expect(s.connected).toBe(true);
    expect(s.checklist.every((i) => i.status === 'complete')).toBe(true);
    expect(s.capabilities.every((c) => c.status === 'active')).toBe(true);
    const kpis = (await call(app, 'GET', '/api/admin/dashboard/kpis', { cookie: admin })).json();
    expect(kpis.setup.payments_connected).toBe(true);
  });

  it('a repeated or late account.updated changes nothing', async () => {
    const row = (await gateway.connect.find(demo, ref))!;
    const again = gateway.connect.signedAccountEvent(row);
    const post = (signed: { payload: string; signature: string }) =>
      app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature }, payload: signed.payload });
    expect((await post(again)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // The state before identity was done, delivered late: older than what is stored.
    const late = gateway.connect.signedAccountEvent({ ...row, identityAt: null, updatedAt: new Date(Date.now() - 60_000) });
    expect((await post(late)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await stored()).charges_enabled).toBe(true);
  });

  it('checkout pays into the store’s connected test account', async () => {
    const items = (await call(app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
    const product = items.find((p) => !p.has_variants && p.in_stock)!;
    const s = shopper(app);
    expect((await s.send('POST', '/api/cart/items', { product_id: product.id })).statusCode).toBe(200);
    const res = await s.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Row', city: 'London', postcode: 'SW1A 1AA' }, billingSameAsShipping: true });
    expect(res.statusCode, res.body).toBe(200);
    const [session] = rowsOf<{ destination_account: string | null }>(await t.database.db.execute(sql`select destination_account from test_payment_sessions where id = ${res.json().session_id}`));
    expect(session.destination_account).toBe(ref);
    const [order] = rowsOf<{ payment_destination: string | null }>(await t.database.db.execute(sql`select payment_destination from orders where order_number = ${res.json().order_number}`));
    expect(order.payment_destination).toBe(ref);
  });
});

describe('onboarding links', () => {
  it('a forged or altered link is a 404; an expired one goes to the refresh URL', async () => {
    const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from test_connect_accounts where tenant_id = ${demo}::uuid`));
    const link = { accountRef: row.id, tenantId: demo, returnUrl: RETURN_URL, refreshUrl: REFRESH_URL, expiresAt: Math.floor(Date.now() / 1000) + 600 };
    const good = gateway.connect.signLink(link);
    expect((await call(app, 'GET', page(good))).statusCode).toBe(200);

    const [body, mac] = good.split('.');
    const otherStore = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), t: t.seed.tenantIds.acme })).toString('base64url');
    for (const token of [`${otherStore}.${mac}`, `${body}.${mac.slice(1)}x`, 'nonsense', `${body}.${mac}.extra`]) {
      const res = await call(app, 'GET', page(token));
      expect(res.statusCode, token).toBe(404);
      expect(res.body).toContain('Onboarding link not valid');
      expect((await formPost(app, post(token, 'business'), { business_name: 'X', business_type: 'company', website: '' }, DEMO_HOST)).statusCode).toBe(404);
    }
    // Signed by the gateway but naming an account that is not this store's: still a 404.
    const [acmeRow] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from test_connect_accounts where tenant_id = ${t.seed.tenantIds.acme}::uuid`));
    expect((await call(app, 'GET', page(gateway.connect.signLink({ ...link, accountRef: acmeRow.id })))).statusCode).toBe(404);

    const expired = gateway.connect.signLink({ ...link, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    for (const res of [await call(app, 'GET', page(expired)), await formPost(app, post(expired, 'bank'), {}, DEMO_HOST)]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(REFRESH_URL);
    }
  });

  it('refuses a step posted from another site (Origin check)', async () => {
    const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from test_connect_accounts where tenant_id = ${demo}::uuid`));
    const token = gateway.connect.signLink({ accountRef: row.id, tenantId: demo, returnUrl: RETURN_URL, refreshUrl: REFRESH_URL, expiresAt: Math.floor(Date.now() / 1000) + 600 });
    const res = await formPost(app, post(token, 'business'), { business_name: 'Evil', business_type: 'company', website: '' }, DEMO_HOST, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});
