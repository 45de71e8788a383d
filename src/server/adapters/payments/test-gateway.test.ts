import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACME_HOST, DEMO_HOST, PLATFORM_HOST, resetTestApp, type TestApp } from '../../test/harness';
import { withScope } from '../../db/scope';
import { testPaymentSessions } from '../../db/schema/index';
import { WebhookSignatureError } from './payments';
import { PaymentInputError, PaymentSessionCompleteError, PaymentSessionUnknownError, RefundError } from './errors';
import { successUrlFor, withSessionIdPlaceholder } from './checkout-urls';
import { signTestWebhook, tenantOfSessionId, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from './test-gateway';
import { checkTestCard } from './test-gateway-routes';
import { buildPayTestApp, formPost, insertOrder, TEST_WEBHOOK_SECRET, type PayTestApp } from '../../test/pay-test-app';

let t: TestApp;
let p: PayTestApp;
let demo: string;
let acme: string;

beforeAll(async () => {
  t = await resetTestApp();
  p = await buildPayTestApp(t);
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
});
afterAll(async () => {
  await p?.app.close();
});
beforeEach(() => {
  p.webhook.received.length = 0;
  p.webhook.rejected.length = 0;
  p.webhook.failNext = 0;
  p.logs.length = 0;
});
// Every request gets exactly one reply: Fastify logs a second one as "Reply was already sent".
const doubleReplies = () => p.logs.filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT') || line.includes('Reply was already sent'));
afterEach(() => {
  expect(doubleReplies()).toEqual([]);
});

const get = (url: string, host = DEMO_HOST) => p.app.inject({ method: 'GET', url, headers: { host } });
const pay = (sessionId: string, card: string, host = DEMO_HOST) => formPost(p.app, `/pay/${sessionId}`, { card_number: card }, host);
const cancel = (sessionId: string, host = DEMO_HOST) => formPost(p.app, `/pay/${sessionId}/cancel`, {}, host);
const row = (tenantId: string, id: string) =>
  withScope(t.database.db, { tenantId, userId: null }, async (tx) => (await tx.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id)))[0]);

async function newSession(opts: Parameters<typeof insertOrder>[2] & { expiresAt?: Date; successUrl?: string } = {}, tenantId = demo) {
  const order = await insertOrder(t, tenantId, opts);
  const input = order.input({ ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}), ...(opts.successUrl ? { successUrl: opts.successUrl } : {}) });
  const session = await p.gateway.createSession(input);
  return { ...order, input, session };
}

describe('test gateway sessions', () => {
  it('creates an unguessable session on the store host, stored under the tenant', async () => {
    const { session, orderId } = await newSession();
    expect(session.sessionId).toMatch(/^cs_test_[A-Za-z0-9_-]{54}$/);
    expect(session.url).toBe(`http://demo.localhost:3000/pay/${session.sessionId}`);
    expect(tenantOfSessionId(session.sessionId)).toBe(demo);
    const stored = await row(demo, session.sessionId);
    expect(stored).toMatchObject({ tenantId: demo, orderId, amountTotal: 2 * 3500 + 1299 + 495, status: 'open', currency: 'gbp', refundedAmount: 0 });
    const other = await newSession();
    expect(other.session.sessionId).not.toBe(session.sessionId);
    // Row-level security: no tenant, or another tenant, sees nothing.
    expect(await withScope(t.database.db, { tenantId: null, userId: null }, (tx) => tx.select().from(testPaymentSessions))).toEqual([]);
    expect(await row(acme, session.sessionId)).toBeUndefined();
  });

  it('refuses a total that is not the lines plus delivery', async () => {
    const order = await insertOrder(t, demo);
    await expect(p.gateway.createSession(order.input({ amountTotal: 1 }))).rejects.toBeInstanceOf(PaymentInputError);
  });
});

