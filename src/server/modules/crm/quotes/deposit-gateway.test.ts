import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../../db/rows';
import { DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { appWithPayments } from '../../../test/app-with-payments';
import { formPost } from '../../../test/pay-test-app';
import { TestGateway, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_URL } from '../../../adapters/payments/test-gateway';
import { DEPOSIT_PAGE_TEXT } from '../../../adapters/payments/test-gateway-deposit-pages';
import { RefundError } from '../../../adapters/payments/errors';
import { reconcileStrayRefunds, STRAY_RETRY_AFTER_MS } from '../../payments';
import { STRAY_SUBJECTS, strayRefundDeps } from '../../../app';
import type { Quote } from '../../../../shared/crm/quotes';
import { createQuote, insertLead, lapseDepositSession, outboxOf, quoteHistory, startDeposit, strayRecords } from '../../../test/quote-fixtures';

// The built-in test gateway behaves as a provider does (issue 24 item 1, decision 029): one open
// session per quote, a superseded session can no longer be paid, a second payment is refunded through
// the gateway itself, and a refund whose provider call failed is settled by the reconciler.

const SECRET = 'deposit-gateway-webhook-secret';
const CARD = { card_number: '4242 4242 4242 4242' };
let t: TestApp;
let app: FastifyInstance;
let gateway: TestGateway;
/** Refund calls that fail as an unreachable provider would, before the gateway is asked. */
let failRefunds = 0;
/** Refund calls the provider refuses (a RefundError), before the gateway is asked. */
let refuseRefunds = 0;
let admin: string;
let sales: string;
let lead: string;

beforeAll(async () => {
  t = await resetTestApp();
  gateway = new TestGateway(t.scopes, SECRET);
  // The same gateway (its pay pages too), with refund() failing on demand.
  const flaky = Object.create(gateway) as TestGateway;
  flaky.refund = async (input) => {
    if (refuseRefunds > 0) {
      refuseRefunds--;
      throw new RefundError('refund_failed', 'The card issuer refused the refund.');
    }
    if (failRefunds > 0) {
      failRefunds--;
      throw new Error('connect ETIMEDOUT (test gateway unreachable)');
    }
    return gateway.refund(input);
  };
  app = await appWithPayments(t, flaky, SECRET);
  admin = await signIn(app, 'admin@demo.test', DEMO_HOST);
  sales = await signIn(app, 'sales@platform.test', PLATFORM_HOST);
  lead = await insertLead(t, t.seed.tenantIds.demo);
});
afterAll(async () => app?.close());

const sessionIdOf = (url: string) => new URL(url).pathname.replace('/pay/', '');
const sessionsOf = async (quote: Quote) =>
  rowsOf<{ id: string; status: string; refunded_amount: number; amount: number }>(
    await t.database.db.execute(sql`select id, status, refunded_amount, amount from test_deposit_sessions where quote_id = ${quote.id}::uuid order by created_at`),
  );
const pay = (sessionId: string, host = DEMO_HOST) => formPost(app, `/pay/${sessionId}`, CARD, host);

describe('deposit sessions of the built-in test gateway', () => {
  it('ten concurrent starts for one quote leave one open session, and every caller gets its page', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const answers = await Promise.all(Array.from({ length: 10 }, () => startDeposit(app, quote, DEMO_HOST)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().url)).size).toBe(1);
    const sessions = await sessionsOf(quote);
    expect(sessions).toEqual([expect.objectContaining({ id: sessionIdOf(answers[0].json().url), status: 'open' })]);
  });

  it('refuses to take a payment on a superseded session: its pay page answers 410 and sends nothing', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const old = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    expect((await app.inject({ method: 'GET', url: `/pay/${old}`, headers: { host: DEMO_HOST } })).statusCode).toBe(200);
    await lapseDepositSession(t, quote.id);
    const current = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    expect((await sessionsOf(quote)).map((s) => [s.id, s.status])).toEqual([[old, 'expired'], [current, 'open']]);

    const page = await app.inject({ method: 'GET', url: `/pay/${old}`, headers: { host: DEMO_HOST } });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(DEPOSIT_PAGE_TEXT.closedTitle);
    const attempt = await pay(old);
    expect(attempt.statusCode).toBe(410);
    expect((await sessionsOf(quote))[0].status).toBe('expired');
    expect((await quoteHistory(app, quote, DEMO_HOST, admin)).map((e) => e.type)).not.toContain('deposit_paid');

    // The current page pays once; paying it again is the same payment, not a second one.
    expect((await pay(current)).statusCode).toBe(303);
    expect((await pay(current)).statusCode).toBe(303);
    const history = await quoteHistory(app, quote, DEMO_HOST, admin);
    expect(history.filter((e) => e.type === 'deposit_paid')).toHaveLength(1);
    expect(history.map((e) => e.type)).not.toContain('stray_payment');
    expect((await app.inject({ method: 'GET', url: `/pay/${current}`, headers: { host: DEMO_HOST } })).body).toContain(DEPOSIT_PAGE_TEXT.paidTitle);
  });

  it('a second payment (a forced second session) is refunded through the gateway, recorded and told; a repeated webhook refunds nothing more', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const current = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    // A second session the quote never recorded, as a provider-side duplicate would be.
    const forced = await gateway.createDepositSession({
      tenantId: t.seed.tenantIds.demo, quoteId: quote.id, payeeName: 'Demo Store', description: 'Deposit: forced', amount: 319200, currency: 'gbp',
      returnUrl: `http://${DEMO_HOST}/quote/${quote.unique_url}`, expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await pay(current)).statusCode).toBe(303);
    expect((await pay(forced.sessionId)).statusCode).toBe(303);

    const [record] = await strayRecords(t, quote.id);
    expect(record).toMatchObject({ session_id: forced.sessionId, reason: 'already_paid', state: 'succeeded', amount: 319200, refunded_amount: 319200 });
    expect(record.provider_refund_id).toMatch(/^re_test_/);
    const sessions = Object.fromEntries((await sessionsOf(quote)).map((s) => [s.id, s]));
    expect(sessions[forced.sessionId]).toMatchObject({ status: 'complete', refunded_amount: 319200 });
    expect(sessions[current]).toMatchObject({ status: 'complete', refunded_amount: 0 });
    expect((await quoteHistory(app, quote, DEMO_HOST, admin)).map((e) => e.type).slice(0, 3)).toEqual(['stray_payment_refunded', 'stray_payment', 'deposit_paid']);
    expect((await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(forced.sessionId))).toHaveLength(2);
    // Its page says the payment went back, not that the deposit is paid; paying it again sends nothing.
    const page = await app.inject({ method: 'GET', url: `/pay/${forced.sessionId}`, headers: { host: DEMO_HOST } });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(DEPOSIT_PAGE_TEXT.refundedTitle);
    expect((await pay(forced.sessionId)).statusCode).toBe(410);

    // The gateway's completed event delivered again: the record is found, nothing more is refunded.
    const row = (await gateway.deposits.find(forced.sessionId, t.seed.tenantIds.demo))!;
    const signed = gateway.deposits.signedEvent(row);
    const again = await app.inject({ method: 'POST', url: TEST_WEBHOOK_URL, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed.signature }, payload: signed.payload });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await strayRecords(t, quote.id)).toHaveLength(1);
    expect((await sessionsOf(quote)).find((s) => s.id === forced.sessionId)!.refunded_amount).toBe(319200);
  });

  it("a platform quote's second payment is refunded in the platform's book, and its owners are emailed", async () => {
    const platformLead = await insertLead(t, null, 'Grace Hopper', null);
    const quote = await createQuote(app, PLATFORM_HOST, sales, platformLead, { payment_structure: 'payment_plan', selected_features: [] });
    const first = sessionIdOf((await startDeposit(app, quote, PLATFORM_HOST)).json().url);
    await lapseDepositSession(t, quote.id);
    const second = sessionIdOf((await startDeposit(app, quote, PLATFORM_HOST)).json().url);
    // The superseded session is not payable; a forced one on the platform's book is.
    expect((await pay(first, PLATFORM_HOST)).statusCode).toBe(410);
    const forced = await gateway.createDepositSession({
      tenantId: null, quoteId: quote.id, payeeName: 'Shopfront', description: 'Deposit', amount: 137500, currency: 'gbp',
      returnUrl: `http://${PLATFORM_HOST}/quote/${quote.unique_url}`, expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await pay(second, PLATFORM_HOST)).statusCode).toBe(303);
    expect((await pay(forced.sessionId, PLATFORM_HOST)).statusCode).toBe(303);
    expect(await strayRecords(t, quote.id)).toEqual([expect.objectContaining({ tenant_id: null, session_id: forced.sessionId, state: 'succeeded', refunded_amount: 137500 })]);
    expect((await quoteHistory(app, quote, PLATFORM_HOST, sales))[0].type).toBe('stray_payment_refunded');
    // The platform's own mail: no store, to PLATFORM_OWNER_EMAILS; no store's outbox can read it.
    const mail = (await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(forced.sessionId));
    expect(mail).toEqual([expect.objectContaining({ tenant_id: null, to_address: 'owner@platform.test', subject: 'Payment refunded automatically: the quote “Your new online shop” for Grace Hopper' })]);
    const seenByStore = await t.scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, ({ tx }) => tx.execute(sql`select count(*)::int as n from email_messages where tenant_id is null`));
    expect(rowsOf<{ n: number }>(seenByStore)[0].n).toBe(0);
  });

  it('a refund whose provider call failed stays pending, and the reconciler settles it once under the same key', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const current = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    const forced = await gateway.createDepositSession({
      tenantId: t.seed.tenantIds.demo, quoteId: quote.id, payeeName: 'Demo Store', description: 'Deposit', amount: 319200, currency: 'gbp',
      returnUrl: `http://${DEMO_HOST}/quote/${quote.unique_url}`, expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await pay(current)).statusCode).toBe(303);
    failRefunds = 2; // the first try and its one retry
    expect((await pay(forced.sessionId)).statusCode).toBe(303);
    const [pending] = await strayRecords(t, quote.id);
    expect(pending).toMatchObject({ state: 'pending', refunded_amount: null });
    expect((await sessionsOf(quote)).find((s) => s.id === forced.sessionId)!.refunded_amount).toBe(0);
    expect((await quoteHistory(app, quote, DEMO_HOST, admin))[0].type).toBe('stray_payment');
    expect((await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(forced.sessionId))).toHaveLength(0);

    const deps = strayRefundDeps(app.deps, app.log);
    // Too soon: the webhook that made it may still be asking.
    expect(await reconcileStrayRefunds(deps, STRAY_SUBJECTS)).toEqual([]);
    const later = new Date(Date.now() + STRAY_RETRY_AFTER_MS + 60_000);
    expect(await reconcileStrayRefunds(deps, STRAY_SUBJECTS, later)).toEqual(['refunded']);
    expect(await strayRecords(t, quote.id)).toEqual([expect.objectContaining({ id: pending.id, state: 'succeeded', refunded_amount: 319200 })]);
    expect((await sessionsOf(quote)).find((s) => s.id === forced.sessionId)!.refunded_amount).toBe(319200);
    const history = await quoteHistory(app, quote, DEMO_HOST, admin);
    expect(history[0]).toMatchObject({ type: 'stray_payment_refunded' });
    expect(history[0].message).toContain('(confirmed by the payment provider on a later try)');
    expect((await outboxOf(t, 'stray_payment_refunded')).filter((m) => m.text.includes(forced.sessionId))).toHaveLength(2);
    // Settled: a second round (another instance, a minute later) finds nothing to do.
    expect(await reconcileStrayRefunds(deps, STRAY_SUBJECTS, new Date(later.getTime() + STRAY_RETRY_AFTER_MS + 60_000))).toEqual([]);
  });

  it('a refund the provider refuses is closed with what to do; one left unanswered for a day is given up', async () => {
    const quote = await createQuote(app, DEMO_HOST, admin, lead);
    const current = sessionIdOf((await startDeposit(app, quote, DEMO_HOST)).json().url);
    const forced = (amount: number) =>
      gateway.createDepositSession({
        tenantId: t.seed.tenantIds.demo, quoteId: quote.id, payeeName: 'Demo Store', description: 'Deposit', amount, currency: 'gbp',
        returnUrl: `http://${DEMO_HOST}/quote/${quote.unique_url}`, expiresAt: new Date(Date.now() + 3_600_000),
      });
    expect((await pay(current)).statusCode).toBe(303);
    const refused = await forced(319200);
    refuseRefunds = 1;
    expect((await pay(refused.sessionId)).statusCode).toBe(303);
    expect(await strayRecords(t, quote.id)).toEqual([expect.objectContaining({ session_id: refused.sessionId, state: 'failed', refunded_amount: null })]);
    const history = await quoteHistory(app, quote, DEMO_HOST, admin);
    expect(history[0]).toMatchObject({ type: 'stray_payment_refund_failed' });
    expect(history[0].message).toContain('could not be refunded automatically: The card issuer refused the refund. Refund it by hand with the test gateway (payment pi_test_');
    const told = (await outboxOf(t, 'stray_payment_refund_failed')).filter((m) => m.text.includes(refused.sessionId));
    expect(told.map((m) => m.subject)).toEqual(Array(2).fill('Refund needed: a payment for the quote “Your new online shop” for Ada Lovelace'));

    // No answer at all, for longer than the provider keeps idempotency keys: given up, and said so.
    const silent = await forced(100000);
    failRefunds = 2;
    expect((await pay(silent.sessionId)).statusCode).toBe(303);
    const deps = strayRefundDeps(app.deps, app.log);
    expect(await reconcileStrayRefunds(deps, STRAY_SUBJECTS, new Date(Date.now() + 24 * 60 * 60_000))).toEqual(['failed']);
    expect((await strayRecords(t, quote.id)).find((r) => r.session_id === silent.sessionId)).toMatchObject({ reason: 'already_paid', state: 'failed', refunded_amount: null });
    expect((await quoteHistory(app, quote, DEMO_HOST, admin))[0].message).toContain('the payment provider gave no answer for a day (last error: connect ETIMEDOUT (test gateway unreachable)).');
    expect((await sessionsOf(quote)).find((s) => s.id === silent.sessionId)!.refunded_amount).toBe(0);
  });
});
