import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, resetTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { TWO_STEP_TEXT } from '../../../../shared/two-step';
import { rowsOf } from '../../../db/rows';
import { totpCodeAt } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fixed clock (only Date: the database and the password hash keep their timers). */
// An hour ahead of the real clock, 10 s into a 30 s code window. The database stamps some rows with its
// own clock (a password change), so frozen times must stay ahead of it: a fixed date here passed until
// that day's noon and failed ever after (a reset link looked older than the password it replaced).
const NOW = (Math.floor(Date.now() / 30_000) + 120) * 30_000 + 10_000;
const freeze = (at: number) => vi.useFakeTimers({ toFake: ['Date'], now: at });

let nextAddress = 1;
const freshIp = () => `198.51.100.${200 + nextAddress++}`;

async function signUp(email: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: TEST_PASSWORD }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0];
}

/** Turns two-step sign-in on for a signed-in account; answers the secret and the recovery codes. */
async function enable(cookie: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await call(t.app, 'POST', '/api/account/two-step/setup', { cookie });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri, qr_svg } = setup.json();
  expect(otpauth_uri).toContain(`secret=${secret}`);
  expect(qr_svg).toMatch(/^<svg/);
  const res = await call(t.app, 'POST', '/api/account/two-step/enable', { cookie, body: { code: totpCodeAt(secret, Date.now()) } });
  expect(res.statusCode).toBe(200);
  return { secret, codes: res.json().recovery_codes };
}

/** The password step: 202 and the challenge cookie when the account uses two-step sign-in. */
async function passwordStep(email: string, password = TEST_PASSWORD) {
  const res = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email, password }, remoteAddress: freshIp() });
  const challenge = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('two_step='))?.split(';')[0] ?? null;
  return { res, challenge };
}

const codeStep = (challenge: string | null, code: string) => call(t.app, 'POST', '/api/auth/sign-in/two-step', { cookie: challenge, body: { code } });
const sessionOf = (res: { headers: Record<string, unknown> }): string | undefined => ([res.headers['set-cookie']].flat() as unknown[]).find((c): c is string => typeof c === 'string' && c.startsWith('sid='));

