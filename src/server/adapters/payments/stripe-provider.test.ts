import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from '../../config';
import type { UnitOfWork } from '../../db/unit-of-work';
import { WebhookSignatureError, type CreateSessionInput } from './payments';
import { PaymentInputError, PaymentSessionCompleteError, PaymentSessionUnknownError, RefundError } from './errors';
import { createPaymentProvider, registerTestGatewayRoutes } from './provider';
import { StripeProvider, stripeClientOptions } from './stripe-provider';
import { TestGateway } from './test-gateway';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

const SECRET_KEY = 'sk_test_fake_key';
const WEBHOOK_SECRET = 'whsec_test_signing_secret';
const TENANT = '0f8c2d1e-6b7a-4c3d-9e8f-1a2b3c4d5e6f';
const ORDER = '7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

let fake: FakeStripe;
let provider: StripeProvider;
// Only for signing test webhooks the way Stripe does.
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const input = (over: Partial<CreateSessionInput> = {}): CreateSessionInput => ({
  tenantId: TENANT,
  shopName: 'Demo Store',
  orderId: ORDER,
  orderNumber: 'DS-1042',
  currency: 'gbp',
  lines: [
    { name: 'Linen Shirt', quantity: 2, unit_amount: 3500 },
    { name: 'Café au lait mug', quantity: 1, unit_amount: 1299 },
  ],
  shippingAmount: 495,
  shippingName: 'Standard delivery',
  amountTotal: 2 * 3500 + 1299 + 495,
  customerEmail: 'ada@example.test',
  successUrl: 'https://demo.example.test/checkout/success?order=DS-1042',
  cancelUrl: 'https://demo.example.test/cart',
  expiresAt: new Date(Date.now() + 60 * 60_000),
  ...over,
});

function webhook(type: string, object: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: `evt_${type.replace(/\W/g, '_')}_1`, object: 'event', type, api_version: Stripe.API_VERSION, created: 1, data: { object } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } as Record<string, string | undefined> };
}

