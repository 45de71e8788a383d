import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { appWithPayments } from '../../../test/app-with-payments';
import { stripeCompleted } from '../../../test/stripe-webhook';
import { StripeProvider } from '../../../adapters/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../../adapters/payments/fake-stripe';
import type { Quote } from '../../../../shared/crm/quotes';
import { createQuote, insertLead, lapseDepositSession, outboxOf, quoteHistory, startDeposit, strayRecords } from '../../../test/quote-fixtures';

// Issue 24 item 1 against the local fake Stripe (decision 029). Ten "Pay deposit" starts at once left
// 3 to 10 Checkout Sessions open, and a second payment was recorded as nothing. The races only prove
// anything on PostgreSQL (PGlite runs one query at a time); they must hold on both.

const SECRET = 'deposit-stripe-app-secret';
const STRIPE_WEBHOOK_SECRET = 'whsec_deposit_race';
let t: TestApp;
let fake: FakeStripe;
let app: FastifyInstance;
let admin: string;
let lead: string;

beforeAll(async () => {
  t = await resetTestApp();
  fake = await startFakeStripe();
  app = await appWithPayments(t, new StripeProvider({ secretKey: 'sk_test_deposit_race', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: fake.url }), SECRET);
  admin = await signIn(app, 'admin@demo.test', DEMO_HOST);
  lead = await insertLead(t, t.seed.tenantIds.demo);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const sessionsOf = (quote: Quote) => fake.listSessions().filter((s) => s.metadata.quote_id === quote.id);
const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const paid = (sessionId: string) => stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, sessionId);
const sessionIdOf = (url: string) => url.replace('https://checkout.stripe.test/c/pay/', '');

describe('deposit starts against Stripe', () => {
  it('ten concurrent starts for one quote leave one open Checkout Session, and every caller gets its page', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const answers = await Promise.all(Array.from({ length: 10 }, () => startDeposit(app, quote, DEMO_HOST)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const urls = new Set(answers.map((a) => a.json().url as string));
    expect(urls.size).toBe(1);
    const sessions = sessionsOf(quote);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: sessionIdOf([...urls][0]), status: 'open' });
    expect((await quoteHistory(app, quote, DEMO_HOST, admin)).filter((e) => e.type === 'deposit_session_opened')).toHaveLength(1);
  });

  it('a session that has run out is expired at Stripe before the new page is answered', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const first = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    await lapseDepositSession(t, quote.id);
    const second = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    expect(second).not.toBe(first);
    expect(Object.fromEntries(sessionsOf(quote).map((s) => [s.id, s.status]))).toEqual({ [first]: 'expired', [second]: 'open' });
  });

  it('an earlier session Stripe says was paid answers 409, and no new session is opened', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const first = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    fake.complete(first);
    await lapseDepositSession(t, quote.id);
    const again = await startDeposit(app, quote, DEMO_HOST);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'already_paid', message: 'This deposit has already been paid.' });
    expect(sessionsOf(quote)).toHaveLength(1);
  });
});

describe('a second payment for a deposit', () => {
  it('paying the superseded session too ends with one applied and one refunded at Stripe, recorded and told', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const old = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    await lapseDepositSession(t, quote.id);
    const current = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    // The client pays the current page, and the old one is paid as well (as the probe did at the fake).
    fake.complete(current);
    fake.complete(old);
    expect((await paid(current)).json()).toEqual({ received: true, outcome: 'applied' });
    const before = refundRequests().length;
    expect((await paid(old)).json()).toEqual({ received: true, outcome: 'refunded' });

    const [record] = await strayRecords(t, quote.id);
    expect(record).toMatchObject({ tenant_id: t.seed.tenantIds.demo, session_id: old, subject_kind: 'quote', reason: 'already_paid', amount: 319200, state: 'succeeded', refunded_amount: 319200 });
    const refunds = refundRequests().slice(before);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].idempotencyKey).toBe(`refund-${record.id}`);
    expect(refunds[0].form.get('payment_intent')).toBe(fake.sessionObject(old).payment_intent);
    expect(refunds[0].form.get('amount')).toBe('319200');
    expect(record.provider_refund_id).toMatch(/^re_fake/);

    const history = await quoteHistory(app, quote, DEMO_HOST, admin);
    expect(history.map((e) => e.type).slice(0, 3)).toEqual(['stray_payment_refunded', 'stray_payment', 'deposit_paid']);
    expect(history[1].message).toBe(`A second payment of £3,192.00 (Stripe session ${old}) arrived after this quote's deposit was already paid. It is being refunded to the payer automatically.`);
    expect(history[0].message).toContain(`refund ${record.provider_refund_id}`);
    // The demo store has no contact email in its settings: its owners and admins are told.
    const mail = (await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(old));
    expect(mail.map((m) => m.to_address).sort()).toEqual(['admin@demo.test', 'partner@demo.test']);
    expect(mail[0]).toMatchObject({ tenant_id: t.seed.tenantIds.demo, subject: 'Payment refunded automatically: the quote “Your new online shop” for Ada Lovelace' });
    expect(mail[0].text).toContain(`We refunded £3,192.00 to the payer through Stripe (refund ${record.provider_refund_id}).`);

    // Stripe delivers again, and sends the same session under a new event id: nothing more is refunded.
    expect((await paid(old)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await stripeCompleted(app, fake, STRIPE_WEBHOOK_SECRET, old, { eventId: 'evt_again_other_id' })).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(refundRequests()).toHaveLength(before + 1);
    expect(await strayRecords(t, quote.id)).toHaveLength(1);
    expect((await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(old))).toHaveLength(2);
  });

  it('two payments arriving at once: exactly one pays the quote, the other is refunded', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const a = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    await lapseDepositSession(t, quote.id);
    const b = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    fake.complete(a);
    fake.complete(b);
    const outcomes = (await Promise.all([paid(a), paid(b)])).map((r) => r.json().outcome as string);
    expect(outcomes.sort()).toEqual(['applied', 'refunded']);
    const records = await strayRecords(t, quote.id);
    expect(records).toHaveLength(1);
    expect(records[0].state).toBe('succeeded');
    const history = await quoteHistory(app, quote, DEMO_HOST, admin);
    expect(history.filter((e) => e.type === 'deposit_paid')).toHaveLength(1);
  });
});
