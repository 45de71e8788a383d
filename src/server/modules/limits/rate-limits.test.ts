import { beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { rowsOf } from '../../db/rows';
import {
  AUTH_TEXT,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_MAX_PER_ADDRESS,
  SIGN_UP_WINDOW_MS,
} from '../../../shared/auth';
import { CLAIM_MAX_PER_ACCOUNT, CLAIM_MAX_PER_EMAIL, CLAIM_TEXT, CLAIM_WINDOW_MS } from '../../../shared/claims';

// Issue 11 item 5: the database-backed limits (decisions 001 and 011). Each is shown to stop what it
// is for, to answer 429 rate_limited with the words the UI shows and a Retry-After, and to leave
// other addresses and accounts alone. On PGlite and PostgreSQL alike (the limiter is SQL).

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});
// Each test starts with no counted actions (the demo accounts stay).
beforeEach(async () => {
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
  await t.database.db.execute(sql`delete from sign_in_failures`);
  await t.database.db.execute(sql`delete from rate_limit_events`);
});

let seq = 0;
const freshEmail = (what = 'person') => `${what}.${++seq}.${Date.now()}@example.co.uk`;
const signUp = (email: string, remoteAddress: string, host = DEMO_HOST) =>
  call(t.app, 'POST', '/api/auth/sign-up', { host, remoteAddress, body: { email, password: 'long-enough-password' } });
const signIn = (email: string, password: string, remoteAddress: string) => call(t.app, 'POST', '/api/auth/sign-in', { remoteAddress, body: { email, password } });
const claim = (cookie: string, email: string, host = DEMO_HOST) => call(t.app, 'POST', '/api/account/claim-orders', { host, cookie, body: { email } });
const claimEmailsTo = async (address: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from email_messages where kind = 'order_claim' and to_address = ${address}`))[0].n;

/** A 429 as the UI reads it, with a Retry-After that is whole seconds within the window. */
function expectRateLimited(res: LightMyRequestResponse, message: string, windowMs: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  return retryAfter;
}

async function newAccount(remoteAddress: string): Promise<string> {
  const res = await signUp(freshEmail('shopper'), remoteAddress);
  expect(res.statusCode, res.body).toBe(201);
  return sessionCookieFrom(res);
}

describe('sign-up per client address', () => {
  it(`allows ${SIGN_UP_MAX_PER_ADDRESS} attempts an hour from one address (taken emails included), then 429 on every store`, async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < SIGN_UP_MAX_PER_ADDRESS; i++) {
      // Every fifth tries an email that already has an account: it counts too (it tells who has one).
      const res = await signUp(i % 5 === 4 ? 'admin@demo.test' : freshEmail(), address);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(i % 5 === 4 ? 409 : 201);
    }
    const blockedEmail = freshEmail('blocked');
    const retryAfter = expectRateLimited(await signUp(blockedEmail, address), AUTH_TEXT.signUpRateLimited, SIGN_UP_WINDOW_MS);
    expect(retryAfter).toBeGreaterThan(SIGN_UP_WINDOW_MS / 1000 - 120);
    // Accounts are platform-wide: another store's host, or the platform's, is the same budget.
    expectRateLimited(await signUp(freshEmail(), address, ACME_HOST), AUTH_TEXT.signUpRateLimited, SIGN_UP_WINDOW_MS);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from users where email = ${blockedEmail}`))[0].n).toBe(0);
    // Another address is not affected, and neither is signing in from this one.
    expect((await signUp(freshEmail(), '198.51.100.8')).statusCode).toBe(201);
    expect((await signIn('admin@demo.test', TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('lets go as the window moves: Retry-After counts down to when the oldest attempt leaves it', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < SIGN_UP_MAX_PER_ADDRESS; i++) expect((await signUp(freshEmail(), address)).statusCode).toBe(201);
    // Fifty minutes pass for the attempts made so far.
    await t.database.db.execute(sql`update platform_rate_limit_events set created_at = created_at - interval '50 minutes'`);
    const retryAfter = expectRateLimited(await signUp(freshEmail(), address), AUTH_TEXT.signUpRateLimited, SIGN_UP_WINDOW_MS);
    expect(retryAfter).toBeGreaterThan(8 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    await t.database.db.execute(sql`update platform_rate_limit_events set created_at = created_at - interval '11 minutes'`);
    expect((await signUp(freshEmail(), address)).statusCode).toBe(201);
  });
});

