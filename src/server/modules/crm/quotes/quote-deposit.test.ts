import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { appWithPayments } from '../../../test/app-with-payments';
import { formPost } from '../../../test/pay-test-app';
import { TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../../adapters/payments/test-gateway';
import { CRM_API } from '../../../../shared/crm/routes';
import type { Quote } from '../../../../shared/crm/quotes';
import { insertLead, quoteBody, quoteHistory, strayRecords } from '../../../test/quote-fixtures';

// A quote's deposit end to end through the built-in gateway (decision 028): the page's POST opens a
// session, the pay page takes the test card and sends the signed webhook, the CRM sets paid_at once.

const SECRET = 'quote-deposit-webhook-secret';
let t: TestApp;
let app: FastifyInstance;
let gateway: TestGateway;
let demoAdmin: string;
let sales: string;
let demoLead: string;

beforeAll(async () => {
  t = await resetTestApp();
  gateway = new TestGateway(t.scopes, SECRET);
  app = await appWithPayments(t, gateway, SECRET);
  demoAdmin = await signIn(app, 'admin@demo.test', DEMO_HOST);
  sales = await signIn(app, 'sales@platform.test', PLATFORM_HOST);
  demoLead = await insertLead(t, t.seed.tenantIds.demo);
});
afterAll(async () => app?.close());

const newQuote = async (host: string, cookie: string, lead: string, over = {}) => {
  const res = await call(app, 'POST', CRM_API.quotes, { host, cookie, body: quoteBody(lead, over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().quote as Quote;
};
const sessionOf = async (q: Quote, host: string) => {
  const res = await call(app, 'POST', CRM_API.publicQuoteDeposit(q.unique_url), { host });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url as string);
  return { url, sessionId: url.pathname.replace('/pay/', '') };
};
const list = async (host: string, cookie: string) => (await call(app, 'GET', CRM_API.quotes, { host, cookie })).json() as { quotes: Quote[]; revenue: number };

describe('paying a deposit with the test gateway', () => {
  it('pays once, returns to the proposal, and counts in revenue; a repeated webhook does nothing', async () => {
    const quote = await newQuote(DEMO_HOST, demoAdmin, demoLead);
    const { url, sessionId } = await sessionOf(quote, DEMO_HOST);
    expect(url.host).toBe(DEMO_HOST);
    expect(sessionId).toMatch(/^cq_test_[A-Za-z0-9_-]+$/);

    const page = await call(app, 'GET', url.pathname, { host: DEMO_HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('£3,192.00');
    expect(page.body).toContain('Pay Demo Store');
    expect(page.body).not.toContain('Delivery');
    // Another store's host, or the platform's, does not know the session; a changed id is not a session.
    expect((await call(app, 'GET', url.pathname, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(app, 'GET', url.pathname, { host: PLATFORM_HOST })).statusCode).toBe(404);
    const tampered = `${url.pathname.slice(0, -3)}${url.pathname.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await call(app, 'GET', tampered, { host: DEMO_HOST })).statusCode).toBe(404);

    const declined = await formPost(app, url.pathname, { card_number: '4000000000000002' }, DEMO_HOST);
    expect(declined.statusCode).toBe(402);
    expect((await list(DEMO_HOST, demoAdmin)).revenue).toBe(0);

    const paid = await formPost(app, url.pathname, { card_number: '4242 4242 4242 4242' }, DEMO_HOST);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/quote/${quote.unique_url}?paid=1&session_id=${sessionId}`);

    const after = await list(DEMO_HOST, demoAdmin);
    const row = after.quotes.find((q) => q.id === quote.id)!;
    expect(row.paid_at).not.toBeNull();
    expect(after.revenue).toBe(3192);
    const pub = (await call(app, 'GET', CRM_API.publicQuote(quote.unique_url), { host: DEMO_HOST })).json().quote;
    expect(pub).toMatchObject({ can_pay: false, paid_at: row.paid_at });

    // A repeat submit re-sends the same signed event: the quote was paid once, at the same time.
    expect((await formPost(app, url.pathname, { card_number: '4242424242424242' }, DEMO_HOST)).statusCode).toBe(303);
    const signed = gateway.deposits.signedEvent((await gateway.deposits.find(sessionId, t.seed.tenantIds.demo))!);
    const again = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature }, payload: signed.payload });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await list(DEMO_HOST, demoAdmin)).quotes.find((q) => q.id === quote.id)!.paid_at).toBe(row.paid_at);
    expect((await list(DEMO_HOST, demoAdmin)).revenue).toBe(3192);

    // Paid: no second deposit, no edit, no delete.
    expect((await call(app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(409);
    expect((await call(app, 'PUT', CRM_API.quote(quote.id), { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(demoLead) })).statusCode).toBe(409);
    const del = await call(app, 'DELETE', CRM_API.quote(quote.id), { host: DEMO_HOST, cookie: demoAdmin });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('This quote has been paid and cannot be deleted.');
  });

  it("pays a platform quote on the platform host; revenue stays in each book", async () => {
    const lead = await insertLead(t, null, 'Grace Hopper', null);
    const quote = await newQuote(PLATFORM_HOST, sales, lead, { payment_structure: 'payment_plan', selected_features: [] });
    expect(quote.deposit_amount).toBe(1375);
    const { url } = await sessionOf(quote, PLATFORM_HOST);
    expect(url.host).toBe(PLATFORM_HOST);
    expect((await call(app, 'GET', url.pathname, { host: DEMO_HOST })).statusCode).toBe(404);
    const paid = await formPost(app, url.pathname, { card_number: '4242424242424242' }, PLATFORM_HOST);
    expect(paid.statusCode).toBe(303);
    expect((await list(PLATFORM_HOST, sales)).revenue).toBe(1375);
    expect((await list(DEMO_HOST, demoAdmin)).revenue).toBe(3192);
  });

  it('refunds a payment whose amount is no longer the deposit, and the client can then pay the new one', async () => {
    const quote = await newQuote(DEMO_HOST, demoAdmin, demoLead, { header_title: 'Changed after the session' });
    const { sessionId } = await sessionOf(quote, DEMO_HOST);
    // The quote's prices change after the client opened the pay page: the old amount no longer pays it.
    expect((await call(app, 'PUT', CRM_API.quote(quote.id), { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(demoLead, { selected_features: [] }) })).statusCode).toBe(200);
    const paid = await formPost(app, `/pay/${sessionId}`, { card_number: '4242424242424242' }, DEMO_HOST);
    expect(paid.statusCode).toBe(303);
    expect((await list(DEMO_HOST, demoAdmin)).quotes.find((q) => q.id === quote.id)!.paid_at).toBeNull();
    expect(await strayRecords(t, quote.id)).toEqual([expect.objectContaining({ session_id: sessionId, reason: 'amount_mismatch', amount: 319200, state: 'succeeded', refunded_amount: 319200 })]);
    const [mismatch] = (await quoteHistory(app, quote, DEMO_HOST, demoAdmin)).filter((e) => e.type === 'stray_payment');
    expect(mismatch.message).toBe(`A payment of £3,192.00 (the test gateway session ${sessionId}) arrived that is not the £3,000.00 due for this quote's deposit. It is being refunded to the payer automatically.`);

    // That session is done with: the next start opens one for today's deposit, which pays the quote.
    const next = await sessionOf(quote, DEMO_HOST);
    expect(next.sessionId).not.toBe(sessionId);
    expect((await formPost(app, next.url.pathname, { card_number: '4242424242424242' }, DEMO_HOST)).statusCode).toBe(303);
    expect((await list(DEMO_HOST, demoAdmin)).quotes.find((q) => q.id === quote.id)!.paid_at).not.toBeNull();
  });

  it('refuses a badly signed or malformed deposit event with 400', async () => {
    const bad = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: 't=1,v1=00' }, payload: '{"id":"evt_test_x"}' });
    expect(bad.statusCode).toBe(400);
  });
});
