import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { FakePushService } from '../../adapters/push/fake-push-service';
import { rowsOf } from '../../db/rows';
import { MAX_CUSTOMER_SUBSCRIPTIONS_PER_STORE } from '../../../shared/push';
import type { PushSubscriptionList } from '../../../shared/push-schemas';
import { ENDPOINT_REFUSED, STORE_FULL } from './subscriptions-service';

let t: TestApp;
let admin: string;
let staff: string;
const keysOf = new FakePushService();
const URL_ = '/api/functions/v1/push-subscribe';
let n = 0;
/** A subscription as a Chrome browser would send it (FCM endpoint, real P-256 keys). */
const browser = (kind: 'customer' | 'staff' = 'customer') => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/test-${Date.now()}-${n++}`,
  keys: keysOf.subscribe().keys,
  kind,
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
});
const subscribe = (body: unknown, opts: { cookie?: string; host?: string; ip?: string } = {}) =>
  call(t.app, 'POST', URL_, { body, cookie: opts.cookie, host: opts.host, remoteAddress: opts.ip ?? '203.0.113.1' });
const list = (cookie: string | null, host?: string) => call(t.app, 'GET', URL_, { cookie, host });

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
});

describe('push subscriptions', () => {
  it('gives anyone the VAPID public key browsers subscribe with', async () => {
    const res = await call(t.app, 'GET', '/api/functions/v1/push-send');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.app.deps.push.publicKey });
    expect(res.json().publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('takes an anonymous shopper’s subscription on the store’s host, and refreshes it on a re-sync', async () => {
    const sub = browser();
    const first = await subscribe(sub);
    expect(first.statusCode).toBe(201);
    expect(first.json().subscription).toMatchObject({ kind: 'customer' });
    const again = await subscribe({ ...sub, keys: keysOf.subscribe().keys });
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription.id).toBe(first.json().subscription.id);
    expect(Date.parse(again.json().subscription.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(first.json().subscription.last_seen_at));
    const row = (await list(admin)).json().subscriptions.find((s: { endpoint: string }) => s.endpoint === sub.endpoint);
    expect(row.keys.p256dh).not.toBe(sub.keys.p256dh);
    expect(row.user_agent).toBe(sub.user_agent);
  });

  it('answers the platform host (no store) with 404 for a shopper', async () => {
    expect((await subscribe(browser(), { host: PLATFORM_HOST })).statusCode).toBe(404);
  });

  it('takes staff subscriptions from signed-in members only: anonymous 401, another store’s admin 404', async () => {
    expect((await subscribe(browser('staff'))).statusCode).toBe(401);
    expect((await subscribe(browser('staff'), { cookie: await signIn(t.app, 'admin@acme.test', ACME_HOST) })).statusCode).toBe(404);
    expect((await subscribe(browser('staff'), { cookie: staff })).statusCode).toBe(201);
    expect((await subscribe(browser('staff'), { cookie: admin })).statusCode).toBe(201);
  });

  it('refuses addresses that are not a browser push service, and keys no browser makes', async () => {
    for (const endpoint of ['http://127.0.0.1:9/x', 'https://169.254.169.254/latest', 'https://evil.example/push']) {
      const res = await subscribe({ ...browser(), endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toMatchObject({ message: ENDPOINT_REFUSED, fields: { endpoint: ENDPOINT_REFUSED } });
    }
    const bad = await subscribe({ ...browser(), keys: { p256dh: 'short', auth: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['keys.p256dh', 'keys.auth']);
    expect((await subscribe({ ...browser(), kind: 'owner' })).statusCode).toBe(400);
    expect((await subscribe({ ...browser(), extra: 1 })).statusCode).toBe(400);
    expect((await subscribe({ ...browser(), endpoint: `https://fcm.googleapis.com/${'x'.repeat(1100)}` })).statusCode).toBe(400);
  });

  it('limits sign-ups per address (429 with Retry-After)', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i += 1) expect((await subscribe(browser(), { ip })).statusCode).toBe(201);
    const refused = await subscribe(browser(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await subscribe(browser(), { ip: '198.51.100.8' })).statusCode).toBe(201);
  });

  it('caps a store’s customer subscriptions; a known browser may still re-sync', async () => {
    const known = browser();
    expect((await subscribe(known, { ip: '192.0.2.10' })).statusCode).toBe(201);
    const demo = t.seed.tenantIds.demo;
    const have = (await list(admin)).json().counts.customer as number;
    await t.database.db.execute(sql`
      insert into push_subscriptions (tenant_id, kind, endpoint, p256dh, auth)
      select ${demo}::uuid, 'customer', 'https://fcm.googleapis.com/fcm/send/filler-' || g, ${known.keys.p256dh}, ${known.keys.auth}
      from generate_series(1, ${MAX_CUSTOMER_SUBSCRIPTIONS_PER_STORE - have}) g`);
    const full = await subscribe(browser(), { ip: '192.0.2.11' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'subscription_limit', message: STORE_FULL });
    expect((await subscribe(known, { ip: '192.0.2.12' })).statusCode).toBe(201);
    // Staff are not counted against it.
    expect((await subscribe(browser('staff'), { cookie: staff })).statusCode).toBe(201);
    await t.database.db.execute(sql`delete from push_subscriptions where endpoint like 'https://fcm.googleapis.com/fcm/send/filler-%'`);
  });

  it('lists for owners and admins with the count of each kind; staff 403, visitors 401, another store none of them', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PushSubscriptionList;
    expect(body.counts.staff).toBe(3);
    expect(body.total).toBe(body.counts.customer + body.counts.staff);
    expect(body.subscriptions.length).toBe(Math.min(100, body.total));
    expect(body.subscriptions[0]).toEqual({
      id: expect.any(String), kind: expect.any(String), endpoint: expect.any(String), keys: { p256dh: expect.any(String), auth: expect.any(String) },
      user_agent: expect.anything(), created_at: expect.any(String), last_seen_at: expect.any(String),
    });
    expect((await list(staff)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    expect((await list(acmeAdmin, DEMO_HOST)).statusCode).toBe(404);
    const acme = await list(acmeAdmin, ACME_HOST);
    expect(acme.json()).toEqual({ subscriptions: [], total: 0, counts: { customer: 0, staff: 0 } });
  });

  it('removes a browser by its endpoint (one kind or all), only in its own store', async () => {
    const sub = browser('staff');
    expect((await subscribe(sub, { cookie: admin })).statusCode).toBe(201);
    expect((await subscribe({ ...sub, kind: 'customer' }, { cookie: admin })).statusCode).toBe(201);
    const acmeTry = await call(t.app, 'DELETE', URL_, { host: ACME_HOST, body: { endpoint: sub.endpoint } });
    expect(acmeTry.json()).toEqual({ removed: 0 });
    expect((await call(t.app, 'DELETE', URL_, { body: { endpoint: sub.endpoint, kind: 'customer' } })).json()).toEqual({ removed: 1 });
    expect((await call(t.app, 'DELETE', URL_, { body: { endpoint: sub.endpoint } })).json()).toEqual({ removed: 1 });
    expect((await call(t.app, 'DELETE', URL_, { body: { endpoint: sub.endpoint } })).json()).toEqual({ removed: 0 });
    expect((await call(t.app, 'DELETE', URL_, { body: {} })).statusCode).toBe(400);
  });

  it('keeps each store’s rows to itself under row-level security, and the VAPID keys from the app role', async () => {
    const { demo, acme } = t.seed.tenantIds;
    const seen = await t.scopes.run({ tenantId: acme, userId: null }, async ({ tx }) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from push_subscriptions where tenant_id = ${demo}::uuid`))[0].n,
    );
    expect(seen).toBe(0);
    await expect(t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql`select private_key from push_vapid_keys`))).rejects.toSatisfy((e: unknown) =>
      /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? e)),
    );
  });
});
