import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { call, DEMO_HOST, resetTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import {
  AUTH_TEXT,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  SIGN_IN_MAX_FAILURES_PER_DEVICE,
  SIGN_IN_WINDOW_MS,
} from '../../../../shared/auth';
import { CRM_API } from '../../../../shared/crm/routes';
import { withDeviceEntry } from './device-cookie';

// Issue 24 item 6 (decision 031): ten wrong passwords from anywhere lock an account, but not against
// its owner on a device that signed in before (OWASP device cookies). Through the HTTP layer, on
// PGlite and PostgreSQL alike (the failure windows are SQL).

let t: TestApp;
const SECRET = 'test-cookie-secret'; // the harness's cookie secret

beforeAll(async () => {
  t = await resetTestApp();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from sign_in_failures`);
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
});

const signIn = (email: string, password: string, remoteAddress: string, device?: string | null) =>
  call(t.app, 'POST', '/api/auth/sign-in', { host: DEMO_HOST, remoteAddress, body: { email, password }, headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {} });

/** The device cookie a response sets, with its attributes. */
function deviceCookieFrom(res: LightMyRequestResponse): { value: string; attributes: string } {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookie = list.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode}: ${res.body}`);
  const [pair, ...attributes] = cookie.split(';');
  return { value: decodeURIComponent(pair.slice(DEVICE_COOKIE.length + 1)), attributes: attributes.join(';') };
}

/** A device that signed in to `email` before, from the owner's own address. */
async function knownDevice(email: string, existing?: string): Promise<string> {
  const res = await signIn(email, TEST_PASSWORD, '198.51.100.1', existing);
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookieFrom(res).value;
}

/** A stranger's ten wrong passwords, each from another address. */
async function lockOut(email: string) {
  for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ACCOUNT; i++) {
    expect((await signIn(email, 'wrong-password', `203.0.113.${10 + i}`)).statusCode, `failure ${i + 1}`).toBe(401);
  }
}

function expectLocked(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: AUTH_TEXT.rateLimited } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
}

describe('device cookies against lock-outs', () => {
  it('is set at sign-in: long-lived, HttpOnly, SameSite=Lax, and bound to the account without naming it', async () => {
    const res = await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.1');
    const { value, attributes } = deviceCookieFrom(res);
    expect(attributes).toMatch(/HttpOnly/i);
    expect(attributes).toMatch(/SameSite=Lax/i);
    expect(attributes).toMatch(/Path=\//);
    expect(attributes).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_MS / 1000}`);
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(value).not.toContain('staff');
  });

  it('locks the account for a new device even with the right password, but lets its owner in from a known device', async () => {
    const device = await knownDevice('staff@demo.test');
    await lockOut('staff@demo.test');
    // A new device (no cookie), from a fresh address, with the right password: locked, as before.
    expectLocked(await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.2'));
    // The owner's device, from a fresh address, with the right password: in, with a fresh device cookie.
    const owner = await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.3', device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.email).toBe('staff@demo.test');
    const renewed = deviceCookieFrom(owner).value;
    expect(renewed).not.toBe(device);
    // The account stays locked for everyone else.
    expectLocked(await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.4'));
    // The known device is still judged on its password.
    expect((await signIn('staff@demo.test', 'wrong-password', '198.51.100.3', renewed)).statusCode).toBe(401);
  });

  it('a forged, tampered, expired or other account’s device cookie does not help', async () => {
    const othersDevice = await knownDevice('admin@demo.test');
    const own = await knownDevice('staff@demo.test');
    await lockOut('staff@demo.test');
    const [nonce, issuedAt, mac] = own.split('.');
    const forged = `${'A'.repeat(22)}.${Math.floor(Date.now() / 1000)}.${'B'.repeat(43)}`;
    const tampered = `${nonce}.${Number(issuedAt) - 1}.${mac}`;
    const now = Date.now();
    const expired = withDeviceEntry(SECRET, [], 'staff@demo.test', now - DEVICE_COOKIE_MAX_AGE_MS - 60_000);
    // Signed with another key: as a cookie from another deployment, or a guess at ours.
    const otherKey = withDeviceEntry('not-the-secret', [], 'staff@demo.test');
    for (const cookie of [othersDevice, forged, tampered, expired, otherKey, 'x'.repeat(5000)]) {
      expectLocked(await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.5', cookie));
    }
    // A device cookie crafted with the server's own key is accepted: the test's crafting is right.
    expect((await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.5', withDeviceEntry(SECRET, [], 'staff@demo.test'))).statusCode).toBe(200);
  });

  it(`locks a known device out after ${SIGN_IN_MAX_FAILURES_PER_DEVICE} failures of its own; the owner's other devices still get in`, async () => {
    const stolen = await knownDevice('staff@demo.test');
    const laptop = await knownDevice('staff@demo.test');
    await lockOut('staff@demo.test');
    // Someone holding one device cookie guesses from many addresses: each guess is judged, then the device is out.
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_DEVICE; i++) {
      expect((await signIn('staff@demo.test', 'wrong-password', `192.0.2.${i + 1}`, stolen)).statusCode, `guess ${i + 1}`).toBe(401);
    }
    expectLocked(await signIn('staff@demo.test', TEST_PASSWORD, '192.0.2.50', stolen));
    const counted = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from sign_in_failures where device is not null`))[0].n;
    expect(counted).toBe(SIGN_IN_MAX_FAILURES_PER_DEVICE);
    expect((await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.6', laptop)).statusCode).toBe(200);
  });

  it('keeps one entry per account on a shared browser, and leaves the address limits in force', async () => {
    const shared = await knownDevice('admin@demo.test', await knownDevice('staff@demo.test'));
    expect(shared.split('~')).toHaveLength(2);
    await lockOut('staff@demo.test');
    await lockOut('admin@demo.test');
    expect((await signIn('staff@demo.test', TEST_PASSWORD, '198.51.100.7', shared)).statusCode).toBe(200);
    expect((await signIn('admin@demo.test', TEST_PASSWORD, '198.51.100.8', shared)).statusCode).toBe(200);
    // The per-address-and-account limit still holds where the guesses come from, device or not.
    for (let i = 0; i < 5; i++) await signIn('partner@demo.test', 'wrong-password', '203.0.113.99');
    const partner = await knownDevice('partner@demo.test');
    expectLocked(await signIn('partner@demo.test', TEST_PASSWORD, '203.0.113.99', partner));
  });

  it('accepting an invitation with a password is a sign-in too: it uses and sets the device cookie', async () => {
    const device = await knownDevice('staff@demo.test');
    const owner = await call(t.app, 'POST', '/api/auth/sign-in', { host: 'localhost:3000', body: { email: 'owner@platform.test', password: TEST_PASSWORD } });
    const ownerCookie = owner.headers['set-cookie']!.toString().match(/sid=[^;]+/)![0];
    const sent = await call(t.app, 'POST', CRM_API.invitations, { host: 'acme.localhost:3000', cookie: ownerCookie, body: { tenantId: t.seed.tenantIds.acme, email: 'staff@demo.test', role: 'staff' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = decodeURIComponent(sent.json().magic_link_url.split('/invite/')[1]);
    await lockOut('staff@demo.test');
    const accept = (cookie?: string) =>
      call(t.app, 'POST', CRM_API.acceptInvitation, { host: 'acme.localhost:3000', remoteAddress: '198.51.100.9', body: { token, password: TEST_PASSWORD }, headers: cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {} });
    expectLocked(await accept());
    const joined = await accept(device);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(deviceCookieFrom(joined).value).toMatch(/^[A-Za-z0-9_-]{22}\./);
  });
});
