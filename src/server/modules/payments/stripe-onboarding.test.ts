import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import { rowsOf } from '../../db/rows';
import { StripeProvider } from '../../adapters/payments/stripe-provider';
import { NEW_ACCOUNT_DUE, startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe';
import type { ConnectStatus } from '../../../shared/payment-connect';
import type { ProductCard } from '../../../shared/catalog';

// Stripe Connect Express onboarding through the real app, against the local fake Stripe API
// (DESIGN rule 7): what is sent to Stripe, how its account state reads on the Payment tab, the
// account.updated webhook, and checkout's destination charge.

const WEBHOOK_SECRET = 'whsec_platform_endpoint';
const CONNECT_SECRET = 'whsec_connect_endpoint';
const signer = new Stripe('sk_test_signer');

let t: TestApp;
let fake: FakeStripe;
let app: FastifyInstance;
let admin: string;
let demo: string;

const status = async () => {
  const res = await call(app, 'GET', '/api/stripe/connect/status', { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConnectStatus;
};
const statuses = (s: ConnectStatus) => Object.fromEntries(s.checklist.map((i) => [i.id, i.status]));
const storedRef = async () =>
  rowsOf<{ account_ref: string; charges_enabled: boolean }>(await t.database.db.execute(sql`select account_ref, charges_enabled from payment_accounts where tenant_id = ${demo}::uuid and provider = 'stripe'`))[0];

function accountUpdated(accountId: string, opts: { created?: number; id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({ id: opts.id ?? `evt_acct_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'account.updated', api_version: Stripe.API_VERSION, created: opts.created ?? Math.floor(Date.now() / 1000), account: accountId, data: { object: fake.accountObject(accountId) } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? CONNECT_SECRET });
  return app.inject({ method: 'POST', url: '/api/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  fake = await startFakeStripe();
  const payments = new StripeProvider({ secretKey: 'sk_test_platform', webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_SECRET, apiBase: fake.url });
  app = await buildApp({ ...t.app.deps, payments }, { failOnResponseDrift: true });
  await app.ready();
  admin = await signIn(app, 'admin@demo.test');
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('Stripe Connect Express onboarding', () => {
  it('a store with only a test-gateway account starts with no Stripe account', async () => {
    // The demo seed's test account belongs to the test gateway, not to Stripe.
    const s = await status();
    expect(s).toMatchObject({ connected: false, provider: 'stripe', account: null, capabilities: [] });
    expect(fake.requests).toEqual([]);
    expect((await call(app, 'GET', '/api/admin/dashboard/kpis', { cookie: admin })).json().setup).toMatchObject({ payments_connected: false, payment_provider: 'stripe' });
  });

  it('creates an Express account in GB with card payments and transfers requested, once', async () => {
    const res = await call(app, 'POST', '/api/stripe/connect/create-account', { cookie: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as ConnectStatus;
    expect(created.account?.reference).toMatch(/^acct_fake\d+$/);
    const [request] = fake.requests;
    expect([request.method, request.path, request.authorization]).toEqual(['POST', '/v1/accounts', 'Bearer sk_test_platform']);
    expect(Object.fromEntries(request.form)).toMatchObject({
      type: 'express',
      country: 'GB',
      default_currency: 'gbp',
      'business_profile[name]': 'Demo Store',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[tenant_id]': demo,
    });
    expect(request.idempotencyKey).toBe(`connect-account-${demo}`);
    expect(fake.accounts.get(created.account!.reference)?.type).toBe('express');

    // Asked again: the same account, and Stripe is not asked to make another.
    const again = (await call(app, 'POST', '/api/stripe/connect/create-account', { cookie: admin, body: {} })).json() as ConnectStatus;
    expect(again.account?.reference).toBe(created.account?.reference);
    expect(fake.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
  });

  it('asks Stripe for an onboarding link back to this host’s Payment tab', async () => {
    const ref = (await storedRef()).account_ref;
    const res = await call(app, 'POST', '/api/stripe/connect/account-link', { cookie: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().onboarding_url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${ref}/link\\d+$`));
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({
      account: ref,
      type: 'account_onboarding',
      refresh_url: 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=refresh',
      return_url: 'http://demo.localhost:3000/admin/settings?tab=payment&onboarding=return',
      'collection_options[fields]': 'currently_due',
    });
  });

  it('maps accounts.retrieve to the checklist: due -> action_required, being verified -> pending, enabled -> complete', async () => {
    const ref = (await storedRef()).account_ref;
    const fresh = await status();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/accounts/${ref}` });
    expect(statuses(fresh)).toEqual({ business_details: 'action_required', bank_account: 'action_required', identity: 'action_required', charges_enabled: 'action_required', payouts_enabled: 'action_required' });
    expect(fresh.checklist.find((i) => i.id === 'identity')?.hint).toBe('Still needed: legal name, date of birth.');
    expect(fresh.capabilities).toEqual([{ capability: 'card_payments', status: 'inactive' }, { capability: 'transfers', status: 'inactive' }]);
    expect(NEW_ACCOUNT_DUE).toContain('external_account');

    // Submitted; Stripe is checking the representative's identity; charges on, payouts not yet.
    fake.updateAccount(ref, {
      details_submitted: true,
      charges_enabled: true,
      requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: ['representative.verification.document'], disabled_reason: null },
      capabilities: { card_payments: 'active', transfers: 'pending' },
    });
    const reviewing = await status();
    expect(statuses(reviewing)).toEqual({ business_details: 'complete', bank_account: 'complete', identity: 'pending', charges_enabled: 'complete', payouts_enabled: 'pending' });
    expect(reviewing.checklist.find((i) => i.id === 'identity')?.hint).toBe('Being verified: identity document.');
    expect(reviewing.connected).toBe(false);

    // Overdue: a past_due key needs action even though the account was submitted.
    fake.updateAccount(ref, { requirements: { currently_due: [], eventually_due: [], past_due: ['external_account'], pending_verification: [], disabled_reason: 'requirements.past_due' } });
    expect(statuses(await status()).bank_account).toBe('action_required');

    fake.updateAccount(ref, {
      payouts_enabled: true,
      requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: null },
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
    const ready = await status();
    expect(ready.connected).toBe(true);
    expect(Object.values(statuses(ready))).toEqual(['complete', 'complete', 'complete', 'complete', 'complete']);
    expect((await call(app, 'GET', '/api/admin/dashboard/kpis', { cookie: admin })).json().setup.payments_connected).toBe(true);
  });

  it('answers 502 with the spec’s message when Stripe does not know the account', async () => {
    await t.database.db.execute(sql`update payment_accounts set account_ref = 'acct_gone' where tenant_id = ${demo}::uuid and provider = 'stripe'`);
    const res = await call(app, 'GET', '/api/stripe/connect/status', { cookie: admin });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Unable to fetch Stripe Connect status.');
    const ref = [...fake.accounts.keys()][0];
    await t.database.db.execute(sql`update payment_accounts set account_ref = ${ref} where tenant_id = ${demo}::uuid and provider = 'stripe'`);
  });
});

describe('account.updated webhooks', () => {
  it('apply the new state once; a repeat, an older event or another store’s account do nothing', async () => {
    const ref = (await storedRef()).account_ref;
    fake.updateAccount(ref, { charges_enabled: false, requirements: { currently_due: ['external_account'], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: 'requirements.past_due' } });
    const created = Math.floor(Date.now() / 1000) + 1;
    const first = await accountUpdated(ref, { id: 'evt_acct_1', created });
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await storedRef()).charges_enabled).toBe(false);
    expect((await accountUpdated(ref, { id: 'evt_acct_1', created })).json()).toEqual({ received: true, outcome: 'duplicate' });

    fake.updateAccount(ref, { charges_enabled: true, requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: null } });
    expect((await accountUpdated(ref, { id: 'evt_acct_old', created: created - 120 })).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await storedRef()).charges_enabled).toBe(false);
    // Signed with the platform endpoint's secret works too; the newer state lands.
    expect((await accountUpdated(ref, { id: 'evt_acct_2', created: created + 1, secret: WEBHOOK_SECRET })).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await storedRef()).charges_enabled).toBe(true);

    const stranger = (await call(app, 'POST', '/api/stripe/connect/create-account', { cookie: await signIn(app, 'admin@acme.test', 'acme.localhost:3000'), host: 'acme.localhost:3000', body: {} })).json().account.reference as string;
    fake.updateAccount(stranger, { metadata: { tenant_id: demo } });
    expect((await accountUpdated(stranger)).json()).toEqual({ received: true, outcome: 'ignored' });

    const forged = await accountUpdated(ref, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
  });
});

describe('checkout with Stripe', () => {
  async function checkout(): Promise<URLSearchParams> {
    const items = (await call(app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
    const product = items.find((p) => !p.has_variants && p.in_stock)!;
    const s = shopper(app);
    await s.send('POST', '/api/cart/items', { product_id: product.id });
    fake.requests.length = 0;
    const res = await s.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Row', city: 'London', postcode: 'SW1A 1AA' }, billingSameAsShipping: true });
    expect(res.statusCode, res.body).toBe(200);
    return fake.requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
  }

  it('is a destination charge into the store’s account once it is ready', async () => {
    const ref = (await storedRef()).account_ref;
    expect((await checkout()).get('payment_intent_data[transfer_data][destination]')).toBe(ref);
  });

  it('stays with the platform account while the store’s account is not ready', async () => {
    await t.database.db.execute(sql`update payment_accounts set charges_enabled = false where tenant_id = ${demo}::uuid and provider = 'stripe'`);
    const form = await checkout();
    expect(form.has('payment_intent_data[transfer_data][destination]')).toBe(false);
    expect(form.get('payment_intent_data[metadata][tenant_id]')).toBe(demo);
  });
});