describe('the pay page', () => {
  it('shows the shop, each line, delivery and the total in pounds, with the test cards and Pay and Cancel', async () => {
    const { session, orderNumber } = await newSession({
      lines: [
        { name: 'Oak Dining Table', quantity: 1, unit_amount: 123450 },
        { name: 'Linen Napkin', quantity: 4, unit_amount: 450 },
      ],
      shippingAmount: 0,
      shippingName: 'Free delivery',
    });
    const res = await get(`/pay/${session.sessionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const html = res.body;
    for (const text of ['Test payment', 'Demo Store', `Order ${orderNumber}`, 'Oak Dining Table', '£1,234.50', 'Linen Napkin', 'Qty 4 × £4.50', '£18.00', 'Free delivery', 'Total due', '£1,252.50', 'Pay £1,252.50', '4242 4242 4242 4242', '4000 0000 0000 0002', 'ada@example.test']) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`<form method="post" action="/pay/${session.sessionId}"`);
    expect(html).toContain(`<form method="post" action="/pay/${session.sessionId}/cancel"`);
    expect(html).not.toMatch(/<script|<link|src="http/i);
  });

  it('escapes names, so a product called <script> is inert text', async () => {
    const { session } = await newSession({ lines: [{ name: '<script>alert("x")</script> & "Co"', quantity: 1, unit_amount: 500 }] });
    const html = (await get(`/pay/${session.sessionId}`)).body;
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<script');
  });

  it('is the same 404 page for an unknown session, a malformed id, another store and the platform host', async () => {
    const { session } = await newSession();
    const unknown = `cs_test_${Buffer.alloc(40, 7).toString('base64url')}`;
    const answers = await Promise.all([get(`/pay/${unknown}`), get('/pay/not-a-session'), get(`/pay/${session.sessionId}`, ACME_HOST), get(`/pay/${session.sessionId}`, PLATFORM_HOST)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Payment page not found');
    }
    expect(answers[2].body).not.toContain('Linen Shirt');
    // Another store cannot pay or cancel it either.
    expect((await pay(session.sessionId, '4242 4242 4242 4242', ACME_HOST)).statusCode).toBe(404);
    expect((await cancel(session.sessionId, ACME_HOST)).statusCode).toBe(404);
    expect((await row(demo, session.sessionId)).status).toBe('open');
    expect(p.webhook.received).toEqual([]);
  });
});

describe('paying', () => {
  it('with the success card: a verified completed webhook, then back to the success URL with the session id', async () => {
    const { session, orderId, input } = await newSession();
    const res = await pay(session.sessionId, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://demo.localhost:3000/checkout/success?session_id=${session.sessionId}`);
    expect(p.webhook.received).toHaveLength(1);
    const event = p.webhook.received[0];
    expect(event).toMatchObject({ provider: 'test', type: 'checkout.completed', sessionId: session.sessionId, tenantId: demo, orderId, amountTotal: input.amountTotal });
    expect(event.eventId).toMatch(/^evt_test_/);
    expect(event.paymentReference).toMatch(/^pi_test_/);
    const stored = await row(demo, session.sessionId);
    expect(stored).toMatchObject({ status: 'complete', paymentReference: event.paymentReference });

    // A double submit sends the same event again (same id: the shop applies it once), never a new one.
    const again = await pay(session.sessionId, '4242 4242 4242 4242');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(res.headers.location);
    expect(p.webhook.received).toHaveLength(2);
    expect(p.webhook.received[1]).toEqual(event);

    const page = await get(`/pay/${session.sessionId}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('already paid');
    expect(page.body).toContain(`href="http://demo.localhost:3000/checkout/success?session_id=${session.sessionId}"`);
    expect((await cancel(session.sessionId)).statusCode).toBe(410);
    expect((await row(demo, session.sessionId)).status).toBe('complete');
  });

  it('fills in a {CHECKOUT_SESSION_ID} placeholder in the success URL', async () => {
    const { session } = await newSession({ successUrl: 'http://demo.localhost:3000/checkout/success?order=T-1&sid={CHECKOUT_SESSION_ID}' });
    const res = await pay(session.sessionId, '4242424242424242');
    expect(res.headers.location).toBe(`http://demo.localhost:3000/checkout/success?order=T-1&sid=${session.sessionId}`);
  });

  it('with the decline card: "Your card was declined." and no event; the session stays open', async () => {
    const { session } = await newSession();
    const res = await pay(session.sessionId, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('value="4000 0000 0000 0002"');
    expect(p.webhook.received).toEqual([]);
    expect((await row(demo, session.sessionId)).status).toBe('open');
    // The shopper can still pay with another card.
    expect((await pay(session.sessionId, '4242 4242 4242 4242')).statusCode).toBe(303);
  });

  it('asks again for a missing or invalid card number', async () => {
    const { session } = await newSession();
    const invalid = await pay(session.sessionId, '4242 4242 4242 4241');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Enter a valid card number.');
    expect((await pay(session.sessionId, '')).body).toContain('Enter your card number.');
    const noBody = await p.app.inject({ method: 'POST', url: `/pay/${session.sessionId}`, headers: { host: DEMO_HOST } });
    expect(noBody.statusCode).toBe(422);
    expect(p.webhook.received).toEqual([]);
    expect((await row(demo, session.sessionId)).status).toBe('open');
  });

  it('knows its cards', () => {
    expect(checkTestCard('4242-4242-4242-4242')).toBe('success');
    expect(checkTestCard('4000000000000002')).toEqual({ status: 402, message: 'Your card was declined.' });
    expect(checkTestCard('abcd')).toMatchObject({ status: 422, message: 'Enter a valid card number.' });
    expect(checkTestCard('5555 5555 5555 4444')).toMatchObject({ status: 422, message: expect.stringContaining('4242 4242 4242 4242') });
  });

  it('refuses a form posted from another site', async () => {
    const { session } = await newSession();
    const evil = await formPost(p.app, `/pay/${session.sessionId}`, { card_number: '4242424242424242' }, DEMO_HOST, { origin: 'http://evil.example' });
    expect(evil.statusCode).toBe(403);
    const crossSite = await formPost(p.app, `/pay/${session.sessionId}/cancel`, {}, DEMO_HOST, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await row(demo, session.sessionId)).status).toBe('open');
    expect(p.webhook.received).toEqual([]);
  });

  it('when the shop does not accept the webhook, says so and lets the shopper try again without paying twice', async () => {
    const { session } = await newSession();
    p.webhook.failNext = 1;
    const res = await pay(session.sessionId, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('Try again');
    expect(res.body).toContain(`action="/pay/${session.sessionId}"`);
    const reference = (await row(demo, session.sessionId)).paymentReference;
    // "Try again" posts no card: the session is already paid, so it only re-sends the event.
    const retry = await formPost(p.app, `/pay/${session.sessionId}`, {}, DEMO_HOST);
    expect(retry.statusCode).toBe(303);
    expect(p.webhook.received).toHaveLength(1);
    expect(p.webhook.received[0]).toMatchObject({ type: 'checkout.completed', paymentReference: reference });
  });
});

describe('cancelling and expiry', () => {
  it('Cancel expires the session, sends an expired event and returns to the cart', async () => {
    const { session, orderId } = await newSession();
    const res = await cancel(session.sessionId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://demo.localhost:3000/cart');
    expect(p.webhook.received).toHaveLength(1);
    expect(p.webhook.received[0]).toMatchObject({ type: 'checkout.expired', sessionId: session.sessionId, tenantId: demo, orderId, paymentReference: null });
    expect((await row(demo, session.sessionId)).status).toBe('expired');

    const page = await get(`/pay/${session.sessionId}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
    expect(page.body).toContain('href="http://demo.localhost:3000/cart"');
    const late = await pay(session.sessionId, '4242 4242 4242 4242');
    expect(late.statusCode).toBe(410);
    expect(p.webhook.received.map((e) => e.type)).toEqual(['checkout.expired']);
  });

  it('a session past its time is expired when opened, with one expired event', async () => {
    const { session } = await newSession({ expiresAt: new Date(Date.now() - 1000) });
    expect((await get(`/pay/${session.sessionId}`)).statusCode).toBe(410);
    expect((await pay(session.sessionId, '4242 4242 4242 4242')).statusCode).toBe(410);
    expect(p.webhook.received.map((e) => e.type)).toEqual(['checkout.expired']);
    expect((await row(demo, session.sessionId)).status).toBe('expired');
  });

  it('an expired or already-paid session answers one 410 page per request, with no second reply logged', async () => {
    const cancelled = await newSession();
    await cancel(cancelled.session.sessionId);
    const timedOut = await newSession({ expiresAt: new Date(Date.now() - 1000) });
    const paid = await newSession();
    await pay(paid.session.sessionId, '4242 4242 4242 4242');
    p.webhook.received.length = 0;

    for (const { session } of [cancelled, timedOut]) {
      for (const res of [await get(`/pay/${session.sessionId}`), await pay(session.sessionId, '4242 4242 4242 4242')]) {
        expect(res.statusCode).toBe(410);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toMatch(/^<!doctype html>[\s\S]*<h1>This payment page has expired<\/h1>[\s\S]*<\/html>$/);
        expect(res.body.match(/<html/g)).toHaveLength(1);
        expect(res.body).toContain('>Return to cart</a>');
      }
    }
    const paidPage = await get(`/pay/${paid.session.sessionId}`);
    expect(paidPage.statusCode).toBe(410);
    expect(paidPage.body).toContain('<h1>This order is already paid</h1>');
    expect(paidPage.body).toContain(`href="http://demo.localhost:3000/checkout/success?session_id=${paid.session.sessionId}"`);
    expect((await cancel(paid.session.sessionId)).statusCode).toBe(410);
    // The timed-out session told the shop once, when it was first opened.
    expect(p.webhook.received.map((e) => e.type)).toEqual(['checkout.expired']);
    expect(doubleReplies()).toEqual([]);
  });

  it('expireSession() expires an open session quietly, again is a no-op, and a paid one is refused', async () => {
    const open = await newSession();
    await p.gateway.expireSession(open.session.sessionId);
    await p.gateway.expireSession(open.session.sessionId);
    expect((await row(demo, open.session.sessionId)).status).toBe('expired');
    expect(p.webhook.received).toEqual([]);

    const paid = await newSession();
    await pay(paid.session.sessionId, '4242 4242 4242 4242');
    await expect(p.gateway.expireSession(paid.session.sessionId)).rejects.toBeInstanceOf(PaymentSessionCompleteError);
    await expect(p.gateway.expireSession('cs_test_unknown')).rejects.toBeInstanceOf(PaymentSessionUnknownError);
  });
});

describe('refunds', () => {
  it('tracks the refunded amount and never refunds more than was paid', async () => {
    const { session, input } = await newSession();
    const total = input.amountTotal;
    await expect(p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: 100, idempotencyKey: 'key-1' })).rejects.toMatchObject({ code: 'refund_not_paid' });
    await pay(session.sessionId, '4242 4242 4242 4242');

    const first = await p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: 1000, reason: 'Damaged', idempotencyKey: 'key-2' });
    expect(first).toMatchObject({ amount: 1000 });
    expect(first.refundId).toMatch(/^re_test_/);
    expect((await row(demo, session.sessionId)).refundedAmount).toBe(1000);

    const over = p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: total, idempotencyKey: 'key-3' });
    await expect(over).rejects.toBeInstanceOf(RefundError);
    await expect(p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: total, idempotencyKey: 'key-4' })).rejects.toMatchObject({
      status: 409,
      code: 'refund_too_large',
      message: `A refund of £${(total / 100).toFixed(2)} is more than the £${((total - 1000) / 100).toFixed(2)} left to refund on this payment.`,
    });
    await expect(p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: 0, idempotencyKey: 'key-5' })).rejects.toMatchObject({ code: 'refund_invalid' });

    // Two refunds of the rest at once: one succeeds, one is refused.
    const rest = total - 1000;
    const results = await Promise.allSettled([1, 2].map((n) => p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount: rest, idempotencyKey: `key-6-${n}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await row(demo, session.sessionId)).refundedAmount).toBe(total);
  });
});

describe('refunds asked again with the same key', () => {
  it('answer the refund already made, refund nothing more, and refuse the key for a different refund', async () => {
    const { session } = await newSession();
    await pay(session.sessionId, '4242 4242 4242 4242');
    const ask = (amount: number, idempotencyKey: string) => p.gateway.refund({ sessionId: session.sessionId, paymentReference: null, amount, idempotencyKey });
    const first = await ask(700, 'same-key');
    expect(await ask(700, 'same-key')).toEqual(first);
    // At the same moment too: one refund, answered to both.
    const together = await Promise.all([ask(300, 'twin-key'), ask(300, 'twin-key')]);
    expect(together[0]).toEqual(together[1]);
    expect((await row(demo, session.sessionId)).refundedAmount).toBe(1000);
    await expect(ask(701, 'same-key')).rejects.toMatchObject({ code: 'refund_invalid' });
    // A refused refund keeps nothing: its key can be used again once the refund fits.
    await expect(ask(1_000_000, 'big-key')).rejects.toMatchObject({ code: 'refund_too_large' });
    expect(await ask(100, 'big-key')).toMatchObject({ amount: 100 });
    expect((await row(demo, session.sessionId)).refundedAmount).toBe(1100);
  });
});

describe('test gateway webhooks', () => {
  async function signedDelivery() {
    const { session } = await newSession();
    const stored = await row(demo, session.sessionId);
    return p.gateway.signedEvent(stored, 'checkout.session.expired');
  }
  const verify = (body: string, headers: Record<string, string | string[] | undefined>) => p.gateway.verifyWebhook(Buffer.from(body), headers);

  it('accepts the gateway own signature and reads the event', async () => {
    const { payload, signature, eventId } = await signedDelivery();
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(payload, { [TEST_SIGNATURE_HEADER]: signature })).toMatchObject({ eventId, type: 'checkout.expired', tenantId: demo });
  });

  it('refuses a tampered body, a wrong secret, an old or future timestamp, and a missing or malformed header', async () => {
    const { payload, signature } = await signedDelivery();
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, [string, Record<string, string | string[] | undefined>]> = {
      tampered: [payload.replace(/"amount_total":\d+/, '"amount_total":1'), { [TEST_SIGNATURE_HEADER]: signature }],
      wrongSecret: [payload, { [TEST_SIGNATURE_HEADER]: signTestWebhook('another-secret', payload) }],
      old: [payload, { [TEST_SIGNATURE_HEADER]: signTestWebhook(TEST_WEBHOOK_SECRET, payload, now - 301) }],
      future: [payload, { [TEST_SIGNATURE_HEADER]: signTestWebhook(TEST_WEBHOOK_SECRET, payload, now + 301) }],
      missing: [payload, {}],
      empty: [payload, { [TEST_SIGNATURE_HEADER]: '' }],
      malformed: [payload, { [TEST_SIGNATURE_HEADER]: 'v1=abc' }],
      shortSig: [payload, { [TEST_SIGNATURE_HEADER]: `t=${now},v1=abcd` }],
      twoHeaders: [payload, { [TEST_SIGNATURE_HEADER]: [signature, signature] }],
      notAnEvent: ['{"hello":1}', { [TEST_SIGNATURE_HEADER]: signTestWebhook(TEST_WEBHOOK_SECRET, '{"hello":1}') }],
    };
    for (const [name, [body, headers]] of Object.entries(cases)) {
      expect(() => verify(body, headers), name).toThrow(WebhookSignatureError);
    }
    // Within the window either way is fine.
    expect(() => verify(payload, { [TEST_SIGNATURE_HEADER]: signTestWebhook(TEST_WEBHOOK_SECRET, payload, now - 290) })).not.toThrow();
  });

  it('a forged delivery to the webhook route is refused before it has any effect', async () => {
    const { payload } = await signedDelivery();
    const res = await p.app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signTestWebhook('guess', payload) }, payload });
    expect(res.statusCode).toBe(400);
    expect(p.webhook.received).toEqual([]);
    expect(p.webhook.rejected).toEqual(['Webhook signature does not match.']);
  });
});

describe('success URLs', () => {
  it('adds session_id={CHECKOUT_SESSION_ID} once, before any fragment, keeping the braces unencoded', () => {
    expect(withSessionIdPlaceholder('https://s.test/done')).toBe('https://s.test/done?session_id={CHECKOUT_SESSION_ID}');
    expect(withSessionIdPlaceholder('https://s.test/done?o=1#top')).toBe('https://s.test/done?o=1&session_id={CHECKOUT_SESSION_ID}#top');
    expect(withSessionIdPlaceholder('https://s.test/done?s={CHECKOUT_SESSION_ID}')).toBe('https://s.test/done?s={CHECKOUT_SESSION_ID}');
    expect(successUrlFor('https://s.test/done?o=1', 'cs_test_abc')).toBe('https://s.test/done?o=1&session_id=cs_test_abc');
    expect(successUrlFor('https://s.test/done?s=%7BCHECKOUT_SESSION_ID%7D', 'cs_test_abc')).toBe('https://s.test/done?s=cs_test_abc');
  });
});
