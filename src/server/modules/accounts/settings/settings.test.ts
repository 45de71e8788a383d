import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { ACCOUNT_TEXT } from '../../../../shared/account-settings';
import { rowsOf } from '../../../db/rows';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

let nextAddress = 1;
const freshIp = () => `198.51.100.${100 + nextAddress++}`;

async function signUp(email: string, host = DEMO_HOST, userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'): Promise<string> {
  const res = await call(t.app, 'POST', '/api/auth/sign-up', { host, body: { email, password: TEST_PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0];
}

async function signInAs(email: string, password = TEST_PASSWORD, userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36') {
  const res = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress: freshIp() });
  return res.statusCode === 200 ? String(res.headers['set-cookie']).split(';')[0] : null;
}

const me = async (cookie: string) => (await call(t.app, 'GET', '/api/auth/session', { cookie })).json().user;

async function lastMail(to: string) {
  return rowsOf<{ kind: string; text: string; tenant_id: string | null }>(
    await t.database.db.execute(sql`select kind, text, tenant_id from email_messages where to_address = ${to} order by created_at desc, id desc limit 1`),
  )[0];
}

describe('account', () => {
  it('answers the signed-in person their own account; nobody else', async () => {
    const cookie = await signUp('acct-one@example.co.uk');
    const res = await call(t.app, 'GET', '/api/account', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'acct-one@example.co.uk', email_confirmed: false });
    expect((await call(t.app, 'GET', '/api/account')).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const here = await signUp('pw-change@example.co.uk');
    const other = (await signInAs('pw-change@example.co.uk'))!;
    const wrong = await call(t.app, 'POST', '/api/account/password', { cookie: here, body: { current_password: 'not my password', new_password: 'a new long password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_password', fields: { current_password: ACCOUNT_TEXT.wrongPassword } });

    const res = await call(t.app, 'POST', '/api/account/password', { cookie: here, body: { current_password: TEST_PASSWORD, new_password: 'a new long password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.passwordChanged });
    expect((await me(here)).email).toBe('pw-change@example.co.uk');
    expect(await me(other)).toBeNull();
    expect(await signInAs('pw-change@example.co.uk')).toBeNull();
    expect(await signInAs('pw-change@example.co.uk', 'a new long password')).not.toBeNull();
  });

  it('refuses a short or unchanged password with field errors, and a signed-out caller', async () => {
    const cookie = await signUp('pw-fields@example.co.uk');
    const short = await call(t.app, 'POST', '/api/account/password', { cookie, body: { current_password: TEST_PASSWORD, new_password: 'short' } });
    expect(short.json().error.fields).toEqual({ new_password: 'Password must be at least 8 characters' });
    const same = await call(t.app, 'POST', '/api/account/password', { cookie, body: { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD } });
    expect(same.json().error.fields).toEqual({ new_password: ACCOUNT_TEXT.samePassword });
    expect((await call(t.app, 'POST', '/api/account/password', { body: { current_password: 'x', new_password: 'long enough one' } })).statusCode).toBe(401);
  });

  it('counts wrong current passwords as failed sign-ins (a stolen session cannot guess freely)', async () => {
    const cookie = await signUp('pw-guess@example.co.uk');
    const ip = '192.0.2.200';
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await call(t.app, 'POST', '/api/account/password', { cookie, remoteAddress: ip, body: { current_password: `guess-${i}-nope`, new_password: 'a new long password' } })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('changing the email', () => {
  it('sends a link to the new address and a notice to the old; changes only when the link is opened, once', async () => {
    const cookie = await signUp('old-address@example.co.uk');
    const res = await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: ' New-Address@Example.co.uk ', current_password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(ACCOUNT_TEXT.emailChangeSent('new-address@example.co.uk'));
    expect((await me(cookie)).email).toBe('old-address@example.co.uk');
    expect(await lastMail('old-address@example.co.uk')).toMatchObject({ kind: 'email_changed', tenant_id: t.seed.tenantIds.demo });

    const link = /http:\/\/demo\.localhost:3000(\/api\/auth\/confirm-email-change\?[^\s]+)/.exec((await lastMail('new-address@example.co.uk')).text)![1];
    const opened = await call(t.app, 'GET', link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/account?email_change=done');
    expect((await call(t.app, 'GET', '/api/account', { cookie })).json()).toMatchObject({ email: 'new-address@example.co.uk', email_confirmed: true });
    expect((await lastMail('old-address@example.co.uk')).text).toContain('is now new-address@example.co.uk');
    expect((await call(t.app, 'GET', link)).headers.location).toBe('/account?email_change=invalid');
    expect(await signInAs('new-address@example.co.uk')).not.toBeNull();
  });

  it('refuses a taken or unchanged email, a wrong password, and a tampered or expired link', async () => {
    const cookie = await signUp('email-checks@example.co.uk');
    const taken = await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: 'admin@demo.test', current_password: TEST_PASSWORD } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ new_email: ACCOUNT_TEXT.emailTaken });
    const same = await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: 'email-checks@example.co.uk', current_password: TEST_PASSWORD } });
    expect(same.json().error.fields).toEqual({ new_email: ACCOUNT_TEXT.sameEmail });
    const wrong = await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: 'free@example.co.uk', current_password: 'wrong password' } });
    expect(wrong.json().error.code).toBe('wrong_password');

    await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: 'checked-new@example.co.uk', current_password: TEST_PASSWORD, return_to: 'admin' } });
    const link = /(\/api\/auth\/confirm-email-change\?[^\s]+)/.exec((await lastMail('checked-new@example.co.uk')).text)![1];
    const tampered = link.replace('checked-new%40example.co.uk', 'attacker%40example.co.uk');
    expect((await call(t.app, 'GET', tampered)).headers.location).toBe('/admin/account?email_change=invalid');
    const expired = link.replace(/e=\d+/, `e=${Date.now() - 1000}`);
    expect((await call(t.app, 'GET', expired)).headers.location).toBe('/admin/account?email_change=invalid');
    expect((await call(t.app, 'GET', '/api/auth/confirm-email-change?u=x&n=y')).headers.location).toBe('/account?email_change=invalid');
    expect((await me(cookie)).email).toBe('email-checks@example.co.uk');
  });

  it('says so when the new email was taken before the link was opened', async () => {
    const cookie = await signUp('racer@example.co.uk');
    await call(t.app, 'POST', '/api/account/email', { cookie, body: { new_email: 'contested@example.co.uk', current_password: TEST_PASSWORD } });
    const link = /(\/api\/auth\/confirm-email-change\?[^\s]+)/.exec((await lastMail('contested@example.co.uk')).text)![1];
    await signUp('contested@example.co.uk');
    expect((await call(t.app, 'GET', link)).headers.location).toBe('/account?email_change=taken');
    expect((await me(cookie)).email).toBe('racer@example.co.uk');
  });

  it('sends platform mail on the platform host', async () => {
    const cookie = await signUp('platform-change@example.co.uk', PLATFORM_HOST);
    const res = await call(t.app, 'POST', '/api/account/email', { host: PLATFORM_HOST, cookie, body: { new_email: 'platform-new@example.co.uk', current_password: TEST_PASSWORD, return_to: 'admin' } });
    expect(res.statusCode).toBe(202);
    expect(await lastMail('platform-new@example.co.uk')).toMatchObject({ kind: 'email_change', tenant_id: null });
  });
});

