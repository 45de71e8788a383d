import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, resetTestApp, sessionCookieFrom, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { AUTH_TEXT, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT } from '../../../../shared/auth';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const session = async (cookie: string | null) => (await call(t.app, 'GET', '/api/auth/session', { cookie })).json();

describe('sign-up', () => {
  it('creates an account, signs it in and answers the session', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-up', { body: { email: '  New.Person@Example.co.uk ', password: 'long-enough-1' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'new.person@example.co.uk', isOwner: false });
    const body = await session(sessionCookieFrom(res));
    expect(body.user.email).toBe('new.person@example.co.uk');
    expect(body.memberships).toEqual([]);
  });

  it('refuses an email that already has an account with the spec text', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-up', { body: { email: 'admin@demo.test', password: 'long-enough-1' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'email_taken', message: AUTH_TEXT.emailTaken });
  });

  it('requires email and a password of at least 8 characters', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-up', { body: { email: '', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ email: 'Email is required', password: 'Password must be at least 8 characters' });
  });
});

describe('sign-in', () => {
  it('sets an HttpOnly SameSite=Lax session cookie on the whole site, not Secure over plain HTTP', async () => {
    const res = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/');
    expect(raw).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    expect(raw).not.toContain('Secure');
  });

  it('marks the cookie Secure behind an HTTPS proxy when configured', async () => {
    const previous = t.config.cookieSecure;
    t.config.cookieSecure = true;
    try {
      const res = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: TEST_PASSWORD } });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      t.config.cookieSecure = previous;
    }
  });

  it('stores only a hash of the token', async () => {
    const cookie = await signIn(t.app, 'admin@demo.test');
    const token = cookie.split('=')[1];
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(0);
  });

  it('answers the memberships with role and tenant name and domain', async () => {
    const body = await session(await signIn(t.app, 'partner@demo.test'));
    expect(body.memberships).toEqual([
      { tenant_id: t.seed.tenantIds.acme, role: 'staff', tenant: { name: 'Acme', domain: 'acme.localhost' } },
      { tenant_id: t.seed.tenantIds.demo, role: 'admin', tenant: { name: 'Demo Store', domain: 'demo.localhost' } },
    ]);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'staff@demo.test', password: 'nope-nope' } });
    const unknown = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'nobody@demo.test', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(AUTH_TEXT.invalidCredentials);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('issues a new token at every sign-in and ends the one the browser held (rotation)', async () => {
    const first = await signIn(t.app, 'admin@demo.test');
    const res = await call(t.app, 'POST', '/api/auth/sign-in', { cookie: first, body: { email: 'admin@demo.test', password: TEST_PASSWORD } });
    const second = sessionCookieFrom(res);
    expect(second).not.toBe(first);
    expect((await session(first)).user).toBeNull();
    expect((await session(second)).user.email).toBe('admin@demo.test');
  });

  it('rate-limits repeated failures with 429 and a clear message, even for the right password', async () => {
    const ip = '203.0.113.9';
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: ip, headers: { host: DEMO_HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'staff@demo.test', password }) });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'rate_limited', message: AUTH_TEXT.rateLimited });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked for the same account.
    expect((await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'staff@demo.test', password: TEST_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('sign-out and expiry', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const cookie = await signIn(t.app, 'admin@demo.test');
    const out = await call(t.app, 'POST', '/api/auth/sign-out', { cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await session(cookie)).user).toBeNull();
    expect((await call(t.app, 'GET', '/api/admin/context', { cookie })).statusCode).toBe(401);
  });

  it('ends a session left idle too long', async () => {
    const cookie = await signIn(t.app, 'admin@demo.test');
    const idle = new Date(Date.now() - SESSION_IDLE_MS - 60_000);
    await t.database.db.execute(sql`update sessions set last_seen_at = ${idle.toISOString()}`);
    expect((await session(cookie)).user).toBeNull();
  });

  it('ends a session past its absolute lifetime even when in use', async () => {
    const cookie = await signIn(t.app, 'admin@demo.test');
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second', last_seen_at = now()`);
    expect((await session(cookie)).user).toBeNull();
  });
});

describe('is-owner', () => {
  it('answers 401 without a session, false for a store admin and true for a platform owner', async () => {
    expect((await call(t.app, 'GET', '/api/is-owner')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/is-owner', { cookie: await signIn(t.app, 'admin@demo.test') })).json()).toEqual({ isOwner: false });
    expect((await call(t.app, 'GET', '/api/is-owner', { cookie: await signIn(t.app, 'owner@platform.test') })).json()).toEqual({ isOwner: true });
  });
});

describe('bad input', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { host: DEMO_HOST, 'content-type': contentType }, payload });

  it('malformed JSON gets 400 invalid_json', async () => {
    const res = await post('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('unknown fields are rejected by name', async () => {
    const res = await post(JSON.stringify({ email: 'admin@demo.test', password: 'x', isOwner: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_input', fields: { isOwner: 'Unknown field' } });
  });

  it('wrong types and over-long strings get field errors, never a 500', async () => {
    const wrongType = await post(JSON.stringify({ email: 42, password: ['a'] }));
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
    const long = await post(JSON.stringify({ email: `${'a'.repeat(300)}@x.test`, password: 'x'.repeat(500) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toMatchObject({ email: 'Email is too long', password: 'Password is too long' });
  });

  it('a body that is not JSON at all gets 415 with a message', async () => {
    const res = await post('email=a', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('an array body gets 400', async () => {
    const res = await post('[]');
    expect(res.statusCode).toBe(400);
  });
});
