import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { DepositSessionInput } from './payments';
import { PaymentInputError } from './errors';
import { StripeProvider } from './stripe-provider';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

// A quote's deposit through Stripe Checkout (decision 028): one line, no delivery, metadata that
// routes its webhook to the CRM, into the store's connected account when given.

const WEBHOOK_SECRET = 'whsec_deposit_test';
const TENANT = '0f8c2d1e-6b7a-4c3d-9e8f-1a2b3c4d5e6f';
const QUOTE = '3b1f6f0e-8a7c-4d2b-9e1f-2a3b4c5d6e7f';
let fake: FakeStripe;
let provider: StripeProvider;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripeProvider({ secretKey: 'sk_test_deposit', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
});
afterAll(async () => fake?.close());

const input = (over: Partial<DepositSessionInput> = {}): DepositSessionInput => ({
  tenantId: TENANT,
  quoteId: QUOTE,
  payeeName: 'Demo Store',
  description: 'Deposit: Your new online shop',
  amount: 319200,
  currency: 'gbp',
  returnUrl: 'https://demo.example.test/quote/AbCdEfGhIjKlMnOpQrStUv',
  expiresAt: new Date(Date.now() + 60 * 60_000),
  destinationAccount: 'acct_store_1',
  ...over,
});

function completed(metadata: Record<string, string>) {
  const object = { id: 'cs_test_dep1', object: 'checkout.session', payment_status: 'paid', amount_total: 319200, payment_intent: 'pi_dep1', metadata };
  const payload = JSON.stringify({ id: 'evt_dep_1', object: 'event', type: 'checkout.session.completed', api_version: Stripe.API_VERSION, created: 1, data: { object } });
  return provider.verifyWebhook(Buffer.from(payload), { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
}

describe('Stripe quote deposits', () => {
  it('opens one-line sessions marked as a quote deposit, returning to the proposal', async () => {
    fake.requests.length = 0;
    await provider.createDepositSession(input());
    const form = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('319200');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Deposit: Your new online shop');
    expect(form.has('line_items[1][quantity]')).toBe(false);
    expect(form.has('shipping_options[0][shipping_rate_data][type]')).toBe(false);
    expect(form.get('metadata[purpose]')).toBe('quote_deposit');
    expect(form.get('metadata[quote_id]')).toBe(QUOTE);
    expect(form.get('metadata[tenant_id]')).toBe(TENANT);
    expect(form.get('payment_intent_data[transfer_data][destination]')).toBe('acct_store_1');
    expect(form.get('success_url')).toBe('https://demo.example.test/quote/AbCdEfGhIjKlMnOpQrStUv?paid=1&session_id={CHECKOUT_SESSION_ID}');
    expect(form.get('cancel_url')).toBe('https://demo.example.test/quote/AbCdEfGhIjKlMnOpQrStUv');

    fake.requests.length = 0;
    await provider.createDepositSession(input({ tenantId: null, destinationAccount: null }));
    const platform = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
    expect(platform.get('metadata[tenant_id]')).toBe('');
    expect(platform.has('payment_intent_data[transfer_data][destination]')).toBe(false);
  });

  it('refuses amounts that are not whole pence above zero', async () => {
    for (const amount of [0, -1, 1.5]) await expect(provider.createDepositSession(input({ amount }))).rejects.toBeInstanceOf(PaymentInputError);
  });

  it("reads a deposit's completed event with its quote and book, and an order's without", () => {
    expect(completed({ purpose: 'quote_deposit', quote_id: QUOTE, tenant_id: TENANT })).toMatchObject({ type: 'checkout.completed', quoteId: QUOTE, tenantId: TENANT, orderId: null, amountTotal: 319200, paymentReference: 'pi_dep1' });
    expect(completed({ purpose: 'quote_deposit', quote_id: QUOTE, tenant_id: '' })).toMatchObject({ quoteId: QUOTE, tenantId: null });
    const order = completed({ tenant_id: TENANT, order_id: QUOTE });
    expect(order).toMatchObject({ orderId: QUOTE, tenantId: TENANT });
    expect(order.quoteId).toBeUndefined();
  });
});
