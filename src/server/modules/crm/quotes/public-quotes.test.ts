import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { CRM_API, quotePagePath } from '../../../../shared/crm/routes';
import type { Quote } from '../../../../shared/crm/quotes';
import { insertLead, quoteBody } from '../../../test/quote-fixtures';

// The public proposal (storefront spec §2): read by its link on its own book's host only, a true 404
// page otherwise, views counted only by the page's HTML load (issue 16).

let t: TestApp;
let demoAdmin: string;
let sales: string;
let demoQuote: Quote;
let platformQuote: Quote;

const adminQuote = async (q: Quote, host: string, cookie: string) => (await call(t.app, 'GET', CRM_API.quote(q.id), { host, cookie })).json().quote as Quote;

beforeAll(async () => {
  t = await resetTestApp();
  demoAdmin = await signIn(t.app, 'admin@demo.test', DEMO_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
  const demoLead = await insertLead(t, t.seed.tenantIds.demo);
  const platformLead = await insertLead(t, null, 'Grace Hopper', null);
  demoQuote = (await call(t.app, 'POST', CRM_API.quotes, { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(demoLead) })).json().quote;
  platformQuote = (await call(t.app, 'POST', CRM_API.quotes, { host: PLATFORM_HOST, cookie: sales, body: quoteBody(platformLead, { header_title: 'Platform proposal' }) })).json().quote;
});

describe('public quote data', () => {
  it('answers the quote on its own host, with who sent it and whether it can be paid, without counting a view', async () => {
    const res = await call(t.app, 'GET', CRM_API.publicQuote(demoQuote.unique_url), { host: DEMO_HOST });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const q = res.json().quote;
    expect(q).toMatchObject({ unique_url: demoQuote.unique_url, from_name: 'Demo Store', client: { name: 'Ada Lovelace', company: 'Analytical Ltd' }, total_amount: 7980, deposit_amount: 3192, can_pay: true, paid_at: null });
    expect(q).not.toHaveProperty('id');
    expect(q).not.toHaveProperty('view_count');
    const platform = (await call(t.app, 'GET', CRM_API.publicQuote(platformQuote.unique_url), { host: PLATFORM_HOST })).json().quote;
    expect(platform).toMatchObject({ from_name: 'Shopfront', client: { name: 'Grace Hopper', company: null } });
    expect((await adminQuote(demoQuote, DEMO_HOST, demoAdmin)).view_count).toBe(0);
  });

  it('is not found on any other host, or for an unknown or malformed link', async () => {
    const misses: [string, string][] = [
      [demoQuote.unique_url, ACME_HOST],
      [demoQuote.unique_url, PLATFORM_HOST],
      [platformQuote.unique_url, DEMO_HOST],
      ['AAAAAAAAAAAAAAAAAAAAAA', DEMO_HOST],
      ['short', DEMO_HOST],
      [`${demoQuote.unique_url}x`, DEMO_HOST],
      ["' or 1=1 --", DEMO_HOST],
      ['x'.repeat(300), DEMO_HOST],
    ];
    for (const [url, host] of misses) {
      const res = await call(t.app, 'GET', CRM_API.publicQuote(url), { host });
      expect(res.statusCode, `${url} on ${host}`).toBe(404);
      expect(res.statusCode === 404 && res.json().error.message.length > 0).toBe(true);
    }
  });
});

describe('the proposal page /quote/{uniqueUrl}', () => {
  it('serves a noindex head with the title, and counts the view on the HTML load only', async () => {
    const page = await call(t.app, 'GET', quotePagePath(demoQuote.unique_url), { host: DEMO_HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Your new online shop | Demo Store</title>');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.body).toMatch(/<meta name="description" content="[^"]+"/);
    const after = await adminQuote(demoQuote, DEMO_HOST, demoAdmin);
    expect(after.view_count).toBe(1);
    expect(after.viewed_at).not.toBeNull();
    // The page's data request and a HEAD do not count.
    await call(t.app, 'GET', CRM_API.publicQuote(demoQuote.unique_url), { host: DEMO_HOST });
    await call(t.app, 'HEAD', quotePagePath(demoQuote.unique_url), { host: DEMO_HOST });
    expect((await adminQuote(demoQuote, DEMO_HOST, demoAdmin)).view_count).toBe(1);
  });

  it('is a true 404 with noindex for an unknown link or another book\'s link, counting nothing', async () => {
    for (const [url, host] of [
      ['AAAAAAAAAAAAAAAAAAAAAA', DEMO_HOST],
      [demoQuote.unique_url, ACME_HOST],
      [demoQuote.unique_url, PLATFORM_HOST],
      [platformQuote.unique_url, DEMO_HOST],
    ]) {
      const page = await call(t.app, 'GET', `/quote/${url}`, { host });
      expect(page.statusCode, `${url} on ${host}`).toBe(404);
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(page.body).toContain('Quote not found');
    }
    const broken = await call(t.app, 'GET', '/quote/%E0%A4%A', { host: DEMO_HOST });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await adminQuote(demoQuote, DEMO_HOST, demoAdmin)).view_count).toBe(1);
    const platformPage = await call(t.app, 'GET', quotePagePath(platformQuote.unique_url), { host: PLATFORM_HOST });
    expect(platformPage.statusCode).toBe(200);
    expect(platformPage.body).toContain('<title>Platform proposal | Shopfront</title>');
    expect((await adminQuote(platformQuote, PLATFORM_HOST, sales)).view_count).toBe(1);
  });
});

describe('deposit session (payment test double)', () => {
  it("opens a session for the deposit into the store's ready account, or the platform's", async () => {
    const res = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(demoQuote.unique_url), { host: DEMO_HOST });
    expect(res.statusCode, res.body).toBe(200);
    const session = t.payments.deposits.at(-1)!;
    expect(res.json().url).toBe(`https://pay.example/${session.sessionId}`);
    expect(session).toMatchObject({ tenantId: t.seed.tenantIds.demo, quoteId: demoQuote.id, amount: 319200, currency: 'gbp', payeeName: 'Demo Store' });
    expect(session.destinationAccount).toMatch(/^acct_test_/);
    expect(session.returnUrl).toBe(`http://demo.localhost:3000/quote/${demoQuote.unique_url}`);

    // Asked again, the open session is answered again: one open session per quote (decision 029).
    const again = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(demoQuote.unique_url), { host: DEMO_HOST });
    expect(again.json().url).toBe(res.json().url);
    expect(t.payments.deposits.filter((d) => d.quoteId === demoQuote.id)).toHaveLength(1);
    expect(t.payments.expired).not.toContain(session.sessionId);

    const platform = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(platformQuote.unique_url), { host: PLATFORM_HOST });
    expect(platform.statusCode, platform.body).toBe(200);
    expect(t.payments.deposits.at(-1)).toMatchObject({ tenantId: null, quoteId: platformQuote.id, destinationAccount: null, payeeName: 'Shopfront' });
  });

  it('refuses another host, unknown links, a zero deposit and a provider failure with 4xx/502', async () => {
    expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit(demoQuote.unique_url), { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit(demoQuote.unique_url), { host: PLATFORM_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit('nope'), { host: DEMO_HOST })).statusCode).toBe(404);
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Zero Pounds');
    const free = (await call(t.app, 'POST', CRM_API.quotes, { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(lead, { base_price_custom: 0, selected_features: [] }) })).json().quote as Quote;
    expect((await call(t.app, 'GET', CRM_API.publicQuote(free.unique_url), { host: DEMO_HOST })).json().quote.can_pay).toBe(false);
    const zero = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(free.unique_url), { host: DEMO_HOST });
    expect(zero.statusCode).toBe(409);
    const fresh = (await call(t.app, 'POST', CRM_API.quotes, { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(lead) })).json().quote as Quote;
    t.payments.failNext = true;
    const down = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(fresh.unique_url), { host: DEMO_HOST });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('payment_unavailable');
    // The failed start let go of its claim: the next one opens a session at once.
    expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit(fresh.unique_url), { host: DEMO_HOST })).statusCode).toBe(200);
  });
});