describe('Stripe Checkout sessions', () => {
  it('creates a session from the order lines in pence, GBP, with delivery, metadata and the session id placeholder', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await provider.createSession(input());
    expect(session.sessionId).toMatch(/^cs_test_fake\d+$/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);

    expect(fake.requests).toHaveLength(1);
    const { method, path, form, authorization } = fake.requests[0];
    expect([method, path, authorization]).toEqual(['POST', '/v1/checkout/sessions', `Bearer ${SECRET_KEY}`]);
    const fields = Object.fromEntries(form);
    expect(fields).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '3500',
      'line_items[0][price_data][product_data][name]': 'Linen Shirt',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'gbp',
      'line_items[1][price_data][unit_amount]': '1299',
      'line_items[1][price_data][product_data][name]': 'Café au lait mug',
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][display_name]': 'Standard delivery',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '495',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'gbp',
      customer_email: 'ada@example.test',
      client_reference_id: ORDER,
      success_url: 'https://demo.example.test/checkout/success?order=DS-1042&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://demo.example.test/cart',
      locale: 'en-GB',
      'metadata[tenant_id]': TENANT,
      'metadata[order_id]': ORDER,
      'metadata[order_number]': 'DS-1042',
      'payment_intent_data[metadata][tenant_id]': TENANT,
      'payment_intent_data[metadata][order_id]': ORDER,
      'payment_intent_data[metadata][order_number]': 'DS-1042',
    });
    expect(form.has('line_items[2][quantity]')).toBe(false);
    expect(Number(fields.expires_at)).toBeGreaterThanOrEqual(before + 59 * 60);
    expect(Number(fields.expires_at)).toBeLessThanOrEqual(before + 61 * 60);
    // Stripe charges what the lines and delivery add up to: the order's total.
    expect(fake.sessionObject(session.sessionId).amount_total).toBe(input().amountTotal);
  });

  it("sends a store's ready account as the destination of the payment, and none without one", async () => {
    await provider.createSession(input({ destinationAccount: 'acct_store1' }));
    await provider.createSession(input({ destinationAccount: null }));
    const [withAccount, without] = fake.requests.map((r) => r.form);
    expect(withAccount.get('payment_intent_data[transfer_data][destination]')).toBe('acct_store1');
    expect(withAccount.get('payment_intent_data[metadata][tenant_id]')).toBe(TENANT);
    expect([...without.keys()].some((k) => k.includes('transfer_data'))).toBe(false);
  });

  it('keeps expires_at inside the 30 minutes .. 24 hours Stripe accepts', async () => {
    const now = Math.floor(Date.now() / 1000);
    await provider.createSession(input({ expiresAt: new Date(Date.now() + 10 * 60_000) }));
    await provider.createSession(input({ expiresAt: new Date(Date.now() + 72 * 3600_000) }));
    const [soon, late] = fake.requests.map((r) => Number(r.form.get('expires_at')));
    expect(soon).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(soon).toBeLessThan(now + 35 * 60);
    expect(late).toBeLessThan(now + 24 * 3600);
    expect(late).toBeGreaterThan(now + 23 * 3600);
  });

  it('refuses input whose total is not the lines plus delivery, before calling Stripe', async () => {
    await expect(provider.createSession(input({ amountTotal: 100 }))).rejects.toBeInstanceOf(PaymentInputError);
    expect(fake.requests).toEqual([]);
  });

  it('expires an open session; again is a no-op; a paid one is refused', async () => {
    const open = await provider.createSession(input());
    await provider.expireSession(open.sessionId);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.sessionId}/expire` });
    await provider.expireSession(open.sessionId);
    expect(fake.sessionObject(open.sessionId).status).toBe('expired');

    const paid = await provider.createSession(input());
    fake.complete(paid.sessionId);
    await expect(provider.expireSession(paid.sessionId)).rejects.toBeInstanceOf(PaymentSessionCompleteError);
    // A session Stripe does not know (another account's) cannot be paid: said as such, not as a failure.
    await expect(provider.expireSession('cs_test_nope')).rejects.toBeInstanceOf(PaymentSessionUnknownError);
  });

  it('refunds against the payment intent, and turns an over-refund into a clear RefundError', async () => {
    const session = await provider.createSession(input());
    const paid = fake.complete(session.sessionId);
    const refund = await provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: 1000, reason: 'Damaged in transit', idempotencyKey: 'k1' });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^re_fake/), amount: 1000 });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toMatchObject({ payment_intent: paid.payment_intent, amount: '1000', 'metadata[reason]': 'Damaged in transit', 'metadata[session_id]': session.sessionId });
    expect(fake.requests.at(-1)!.idempotencyKey).toBe('refund-k1');
    // Asked again with the same key (a lost answer): the same refund, and nothing more refunded.
    expect(await provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: 1000, reason: 'Damaged in transit', idempotencyKey: 'k1' })).toEqual(refund);

    // Without a reference it reads the session's payment intent first.
    expect(await provider.refund({ sessionId: session.sessionId, paymentReference: null, amount: 500, idempotencyKey: 'k2' })).toMatchObject({ amount: 500 });
    expect(fake.requests.at(-2)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.sessionId}` });

    const over = provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: paid.amount_total, idempotencyKey: 'k3' });
    await expect(over).rejects.toBeInstanceOf(RefundError);
    await expect(provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: paid.amount_total, idempotencyKey: 'k4' })).rejects.toMatchObject({
      code: 'refund_too_large',
      status: 409,
      message: expect.stringContaining('greater than unrefunded amount'),
    });
    await expect(provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: -5, idempotencyKey: 'k5' })).rejects.toMatchObject({ code: 'refund_invalid' });

    // A destination charge's refund takes the money back from the store's account too.
    await provider.refund({ sessionId: session.sessionId, paymentReference: paid.payment_intent, amount: 100, idempotencyKey: 'k7', destinationAccount: 'acct_store1' });
    expect(fake.requests.at(-1)!.form.get('reverse_transfer')).toBe('true');
    expect(fake.requests.at(-2)!.form.has('reverse_transfer')).toBe(false);

    const unpaid = await provider.createSession(input());
    await expect(provider.refund({ sessionId: unpaid.sessionId, paymentReference: null, amount: 100, idempotencyKey: 'k6' })).rejects.toMatchObject({ code: 'refund_not_paid' });
  });
});

