import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, sessionCookieFrom, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { RESET_LINK_MINUTES, RESET_TEXT } from '../../../../shared/account-recovery';
import { HIDDEN_LINK_TEXT } from '../../../../shared/emails';
import { rowsOf } from '../../../db/rows';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

let nextAddress = 1;
/** A fresh client address per test, so the per-address limit of one test does not reach another. */
const freshIp = () => `198.51.100.${nextAddress++}`;

async function ask(email: string, host = DEMO_HOST, ip = freshIp()) {
  return call(t.app, 'POST', '/api/auth/password-reset', { host, body: { email }, remoteAddress: ip });
}

/** The newest email to `to` as the outbox recorded it (the owner connection reads it, as a mailbox would). */
async function lastMail(to: string) {
  const rows = rowsOf<{ kind: string; subject: string; text: string; html: string; tenant_id: string | null; id: string }>(
    await t.database.db.execute(sql`select id, kind, subject, text, html, tenant_id from email_messages where to_address = ${to} order by created_at desc, id desc limit 1`),
  );
  return rows[0] ?? null;
}

async function mailCount(to: string): Promise<number> {
  return rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from email_messages where to_address = ${to}`))[0].n;
}

/** The reset link's token in the newest email to `to`. */
async function linkToken(to: string): Promise<string> {
  const mail = await lastMail(to);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no reset link in ${mail?.text}`);
  return match[1];
}

const complete = (token: string, password: string, host = DEMO_HOST, cookie: string | null = null) =>
  call(t.app, 'POST', '/api/auth/password-reset/complete', { host, cookie, body: { token, password } });
const status = async (token: string, host = DEMO_HOST) => (await call(t.app, 'GET', `/api/auth/password-reset?token=${encodeURIComponent(token)}`, { host })).json();
const canSignIn = async (email: string, password: string, host = DEMO_HOST) =>
  (await call(t.app, 'POST', '/api/auth/sign-in', { host, body: { email, password }, remoteAddress: freshIp() })).statusCode === 200;

