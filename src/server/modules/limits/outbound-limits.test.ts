import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, sessionCookieFrom, signIn, type TestApp } from '../../test/harness';
import { listenLocally, type LocalServer } from '../../test/local-server';
import { FakePushService } from '../../adapters/push/fake-push-service';
import { rowsOf } from '../../db/rows';
import { CRM_API } from '../../../shared/crm/routes';
import { OUTBOUND_LIMITS, OUTBOUND_TEXT, OUTBOUND_WINDOW_MS } from '../../../shared/outbound-limits';
import { TEST_PAYLOAD } from '../../../shared/email-settings';
import { TEST_PUSH_PAYLOAD } from '../../../shared/push';
import { CLAIM_MAX_PER_STORE, CLAIM_TEXT, CLAIM_WINDOW_MS } from '../../../shared/claims';

// Issue 24 item 4 (decision 033): Bark imports, test emails, test pushes and recovery (claim) emails
// each have a per-store and a per-account hourly limit, answered 429 with Retry-After, and a refused
// request sends or fetches nothing. Through the HTTP layer, on PGlite and PostgreSQL alike.

let t: TestApp;
let sheets: LocalServer;
let sheetHits = 0;
let admin: string;
let partner: string;
let acmeAdmin: string;
let sales: string;
const keys = new FakePushService();

const SHEET = 'bark_id,bark_buyer_name,bark_email\nL-1,Lee,lee@example.com\n';

beforeAll(async () => {
  t = await resetTestApp();
  sheets = await listenLocally((_req, res) => {
    sheetHits++;
    res.writeHead(200, { 'content-type': 'text/csv' }).end(SHEET);
  });
  [admin, partner, acmeAdmin, sales] = await Promise.all([
    signIn(t.app, 'admin@demo.test'),
    signIn(t.app, 'partner@demo.test'),
    signIn(t.app, 'admin@acme.test', ACME_HOST),
    signIn(t.app, 'sales@platform.test', PLATFORM_HOST),
  ]);
});
afterAll(() => sheets.close());
// Each test starts with no counted actions.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
  await t.database.db.execute(sql`delete from rate_limit_events`);
  sheetHits = 0;
});

/** A 429 as the UI reads it, with a Retry-After in whole seconds within the window. */
function expectRateLimited(res: LightMyRequestResponse, message: string, windowMs = OUTBOUND_WINDOW_MS) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 120);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/** As if other people of the store had already used `count` of its allowance in this hour. */
async function storeAlreadySpent(bucket: string, tenantId: string, count: number) {
  await t.database.db.execute(sql`insert into rate_limit_events (tenant_id, bucket, key) select ${tenantId}, ${bucket}, 'store' from generate_series(1, ${count})`);
}

const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.database.db.execute(query))[0].n;

describe('Bark imports', () => {
  const importSheet = (cookie: string, host = DEMO_HOST) => call(t.app, 'POST', CRM_API.barkImport, { cookie, host, body: { sheets_url: `${sheets.base}/sheet.csv` } });

  it(`a person may import ${OUTBOUND_LIMITS.barkImport.perAccount} times an hour; the next is 429 and fetches nothing; a colleague still can`, async () => {
    // An address no fetch is tried for is a 400 and is not counted.
    for (const sheets_url of ['not a url', 'ftp://example.com/x.csv']) {
      expect((await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url } })).statusCode).toBe(400);
    }
    for (let i = 0; i < OUTBOUND_LIMITS.barkImport.perAccount; i++) expect((await importSheet(admin)).statusCode, `import ${i + 1}`).toBe(200);
    expect(sheetHits).toBe(OUTBOUND_LIMITS.barkImport.perAccount);
    expectRateLimited(await importSheet(admin), OUTBOUND_TEXT.barkImportAccount);
    expect(sheetHits).toBe(OUTBOUND_LIMITS.barkImport.perAccount);
    expect((await importSheet(partner)).statusCode).toBe(200);
    expect((await importSheet(acmeAdmin, ACME_HOST)).statusCode).toBe(200);
  });

  it(`a sales book may import ${OUTBOUND_LIMITS.barkImport.perStore} times an hour whoever asks; other books are not affected`, async () => {
    await storeAlreadySpent('bark_import_store', t.seed.tenantIds.demo, OUTBOUND_LIMITS.barkImport.perStore - 1);
    expect((await importSheet(admin)).statusCode).toBe(200);
    expectRateLimited(await importSheet(partner), OUTBOUND_TEXT.barkImportStore);
    expect(sheetHits).toBe(1);
    expect((await importSheet(acmeAdmin, ACME_HOST)).statusCode).toBe(200);
    // The platform's own book (no tenant) has its own allowance, and its sales people theirs.
    for (let i = 0; i < OUTBOUND_LIMITS.barkImport.perAccount; i++) expect((await importSheet(sales, PLATFORM_HOST)).statusCode).toBe(200);
    expectRateLimited(await importSheet(sales, PLATFORM_HOST), OUTBOUND_TEXT.barkImportAccount);
  });

  it('imports at the same moment cannot slip past the limit', async () => {
    const results = await Promise.all(Array.from({ length: OUTBOUND_LIMITS.barkImport.perAccount + 5 }, () => importSheet(admin)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(OUTBOUND_LIMITS.barkImport.perAccount);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(sheetHits).toBe(OUTBOUND_LIMITS.barkImport.perAccount);
  });
});

