import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { rowsOf } from '../../db/rows';
import { withScope } from '../../db/scope';
import { paymentAccounts } from '../../db/schema/index';
import type { ConnectStatus } from '../../../shared/payment-connect';

// The connect routes through the real HTTP layer with the harness's stand-in provider (FakePayments):
// who may call them, what they answer, and what they refuse. The test gateway's and Stripe's own
// onboarding are in test-gateway-onboarding.test.ts and stripe-onboarding.test.ts.

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

const STATUS = '/api/stripe/connect/status';
const CREATE = '/api/stripe/connect/create-account';
const LINK = '/api/stripe/connect/account-link';

const dropAccount = (tenant: 'demo' | 'acme') => t.database.db.execute(sql`delete from payment_accounts where tenant_id = ${t.seed.tenantIds[tenant]}::uuid`);
// As the owner: RLS is not in the way of checking what was written.
const accountsOf = async (tenant: 'demo' | 'acme') =>
  rowsOf<{ account_ref: string; provider: string }>(await t.database.db.execute(sql`select account_ref, provider from payment_accounts where tenant_id = ${t.seed.tenantIds[tenant]}::uuid`));

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});
beforeEach(async () => {
  t.payments.connect.failNext = false;
  t.payments.connect.links.length = 0;
  await dropAccount('demo');
});

describe('who may use the connect routes', () => {
  it('answers 401 signed out, 403 for staff, 404 for another store’s admin, on every route', async () => {
    for (const [method, url] of [['GET', STATUS], ['POST', CREATE], ['POST', LINK]] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await call(t.app, method, url, { body })).statusCode, `${url} signed out`).toBe(401);
      const asStaff = await call(t.app, method, url, { cookie: staff, body });
      expect(asStaff.statusCode, `${url} staff`).toBe(403);
      expect(asStaff.json().error.code).toBe('forbidden');
      // Acme's admin on the demo store's host: the same 404 as a store that does not exist.
      const otherStore = await call(t.app, method, url, { cookie: acmeAdmin, body });
      expect(otherStore.statusCode, `${url} other store`).toBe(404);
      expect(otherStore.json().error.message).toBe('Store not found');
    }
    // Nothing was created for anyone along the way.
    expect(await accountsOf('demo')).toEqual([]);
  });
});

describe('GET /api/stripe/connect/status', () => {
  it('with no account: not connected, no reference, every step pending and no capabilities', async () => {
    const res = await call(t.app, 'GET', STATUS, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = res.json() as ConnectStatus;
    expect(status).toMatchObject({ connected: false, provider: 'test', account: null, capabilities: [] });
    expect(status.checklist.map((i) => [i.id, i.status])).toEqual([
      ['business_details', 'pending'],
      ['bank_account', 'pending'],
      ['identity', 'pending'],
      ['charges_enabled', 'pending'],
      ['payouts_enabled', 'pending'],
    ]);
    for (const item of status.checklist) expect(item.hint).not.toBe('');
  });

  it('asks the provider, keeps its answer for checkout and the dashboard, and reads each store’s own account', async () => {
    const created = (await call(t.app, 'POST', CREATE, { cookie: admin, body: {} })).json() as ConnectStatus;
    const ref = created.account!.reference;
    t.payments.connect.complete(ref);
    const status = (await call(t.app, 'GET', STATUS, { cookie: admin })).json() as ConnectStatus;
    expect(status.connected).toBe(true);
    expect(status.checklist.every((i) => i.status === 'complete')).toBe(true);
    expect(status.capabilities).toEqual([
      { capability: 'card_payments', status: 'active' },
      { capability: 'transfers', status: 'active' },
    ]);
    const [row] = await withScope(t.database.db, { tenantId: t.seed.tenantIds.demo, userId: null }, (tx) => tx.select().from(paymentAccounts));
    expect(row).toMatchObject({ accountRef: ref, provider: 'test', chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true });

    // Acme's admin sees Acme's (seeded, onboarded) account, never the demo store's.
    const [acmeAccount] = await accountsOf('acme');
    const acme = (await call(t.app, 'GET', STATUS, { cookie: acmeAdmin, host: ACME_HOST })).json() as ConnectStatus;
    expect(acme).toMatchObject({ connected: true, account: { reference: acmeAccount.account_ref } });
    expect(acme.account?.reference).not.toBe(ref);
  });

  it('answers 502 with the spec’s message when the provider cannot be reached', async () => {
    await call(t.app, 'POST', CREATE, { cookie: admin, body: {} });
    t.payments.connect.failNext = true;
    const res = await call(t.app, 'GET', STATUS, { cookie: admin });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'connect_unavailable', message: 'Unable to fetch Stripe Connect status.' });
  });
});