describe('a start that died while opening a session', () => {
  it('blocks nobody once its claim has lapsed: the next start opens the session', async () => {
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Crashed Start');
    const quote = (await call(t.app, 'POST', CRM_API.quotes, { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(lead) })).json().quote as Quote;
    // As a process leaves it when it dies between claiming and recording: a claim, no session.
    await t.database.db.execute(sql`update quotes set deposit_opening_until = now() - interval '1 second', deposit_opening_token = gen_random_uuid() where id = ${quote.id}::uuid`);
    const res = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.payments.deposits.filter((d) => d.quoteId === quote.id)).toHaveLength(1);
  });
});

describe('deposit attempts are limited per quote', () => {
  it('answers 429 with Retry-After after ten sessions in ten minutes; answering the open one again costs nothing', async () => {
    const lead = await insertLead(t, t.seed.tenantIds.demo, 'Many Tabs');
    const quote = (await call(t.app, 'POST', CRM_API.quotes, { host: DEMO_HOST, cookie: demoAdmin, body: quoteBody(lead) })).json().quote as Quote;
    for (let i = 0; i < 15; i++) expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(200);
    expect(t.payments.deposits.filter((d) => d.quoteId === quote.id)).toHaveLength(1);
    // Each session running out makes the next start open another: the tenth is the last allowed.
    const lapse = () => t.database.db.execute(sql`update quotes set payment_session_expires_at = now() where id = ${quote.id}::uuid`);
    for (let i = 1; i < 10; i++) {
      await lapse();
      expect((await call(t.app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST })).statusCode).toBe(200);
    }
    expect(t.payments.deposits.filter((d) => d.quoteId === quote.id)).toHaveLength(10);
    await lapse();
    const limited = await call(t.app, 'POST', CRM_API.publicQuoteDeposit(quote.unique_url), { host: DEMO_HOST });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('webhook routing', () => {
  it('refunds a deposit payment whose amount is not the deposit, and records it on the quote (test double)', async () => {
    const session = t.payments.deposits.find((d) => d.quoteId === demoQuote.id)!;
    const event = {
      provider: 'test', eventId: 'evt_wrong_amount', type: 'checkout.completed', sessionId: session.sessionId, tenantId: t.seed.tenantIds.demo,
      orderId: null, quoteId: demoQuote.id, paymentReference: 'pi_x', amountTotal: 1,
    };
    const payload = JSON.stringify(event);
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { host: DEMO_HOST, 'content-type': 'application/json', 'x-fake-signature': t.payments.sign(payload) }, payload });
    expect(res.json()).toEqual({ received: true, outcome: 'refunded' });
    expect((await adminQuote(demoQuote, DEMO_HOST, demoAdmin)).paid_at).toBeNull();
    expect(t.payments.refundCalls.filter((c) => c.sessionId === session.sessionId)).toMatchObject([{ amount: 1, paymentReference: 'pi_x' }]);
    const detail = (await call(t.app, 'GET', CRM_API.quote(demoQuote.id), { host: DEMO_HOST, cookie: demoAdmin })).json();
    expect(detail.history.map((e: { type: string }) => e.type).slice(0, 2)).toEqual(['stray_payment_refunded', 'stray_payment']);
  });
});