describe('sign-in lockout', () => {
  it(`locks an account after ${SIGN_IN_MAX_FAILURES_PER_ACCOUNT} failures from any addresses, even for the right password; other accounts sign in`, async () => {
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn('staff@demo.test', 'wrong-password', `203.0.113.${10 + i}`)).statusCode, `failure ${i + 1}`).toBe(401);
    }
    // A fresh address, the right password: the account is locked for the window.
    expectRateLimited(await signIn('staff@demo.test', TEST_PASSWORD, '203.0.113.200'), AUTH_TEXT.rateLimited, SIGN_IN_WINDOW_MS);
    expectRateLimited(await signIn('staff@demo.test', TEST_PASSWORD, '127.0.0.1'), AUTH_TEXT.rateLimited, SIGN_IN_WINDOW_MS);
    // Another account is not: not from a fresh address, nor from the addresses that guessed.
    expect((await signIn('admin@demo.test', TEST_PASSWORD, '203.0.113.200')).statusCode).toBe(200);
    expect((await signIn('admin@demo.test', TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    // Once the failures leave the window, the account signs in again.
    await t.database.db.execute(sql`update sign_in_failures set created_at = created_at - ${SIGN_IN_WINDOW_MS} * interval '1 millisecond'`);
    expect((await signIn('staff@demo.test', TEST_PASSWORD, '203.0.113.200')).statusCode).toBe(200);
  });

  it(`still limits one address and email to ${SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT} failures, leaving the account free elsewhere`, async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT; i++) expect((await signIn('staff@demo.test', 'wrong-password', address)).statusCode).toBe(401);
    expectRateLimited(await signIn('staff@demo.test', TEST_PASSWORD, address), AUTH_TEXT.rateLimited, SIGN_IN_WINDOW_MS);
    expect((await signIn('staff@demo.test', TEST_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
  });

  it(`still limits one address to ${SIGN_IN_MAX_FAILURES_PER_ADDRESS} failures over any emails, leaving other addresses free`, async () => {
    const address = '203.0.113.60';
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS; i++) expect((await signIn(`nobody.${i}@example.test`, 'wrong-password', address)).statusCode).toBe(401);
    expectRateLimited(await signIn('admin@demo.test', TEST_PASSWORD, address), AUTH_TEXT.rateLimited, SIGN_IN_WINDOW_MS);
    expect((await signIn('admin@demo.test', TEST_PASSWORD, '203.0.113.61')).statusCode).toBe(200);
  });

  it('never counts successful sign-ins (the journeys sign in many times from one address)', async () => {
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS + 5; i++) expect((await signIn('admin@demo.test', TEST_PASSWORD, '127.0.0.1')).statusCode).toBe(200);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from sign_in_failures`))[0].n).toBe(0);
  });
});

describe('claim-order emails', () => {
  it(`a stranger gets at most ${CLAIM_MAX_PER_EMAIL} identical emails an hour, whichever accounts ask and on whichever store`, async () => {
    const stranger = freshEmail('stranger');
    const askers = [await newAccount('192.0.2.1'), await newAccount('192.0.2.2'), await newAccount('192.0.2.3')];
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await claim(askers[i % askers.length], stranger, i % 2 ? ACME_HOST : DEMO_HOST);
      answers.push(res.statusCode);
      if (res.statusCode === 429) expectRateLimited(res, CLAIM_TEXT.rateLimitedEmail, CLAIM_WINDOW_MS);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(CLAIM_MAX_PER_EMAIL);
    expect(answers.slice(CLAIM_MAX_PER_EMAIL).every((s) => s === 429)).toBe(true);
    expect(await claimEmailsTo(stranger)).toBe(CLAIM_MAX_PER_EMAIL);
    // Other addresses still get theirs.
    const other = freshEmail('other');
    expect((await claim(askers[0], other)).statusCode).toBe(200);
    expect(await claimEmailsTo(other)).toBe(1);
  });

  it(`one account may ask ${CLAIM_MAX_PER_ACCOUNT} times an hour across stores; another account is not held back`, async () => {
    const busy = await newAccount('192.0.2.10');
    for (let i = 0; i < CLAIM_MAX_PER_ACCOUNT; i++) {
      expect((await claim(busy, freshEmail('target'), i % 2 ? ACME_HOST : DEMO_HOST)).statusCode, `claim ${i + 1}`).toBe(200);
    }
    const refusedTarget = freshEmail('refused');
    expectRateLimited(await claim(busy, refusedTarget), CLAIM_TEXT.rateLimitedAccount, CLAIM_WINDOW_MS);
    expectRateLimited(await claim(busy, freshEmail('target'), ACME_HOST), CLAIM_TEXT.rateLimitedAccount, CLAIM_WINDOW_MS);
    expect(await claimEmailsTo(refusedTarget)).toBe(0);
    // The refused requests were not counted against the address they named.
    const calm = await newAccount('192.0.2.11');
    expect((await claim(calm, refusedTarget)).statusCode).toBe(200);
  });

  it('requests at the same moment cannot slip past the limit', async () => {
    const busy = await newAccount('192.0.2.20');
    const results = await Promise.all(Array.from({ length: CLAIM_MAX_PER_ACCOUNT + 5 }, () => claim(busy, freshEmail('burst'))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CLAIM_MAX_PER_ACCOUNT);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});