describe('asking for a link', () => {
  it('answers the same for an account and an unknown email, and each gets one email', async () => {
    const known = await ask('shopper@demo.test');
    const unknown = await ask('nobody-here@demo.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_TEXT.sent });
    expect(unknown.json()).toEqual(known.json());
    const account = await lastMail('shopper@demo.test');
    const stranger = await lastMail('nobody-here@demo.test');
    expect(account).toMatchObject({ kind: 'password_reset', subject: 'Demo Store: choose a new password', tenant_id: t.seed.tenantIds.demo });
    expect(account!.text).toContain(`for ${RESET_LINK_MINUTES} minutes`);
    expect(account!.text).toMatch(/http:\/\/demo\.localhost:3000\/login\/reset-password\?token=/);
    expect(stranger).toMatchObject({ kind: 'password_reset_no_account', tenant_id: t.seed.tenantIds.demo });
    expect(stranger!.text).toContain('no account uses this address');
    expect(stranger!.text).not.toContain('reset-password');
  });

  it('stores only a hash of the token, for 30 minutes', async () => {
    await ask('staff@demo.test');
    const token = await linkToken('staff@demo.test');
    const rows = rowsOf<{ token_hash: string; minutes: number }>(
      await t.database.db.execute(sql`select token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_resets where token_hash = ${token}`),
    );
    expect(rows).toEqual([]);
    const all = rowsOf<{ minutes: number }>(await t.database.db.execute(sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_resets`));
    expect(all.every((r) => r.minutes === RESET_LINK_MINUTES)).toBe(true);
  });

  it('sends the platform host its own mail, under the platform name', async () => {
    const res = await ask('admin@demo.test', PLATFORM_HOST);
    expect(res.statusCode).toBe(202);
    const mail = await lastMail('admin@demo.test');
    expect(mail).toMatchObject({ kind: 'password_reset', tenant_id: null, subject: 'Shopfront: choose a new password' });
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/login\/reset-password\?token=/);
  });

  it('limits emails per address (3 an hour, whichever store asks) without saying whether it exists', async () => {
    for (const host of [DEMO_HOST, ACME_HOST, DEMO_HOST]) expect((await ask('limit-me@demo.test', host)).statusCode).toBe(202);
    const fourth = await ask('limit-me@demo.test');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(fourth.json().error.message).toBe(RESET_TEXT.tooManyForAddress);
    expect(await mailCount('limit-me@demo.test')).toBe(3);
  });

  it('limits requests per client address across emails', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) expect((await ask(`spread-${i}@demo.test`, DEMO_HOST, ip)).statusCode).toBe(202);
    const res = await ask('spread-10@demo.test', DEMO_HOST, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(RESET_TEXT.tooManyFromNetwork);
    expect(await mailCount('spread-10@demo.test')).toBe(0);
  });

  it('checks the email with field errors', async () => {
    const res = await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Enter a valid email address' });
    const extra = await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: 'a@b.co', tenant_id: 'x' } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('using the link', () => {
  it('sets the password, ends every other session, signs this browser in, and works once', async () => {
    const elsewhere = await signIn(t.app, 'shopper@demo.test');
    await ask('shopper@demo.test');
    const token = await linkToken('shopper@demo.test');
    expect(await status(token)).toEqual({ state: 'valid', email: 'sh***************', message: null });

    const res = await complete(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('shopper@demo.test');
    const cookie = sessionCookieFrom(res);
    expect((await call(t.app, 'GET', '/api/auth/session', { cookie })).json().user.email).toBe('shopper@demo.test');
    expect((await call(t.app, 'GET', '/api/auth/session', { cookie: elsewhere })).json().user).toBeNull();
    expect(await canSignIn('shopper@demo.test', 'a brand new password')).toBe(true);
    expect(await canSignIn('shopper@demo.test', TEST_PASSWORD)).toBe(false);

    const again = await complete(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'invalid_link', message: RESET_TEXT.used });
    expect(await status(token)).toMatchObject({ state: 'used', message: RESET_TEXT.used });
  });

  it('is superseded by a newer link', async () => {
    await ask('staff@demo.test');
    const first = await linkToken('staff@demo.test');
    await ask('staff@demo.test');
    const second = await linkToken('staff@demo.test');
    expect(second).not.toBe(first);
    expect(await status(first)).toMatchObject({ state: 'superseded', message: RESET_TEXT.superseded });
    expect((await complete(first, 'superseded password')).json().error.message).toBe(RESET_TEXT.superseded);
    expect((await complete(second, 'the newest password')).statusCode).toBe(200);
  });

  it('expires after 30 minutes', async () => {
    await ask('partner@demo.test');
    const token = await linkToken('partner@demo.test');
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where used_at is null and superseded_at is null`);
    expect(await status(token)).toMatchObject({ state: 'expired', message: RESET_TEXT.expired });
    const res = await complete(token, 'too late password');
    expect(res.json().error).toEqual({ code: 'invalid_link', message: RESET_TEXT.expired });
    expect(await canSignIn('partner@demo.test', TEST_PASSWORD)).toBe(true);
  });

  it('opens only on the host it was asked on', async () => {
    await ask('admin@acme.test');
    const token = await linkToken('admin@acme.test');
    expect(await status(token, ACME_HOST)).toMatchObject({ state: 'invalid' });
    expect((await complete(token, 'other host password', ACME_HOST)).json().error.code).toBe('invalid_link');
    expect(await status(token, DEMO_HOST)).toMatchObject({ state: 'valid' });
  });

  it('refuses unknown and malformed tokens and short passwords with clear errors, never a 5xx', async () => {
    expect(await status('not-a-real-token')).toMatchObject({ state: 'invalid', message: RESET_TEXT.invalid });
    expect(await status('')).toMatchObject({ state: 'invalid' });
    expect((await call(t.app, 'GET', `/api/auth/password-reset?token=${'x'.repeat(500)}`)).statusCode).toBe(400);
    expect((await complete('x'.repeat(50), 'long enough password')).json().error.code).toBe('invalid_link');
    const short = await complete('whatever', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('Password must be at least 8 characters');
    const nul = await complete('abc\u0000def', 'long enough password');
    expect(nul.statusCode).toBeLessThan(500);
  });
});

describe('the outbox', () => {
  it("hides a reset link from the store's staff, and shows it to a platform owner", async () => {
    await ask('shopper@demo.test');
    const mail = (await lastMail('shopper@demo.test'))!;
    const admin = await signIn(t.app, 'admin@demo.test');
    const seen = (await call(t.app, 'GET', `/api/admin/emails/${mail.id}`, { cookie: admin })).json().email;
    expect(seen.text).toContain(HIDDEN_LINK_TEXT);
    expect(seen.text).not.toContain('reset-password');
    expect(seen.html).not.toContain('reset-password');
    const owner = await signIn(t.app, 'owner@platform.test');
    const ownerView = (await call(t.app, 'GET', `/api/admin/emails/${mail.id}`, { cookie: owner })).json().email;
    expect(ownerView.text).toContain('/reset-password?token=');
  });
});