describe('Stripe webhooks', () => {
  const session = (over: Record<string, unknown> = {}) => ({
    id: 'cs_test_hook',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 8794,
    payment_intent: 'pi_hook',
    metadata: { tenant_id: TENANT, order_id: ORDER, order_number: 'DS-1042' },
    ...over,
  });

  it('verifies the signature and maps the events the shop acts on', () => {
    const completed = webhook('checkout.session.completed', session());
    expect(provider.verifyWebhook(completed.body, completed.headers)).toEqual({
      provider: 'stripe',
      eventId: 'evt_checkout_session_completed_1',
      type: 'checkout.completed',
      sessionId: 'cs_test_hook',
      tenantId: TENANT,
      orderId: ORDER,
      paymentReference: 'pi_hook',
      amountTotal: 8794,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      ['checkout.session.completed', session({ payment_status: 'unpaid', payment_intent: null }), 'ignored'],
      ['checkout.session.async_payment_succeeded', session(), 'checkout.completed'],
      ['checkout.session.expired', session({ status: 'expired', payment_status: 'unpaid', payment_intent: null }), 'checkout.expired'],
      ['checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }), 'payment.failed'],
      ['charge.refunded', { id: 'ch_1', object: 'charge' }, 'ignored'],
    ];
    for (const [type, object, mapped] of cases) {
      const hook = webhook(type, object);
      expect(provider.verifyWebhook(hook.body, hook.headers).type, type).toBe(mapped);
    }
    const expired = webhook('checkout.session.expired', session({ status: 'expired', payment_intent: null }));
    expect(provider.verifyWebhook(expired.body, expired.headers)).toMatchObject({ sessionId: 'cs_test_hook', tenantId: TENANT, orderId: ORDER, paymentReference: null });

    const failed = webhook('payment_intent.payment_failed', { id: 'pi_failed', object: 'payment_intent', amount: 8794, metadata: { tenant_id: TENANT, order_id: ORDER } });
    expect(provider.verifyWebhook(failed.body, failed.headers)).toMatchObject({ type: 'payment.failed', sessionId: null, tenantId: TENANT, orderId: ORDER, paymentReference: 'pi_failed', amountTotal: 8794 });
  });

  it('reads account.updated as the connected account\'s state, naming its store', () => {
    const account = {
      id: 'acct_store1',
      object: 'account',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
      metadata: { tenant_id: TENANT },
      requirements: { currently_due: ['external_account'], past_due: [], pending_verification: ['individual.dob.day'], disabled_reason: null },
      capabilities: { card_payments: 'active', transfers: 'pending', bogus: 'shiny' },
    };
    const hook = webhook('account.updated', account);
    expect(provider.verifyWebhook(hook.body, hook.headers)).toEqual({
      provider: 'stripe',
      eventId: 'evt_account_updated_1',
      type: 'account.updated',
      sessionId: null,
      tenantId: TENANT,
      orderId: null,
      paymentReference: null,
      amountTotal: null,
      account: {
        occurredAt: new Date(1000),
        state: {
          accountRef: 'acct_store1',
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: false,
          requirements: { currentlyDue: ['external_account'], pastDue: [], pendingVerification: ['individual.dob.day'], disabledReason: null },
          capabilities: { card_payments: 'active', transfers: 'pending' },
        },
      },
    });
  });

  it('refuses a wrong secret, a tampered body, an old signature and a missing header', () => {
    const good = webhook('checkout.session.completed', session());
    const bad: [string, Buffer, Record<string, string | undefined>][] = [
      ['wrong secret', ...(Object.values(webhook('checkout.session.completed', session(), { secret: 'whsec_other' })) as [Buffer, Record<string, string>])],
      ['tampered', Buffer.from(good.body.toString().replace('8794', '1')), good.headers],
      ['old', ...(Object.values(webhook('checkout.session.completed', session(), { timestamp: Math.floor(Date.now() / 1000) - 600 })) as [Buffer, Record<string, string>])],
      ['missing header', good.body, {}],
      ['garbage header', good.body, { 'stripe-signature': 'nonsense' }],
    ];
    for (const [name, body, headers] of bad) {
      expect(() => provider.verifyWebhook(body, headers), name).toThrow(WebhookSignatureError);
    }
  });
});

describe('choosing the provider', () => {
  it('needs STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY, and never prints the key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/);
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_publishable_by_mistake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(message).not.toContain('pk_live_publishable_by_mistake');
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeNull();
  });

  it('picks Stripe when the key is set, else the test gateway', () => {
    const scopes = {} as UnitOfWork;
    const secrets = { cookieSecret: 'c', webhookSecret: 'w' };
    const withStripe = loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(withStripe.stripe).toEqual({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:12111' });
    expect(createPaymentProvider(withStripe, secrets, scopes)).toBeInstanceOf(StripeProvider);
    expect(createPaymentProvider(withStripe, secrets, scopes).name).toBe('stripe');
    expect(createPaymentProvider(loadConfig({}), secrets, scopes)).toBeInstanceOf(TestGateway);
  });

  it('serves no pay pages when Stripe is the provider', async () => {
    const app = Fastify();
    await registerTestGatewayRoutes(app, provider);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/pay/cs_test_x' })).statusCode).toBe(404);
    await app.close();
  });

  it('reads STRIPE_API_BASE into the SDK host, port and protocol', () => {
    expect(stripeClientOptions('http://127.0.0.1:12111')).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeClientOptions('https://stripe.internal')).toMatchObject({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(stripeClientOptions()).not.toHaveProperty('host');
  });
});