describe('signed-in devices', () => {
  it('lists the live sessions with their browser, this one first; signs one out or all the others', async () => {
    const here = await signUp('devices@example.co.uk');
    const phone = (await signInAs('devices@example.co.uk', TEST_PASSWORD, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'))!;
    const laptop = (await signInAs('devices@example.co.uk'))!;
    const list = (await call(t.app, 'GET', '/api/account/sessions', { cookie: here })).json().devices;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox on Linux' });
    expect(list.map((d: { browser: string }) => d.browser).sort()).toEqual(['Chrome on Windows', 'Firefox on Linux', 'Safari on iOS']);

    const phoneId = list.find((d: { browser: string }) => d.browser === 'Safari on iOS').id;
    expect((await call(t.app, 'DELETE', `/api/account/sessions/${phoneId}`, { cookie: here })).json()).toEqual({ message: ACCOUNT_TEXT.signedOutDevice });
    expect(await me(phone)).toBeNull();
    expect((await call(t.app, 'DELETE', `/api/account/sessions/${phoneId}`, { cookie: here })).statusCode).toBe(404);

    const res = await call(t.app, 'POST', '/api/account/sessions/sign-out-others', { cookie: here });
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.signedOutOthers(1) });
    expect(await me(laptop)).toBeNull();
    expect((await me(here)).email).toBe('devices@example.co.uk');
  });

  it("cannot see or end another account's session: the same 404 as none", async () => {
    const mine = await signUp('my-devices@example.co.uk');
    const theirs = await signIn(t.app, 'admin@demo.test');
    const theirId = (await call(t.app, 'GET', '/api/account/sessions', { cookie: theirs })).json().devices[0].id;
    const res = await call(t.app, 'DELETE', `/api/account/sessions/${theirId}`, { cookie: mine });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Device not found');
    expect((await me(theirs)).email).toBe('admin@demo.test');
    expect((await call(t.app, 'DELETE', '/api/account/sessions/not-a-uuid', { cookie: mine })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/account/sessions', { cookie: mine })).json().devices).toHaveLength(1);
  });
});