describe('POST /api/stripe/connect/create-account', () => {
  it('makes one account per store, and answers the same one when asked again', async () => {
    const first = await call(t.app, 'POST', CREATE, { cookie: admin, body: {} });
    expect(first.statusCode, first.body).toBe(200);
    const status = first.json() as ConnectStatus;
    expect(status.account?.reference).toMatch(/^acct_fake_/);
    expect(status.connected).toBe(false);
    expect(status.checklist.find((i) => i.id === 'bank_account')).toMatchObject({ status: 'action_required', hint: 'Still needed: bank account.' });

    const again = (await call(t.app, 'POST', CREATE, { cookie: admin })).json() as ConnectStatus;
    expect(again.account?.reference).toBe(status.account?.reference);
    expect(await accountsOf('demo')).toEqual([{ account_ref: status.account!.reference, provider: 'test' }]);
  });

  it('refuses anything in the body, and answers 502 with a message when the provider is down', async () => {
    const extra = await call(t.app, 'POST', CREATE, { cookie: admin, body: { tenant_id: t.seed.tenantIds.acme } });
    expect(extra.statusCode).toBe(400);
    t.payments.connect.failNext = true;
    const down = await call(t.app, 'POST', CREATE, { cookie: admin, body: {} });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatchObject({ code: 'payment_unavailable', message: 'We could not reach the payment provider. Please try again.' });
    expect(await accountsOf('demo')).toEqual([]);
  });
});

describe('POST /api/stripe/connect/account-link', () => {
  it('needs an account first (409 with a message)', async () => {
    const res = await call(t.app, 'POST', LINK, { cookie: admin, body: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'connect_no_account', message: 'Connect a payment account before starting onboarding.' });
  });

  it('answers onboarding_url, with return and refresh URLs on the host the request came to', async () => {
    const ref = ((await call(t.app, 'POST', CREATE, { cookie: admin, body: {} })).json() as ConnectStatus).account!.reference;
    const res = await call(t.app, 'POST', LINK, { cookie: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ onboarding_url: `https://connect.example/onboard/${ref}` });
    expect(t.payments.connect.links).toEqual([
      {
        tenantId: t.seed.tenantIds.demo,
        accountRef: ref,
        returnUrl: 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=return',
        refreshUrl: 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=refresh',
      },
    ]);
  });

  it('never takes a URL from the client', async () => {
    await call(t.app, 'POST', CREATE, { cookie: admin, body: {} });
    const res = await call(t.app, 'POST', LINK, { cookie: admin, body: { return_url: 'https://evil.example/steal', refresh_url: 'https://evil.example/' } });
    expect(res.statusCode).toBe(400);
    expect(t.payments.connect.links).toEqual([]);
  });

  it('builds the URLs from the Host the store answers on, and refuses a Host that is not one', async () => {
    await call(t.app, 'POST', CREATE, { cookie: admin, body: {} });
    const odd = await call(t.app, 'POST', LINK, { cookie: admin, body: {}, headers: { host: 'demo.localhost:3000/evil?x=' } });
    expect(odd.statusCode).toBeGreaterThanOrEqual(400);
    expect(odd.statusCode).toBeLessThan(500);
    expect(t.payments.connect.links).toEqual([]);
    t.payments.connect.failNext = true;
    const down = await call(t.app, 'POST', LINK, { cookie: admin, body: {} });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe('We could not reach the payment provider. Please try again.');
  });
});

it('keeps each store’s account behind row-level security: no store set sees none, a store sees only its own', async () => {
  const rows = await withScope(t.database.db, { tenantId: null, userId: null }, (tx) => tx.select().from(paymentAccounts));
  expect(rows).toEqual([]);
  const acmeRows = await withScope(t.database.db, { tenantId: t.seed.tenantIds.acme, userId: null }, (tx) => tx.select().from(paymentAccounts));
  expect(acmeRows.length).toBe(1);
  expect(acmeRows[0].tenantId).toBe(t.seed.tenantIds.acme);
});