describe('test emails', () => {
  const dispatch = (cookie: string, to: string) =>
    call(t.app, 'POST', '/api/functions/v1/email-dispatch', { cookie, body: { to_email: to, template_key: 'order_shipped', payload: TEST_PAYLOAD } });
  const testMailsTo = (to: string) => count(sql`select count(*)::int as n from email_messages where kind = 'template_test' and to_address = ${to}`);

  it(`a person may send ${OUTBOUND_LIMITS.testEmail.perAccount} an hour; the next is 429 and sends nothing; another admin still can`, async () => {
    for (let i = 0; i < OUTBOUND_LIMITS.testEmail.perAccount; i++) expect((await dispatch(admin, 'outside@example.com')).statusCode, `email ${i + 1}`).toBe(200);
    expectRateLimited(await dispatch(admin, 'outside@example.com'), OUTBOUND_TEXT.testEmailAccount);
    expect(await testMailsTo('outside@example.com')).toBe(OUTBOUND_LIMITS.testEmail.perAccount);
    expect((await dispatch(partner, 'partner@example.com')).statusCode).toBe(200);
  });

  it(`a store may send ${OUTBOUND_LIMITS.testEmail.perStore} an hour whoever sends them; another store is not affected`, async () => {
    await storeAlreadySpent('email_test_store', t.seed.tenantIds.demo, OUTBOUND_LIMITS.testEmail.perStore - 1);
    expect((await dispatch(admin, 'last@example.com')).statusCode).toBe(200);
    expectRateLimited(await dispatch(partner, 'over@example.com'), OUTBOUND_TEXT.testEmailStore);
    expect(await testMailsTo('over@example.com')).toBe(0);
    const acme = await call(t.app, 'POST', '/api/functions/v1/email-dispatch', { cookie: acmeAdmin, host: ACME_HOST, body: { to_email: 'acme@example.com', template_key: 'order_shipped', payload: TEST_PAYLOAD } });
    expect(acme.statusCode).toBe(200);
  });
});

describe('test pushes', () => {
  const subscribe = async (cookie: string) => {
    const res = await call(t.app, 'POST', '/api/functions/v1/push-subscribe', { cookie, body: { endpoint: `https://fcm.googleapis.com/fcm/send/limits-${Math.random()}`, keys: keys.subscribe().keys, kind: 'staff' } });
    expect(res.statusCode).toBe(201);
  };
  const testPush = (cookie: string) => call(t.app, 'POST', '/api/functions/v1/push-send', { cookie, body: { template_key: 'test', kind: 'staff', payload: TEST_PUSH_PAYLOAD } });
  const pushesSent = () => (t.app.deps.push as unknown as { sent: unknown[] }).sent.length;

  beforeAll(async () => {
    await subscribe(admin);
    await subscribe(partner);
  });

  it(`a person may send ${OUTBOUND_LIMITS.testPush.perAccount} an hour; the next is 429 and pushes nothing; another admin still can`, async () => {
    const before = pushesSent();
    for (let i = 0; i < OUTBOUND_LIMITS.testPush.perAccount; i++) expect((await testPush(admin)).statusCode, `push ${i + 1}`).toBe(200);
    expectRateLimited(await testPush(admin), OUTBOUND_TEXT.testPushAccount);
    expect(pushesSent() - before).toBe(OUTBOUND_LIMITS.testPush.perAccount);
    expect((await testPush(partner)).statusCode).toBe(200);
  });

  it(`a store may send ${OUTBOUND_LIMITS.testPush.perStore} an hour whoever sends them`, async () => {
    await storeAlreadySpent('push_test_store', t.seed.tenantIds.demo, OUTBOUND_LIMITS.testPush.perStore - 1);
    expect((await testPush(admin)).statusCode).toBe(200);
    const before = pushesSent();
    expectRateLimited(await testPush(partner), OUTBOUND_TEXT.testPushStore);
    expect(pushesSent()).toBe(before);
  });
});

describe('recovery emails (guest-order claim links)', () => {
  let seq = 0;
  const claim = (cookie: string, email: string) => call(t.app, 'POST', '/api/account/claim-orders', { cookie, body: { email } });
  const newAccount = async () => {
    const n = ++seq;
    const res = await call(t.app, 'POST', '/api/auth/sign-up', { remoteAddress: `192.0.2.${100 + n}`, body: { email: `recovery.${n}.${Date.now()}@example.co.uk`, password: 'long-enough-password' } });
    expect(res.statusCode, res.body).toBe(201);
    return sessionCookieFrom(res);
  };

  it(`a store sends at most ${CLAIM_MAX_PER_STORE} an hour, whichever accounts ask; the next is 429 and sends nothing; another store still can`, async () => {
    const askers = [await newAccount(), await newAccount()];
    await storeAlreadySpent('recovery_store', t.seed.tenantIds.demo, CLAIM_MAX_PER_STORE - 1);
    expect((await claim(askers[0], `last.${seq}@example.com`)).statusCode).toBe(200);
    const refused = `refused.${seq}@example.com`;
    expectRateLimited(await claim(askers[1], refused), CLAIM_TEXT.rateLimitedStore, CLAIM_WINDOW_MS);
    expect(await count(sql`select count(*)::int as n from email_messages where to_address = ${refused}`)).toBe(0);
    // Refused by the store's limit, the request counted against neither the account nor the address:
    // only the first claim's two rows are there.
    expect(await count(sql`select count(*)::int as n from platform_rate_limit_events where bucket in ('recovery_account', 'recovery_email')`)).toBe(2);
    const acme = await call(t.app, 'POST', '/api/account/claim-orders', { host: ACME_HOST, cookie: askers[1], body: { email: refused } });
    expect(acme.statusCode).toBe(200);
  });
});