describe('two-step sign-in', () => {
  it('after the password gives no session but a challenge; the code of this step or the one before signs in; a replay is refused', async () => {
    // Set up a minute earlier: the step its first code used is taken already.
    freeze(NOW - 60_000);
    const { secret } = await enable(await signUp('two-step@example.co.uk'));
    freeze(NOW);

    const first = await passwordStep('two-step@example.co.uk');
    expect(first.res.statusCode).toBe(202);
    expect(first.res.json()).toEqual({ two_step_required: true });
    expect(sessionOf(first.res)).toBeUndefined();
    expect(first.challenge).toMatch(/^two_step=/);

    // Thirty seconds on, the code shown a moment ago (the previous step) still works.
    freeze(NOW + 30_000);
    const previous = totpCodeAt(secret, NOW);
    const ok = await codeStep(first.challenge, previous);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('two-step@example.co.uk');
    expect(sessionOf(ok)).toBeDefined();

    // The same code again (seen over a shoulder) is refused, though it is still in the window.
    const again = await passwordStep('two-step@example.co.uk');
    const replay = await codeStep(again.challenge, previous);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'wrong_code', fields: { code: TWO_STEP_TEXT.wrongCode } });
    // A code two steps old is refused; the current one works.
    expect((await codeStep(again.challenge, totpCodeAt(secret, NOW - 60_000))).statusCode).toBe(400);
    expect((await codeStep(again.challenge, totpCodeAt(secret, NOW + 30_000))).statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    freeze(NOW + 300_000);
    const { codes } = await enable(await signUp('recovery@example.co.uk'));
    expect(codes).toHaveLength(10);
    const stored = rowsOf<{ code_hash: string }>(await t.database.db.execute(sql`select code_hash from two_step_recovery_codes`));
    expect(stored.some((r) => codes.includes(r.code_hash))).toBe(false);

    const { challenge } = await passwordStep('recovery@example.co.uk');
    expect((await codeStep(challenge, codes[3].toUpperCase())).statusCode).toBe(200);
    const later = await passwordStep('recovery@example.co.uk');
    expect((await codeStep(later.challenge, codes[3])).statusCode).toBe(400);
    const status = await call(t.app, 'GET', '/api/account/two-step', { cookie: sessionOf(await codeStep(later.challenge, codes[4]))!.split(';')[0] });
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 8, required_by: [] });
  });

  it('limits code attempts per account, refuses a forged or missing challenge, and a wrong password never reaches the code', async () => {
    freeze(NOW + 600_000);
    const { secret } = await enable(await signUp('guessed@example.co.uk'));
    const { challenge } = await passwordStep('guessed@example.co.uk');
    // Five codes in 15 minutes, the set-up's included.
    for (let i = 0; i < 4; i++) expect((await codeStep(challenge, String(100000 + i))).statusCode).toBe(400);
    const blocked = await codeStep(challenge, totpCodeAt(secret, Date.now()));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(TWO_STEP_TEXT.tooMany);

    expect((await codeStep(null, '123456')).statusCode).toBe(401);
    const userId = challenge!.split('=')[1].split('.')[0];
    expect((await codeStep(`two_step=${userId}.${Date.now() + 60_000}.${'A'.repeat(43)}`, '123456')).json().error.message).toBe(TWO_STEP_TEXT.expired);
    const wrong = await passwordStep('guessed@example.co.uk', 'not the password');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.challenge).toBeNull();
  });

  it('a password reset link does not skip the second step', async () => {
    freeze(NOW + 900_000);
    await enable(await signUp('reset-two-step@example.co.uk'));
    await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: 'reset-two-step@example.co.uk' }, remoteAddress: freshIp() });
    const [mail] = rowsOf<{ text: string }>(await t.database.db.execute(sql`select text from email_messages where to_address = 'reset-two-step@example.co.uk' order by created_at desc limit 1`));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const res = await call(t.app, 'POST', '/api/auth/password-reset/complete', { body: { token, password: 'a new password 26' } });
    expect(res.statusCode).toBe(202);
    expect(sessionOf(res)).toBeUndefined();
    expect([res.headers['set-cookie']].flat().some((c) => c?.startsWith('two_step='))).toBe(true);
  });

  it('is turned off only with the current password, and not while a store requires it', async () => {
    freeze(NOW + 1_200_000);
    const cookie = await signUp('switch-off@example.co.uk');
    await enable(cookie);
    expect((await call(t.app, 'POST', '/api/account/two-step/disable', { cookie, body: { current_password: 'wrong one' } })).json().error.code).toBe('wrong_password');
    const off = await call(t.app, 'POST', '/api/account/two-step/disable', { cookie, body: { current_password: TEST_PASSWORD } });
    expect(off.json()).toEqual({ message: TWO_STEP_TEXT.disabled });
    expect((await passwordStep('switch-off@example.co.uk')).res.statusCode).toBe(200);
  });

  it('refuses a wrong first code and a set-up never started', async () => {
    freeze(NOW + 1_500_000);
    const cookie = await signUp('setup-checks@example.co.uk');
    const early = await call(t.app, 'POST', '/api/account/two-step/enable', { cookie, body: { code: '123456' } });
    expect(early.json().error.message).toBe(TWO_STEP_TEXT.notSetUp);
    const { secret } = (await call(t.app, 'POST', '/api/account/two-step/setup', { cookie })).json();
    const wrong = String((Number(totpCodeAt(secret, Date.now())) + 7) % 1_000_000).padStart(6, '0');
    expect((await call(t.app, 'POST', '/api/account/two-step/enable', { cookie, body: { code: wrong } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/account/two-step', { cookie })).json().enabled).toBe(false);
    expect((await call(t.app, 'POST', '/api/account/two-step/setup')).statusCode).toBe(401);
  });
});

describe("a store's requirement", () => {
  it('keeps members without two-step out of the admin (403, the context says so) until they set it up; platform owners are not held', async () => {
    freeze(NOW + 1_800_000);
    const owner = await signIn(t.app, 'admin@demo.test');
    const settings = (await call(t.app, 'GET', '/api/admin/settings', { cookie: owner })).json().settings;
    const on = await call(t.app, 'PUT', '/api/admin/settings', { cookie: owner, body: { name: settings.name, settings_json: { ...settings.settings_json, security: { require_two_step: true } } } });
    expect(on.statusCode).toBe(200);

    const staff = await signIn(t.app, 'staff@demo.test');
    const refused = await call(t.app, 'GET', '/api/admin/customers', { cookie: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'two_step_setup_required', message: TWO_STEP_TEXT.storeRequires('Demo Store') });
    expect((await call(t.app, 'GET', '/api/admin/context', { cookie: staff })).json()).toMatchObject({ role: 'staff', two_step_setup_required: true });
    expect((await call(t.app, 'GET', '/api/account/two-step', { cookie: staff })).json().required_by).toEqual(['Demo Store']);
    const platformOwner = await signIn(t.app, 'owner@platform.test');
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: platformOwner })).statusCode).toBe(200);

    // Set up: the next session is let in; it cannot be turned off while the store requires it.
    await enable(staff);
    const { challenge } = await passwordStep('staff@demo.test');
    const fresh = sessionOf(await codeStep(challenge, totpCodeAt((await secretOf('staff@demo.test'))!, Date.now() + 30_000)));
    freeze(NOW + 1_800_000 + 30_000);
    const cookie = fresh!.split(';')[0];
    expect((await call(t.app, 'GET', '/api/admin/context', { cookie })).json().two_step_setup_required).toBe(false);
    expect((await call(t.app, 'GET', '/api/admin/customers', { cookie })).statusCode).toBe(200);
    const off = await call(t.app, 'POST', '/api/account/two-step/disable', { cookie, body: { current_password: TEST_PASSWORD } });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(TWO_STEP_TEXT.cannotDisable('Demo Store'));
    expect((await call(t.app, 'GET', '/api/admin/customers', { cookie: owner, host: DEMO_HOST })).statusCode).toBe(403);
  });
});

/** The account's TOTP secret as the server keeps it (opened with the test server's secret). */
async function secretOf(email: string): Promise<string | null> {
  const { openSecret } = await import('./secret-box');
  const [row] = rowsOf<{ totp_secret: string | null }>(await t.database.db.execute(sql`select totp_secret from users where email = ${email}`));
  return row?.totp_secret ? openSecret('test-cookie-secret', row.totp_secret) : null;
}
