import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, PLATFORM_HOST, resetTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { SHOP_TEXT } from '../../../shared/shops';

// Issue 25 item 3: a merchant opens a shop themselves on the platform's host: name and subdomain
// (format, reserved words, taken), owner of it at once, unlaunched, rate limited, switchable off.

let t: TestApp;

beforeAll(async () => {
  t = await resetTestApp();
});

afterAll(() => {
  t.app.deps.config.selfServiceShops = true;
});

let people = 0;
/** A new account signed up on the platform host; answers its session cookie. */
async function newMerchant(): Promise<string> {
  people += 1;
  const email = `merchant${people}.${Date.now()}@example.co.uk`;
  const res = await call(t.app, 'POST', '/api/auth/sign-up', { host: PLATFORM_HOST, body: { email, password: TEST_PASSWORD }, remoteAddress: `192.0.2.${people}` });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0];
}

const check = (cookie: string, subdomain: string) => call(t.app, 'GET', `/api/shops/subdomain?subdomain=${encodeURIComponent(subdomain)}`, { host: PLATFORM_HOST, cookie });
const open = (cookie: string, body: unknown, remoteAddress = '198.51.100.7') => call(t.app, 'POST', '/api/shops', { host: PLATFORM_HOST, cookie, body, remoteAddress });

describe('naming a shop', () => {
  it('checks the address live: format, reserved words, taken, free', async () => {
    const me = await newMerchant();
    expect((await check(me, 'ab')).json()).toMatchObject({ available: false, message: SHOP_TEXT.subdomainLength });
    expect((await check(me, '-fern')).json()).toMatchObject({ available: false, message: SHOP_TEXT.subdomainPattern });
    expect((await check(me, 'fern--pots')).json()).toMatchObject({ available: false, message: SHOP_TEXT.subdomainPattern });
    expect((await check(me, 'admin')).json()).toMatchObject({ available: false, message: SHOP_TEXT.subdomainReserved });
    expect((await check(me, 'Fern-Pots')).json()).toEqual({ subdomain: 'fern-pots', domain: 'fern-pots.localhost', available: true, message: SHOP_TEXT.available });
    // Acme's own host is taken (a store the platform owner made on acme.localhost).
    expect((await check(me, 'acme')).json()).toMatchObject({ available: false, message: SHOP_TEXT.subdomainTaken });
    expect((await call(t.app, 'GET', '/api/shops/subdomain?subdomain=fern', { host: PLATFORM_HOST, cookie: null })).statusCode).toBe(401);
    // Only on the platform's own host.
    expect((await call(t.app, 'GET', '/api/shops/subdomain?subdomain=fern', { host: ACME_HOST, cookie: me })).statusCode).toBe(404);
  });

  it('opens the shop: the person owns it, the session works in it, it is unlaunched with a delivery option to confirm', async () => {
    const me = await newMerchant();
    const res = await open(me, { name: '  Fern & Pots  ', subdomain: 'Fern-Pots' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tenant).toMatchObject({ name: 'Fern & Pots', slug: 'fern-pots', domain: 'fern-pots.localhost' });

    // The platform host's admin now acts in the new store, as its owner.
    const context = (await call(t.app, 'GET', '/api/admin/context', { host: PLATFORM_HOST, cookie: me })).json();
    expect(context).toMatchObject({ tenant: { name: 'Fern & Pots' }, role: 'owner' });
    const setup = (await call(t.app, 'GET', '/api/admin/setup', { host: PLATFORM_HOST, cookie: me })).json();
    expect(setup.launched_at).toBeNull();
    expect(setup.store_url).toBe('http://fern-pots.localhost:3000');
    expect((await call(t.app, 'GET', '/api/admin/shipping-methods', { host: PLATFORM_HOST, cookie: me })).json().shipping_methods).toHaveLength(1);

    // Its host answers at once; shoppers see "Opening soon".
    const shopper = await call(t.app, 'GET', '/api/tenant/current', { host: 'fern-pots.localhost:3000' });
    expect(shopper.json().tenant).toMatchObject({ name: 'Fern & Pots', opening_soon: true });
    expect((await call(t.app, 'GET', '/api/categories', { host: 'fern-pots.localhost:3000' })).statusCode).toBe(503);

    // Someone else cannot see its admin: the same 404 as a store that does not exist.
    const other = await newMerchant();
    expect((await call(t.app, 'GET', '/api/admin/setup', { host: 'fern-pots.localhost:3000', cookie: other })).statusCode).toBe(404);
    // And the address is taken now.
    const again = await open(other, { name: 'Another Fern', subdomain: 'fern-pots' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ subdomain: SHOP_TEXT.subdomainTaken });
  });

  it('lets one of two people taking one address at once have it', async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const results = await Promise.all([open(a, { name: 'Race A', subdomain: 'same-spot' }, '203.0.113.41'), open(b, { name: 'Race B', subdomain: 'same-spot' }, '203.0.113.42')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.execute(`select count(*)::int as n from tenant_domains where domain = 'same-spot.localhost'`);
    expect(Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n)).toBe(1);
  });

  it('refuses bad input field by field, never a 5xx', async () => {
    const me = await newMerchant();
    const cases: [unknown, string][] = [
      [{ name: '', subdomain: 'good-name' }, 'name'],
      [{ name: 'x'.repeat(121), subdomain: 'good-name' }, 'name'],
      [{ name: 'Shop', subdomain: 'www' }, 'subdomain'],
      [{ name: 'Shop', subdomain: 'has space' }, 'subdomain'],
      [{ name: 'Shop', subdomain: 'x'.repeat(41) }, 'subdomain'],
      [{ name: 'Shop', subdomain: 42 }, 'subdomain'],
    ];
    for (const [body, field] of cases) {
      const res = await open(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field], res.body).toBeTruthy();
    }
    expect((await open(me, { name: 'Shop', subdomain: 'ok-shop', tenant_id: 'x' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/shops', { host: PLATFORM_HOST, cookie: null, body: { name: 'Shop', subdomain: 'nobody-shop' } })).statusCode).toBe(401);
  });

  it('limits shops per account (3 a day) and per address (5 a day)', async () => {
    const me = await newMerchant();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await open(me, { name: `Many ${i}`, subdomain: `many-${people}-${i}` }, '203.0.113.90')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const fourth = await open(me, { name: 'Many 9', subdomain: `many-${people}-9` }, '203.0.113.91');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeTruthy();
    expect(fourth.json().error.message).toBe(SHOP_TEXT.rateLimitedAccount);

    const byAddress = [];
    for (let i = 0; i < 6; i++) byAddress.push((await open(await newMerchant(), { name: `Net ${i}`, subdomain: `net-${people}-${i}` }, '203.0.113.120')).statusCode);
    expect(byAddress).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('can be switched off by the platform (SELF_SERVICE_SHOPS)', async () => {
    const me = await newMerchant();
    t.app.deps.config.selfServiceShops = false;
    const res = await open(me, { name: 'Closed Door', subdomain: 'closed-door' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SHOP_TEXT.off);
    expect((await check(me, 'closed-door')).statusCode).toBe(403);
    t.app.deps.config.selfServiceShops = true;
    expect((await open(me, { name: 'Closed Door', subdomain: 'closed-door' })).statusCode).toBe(201);
  });
});

describe('the owner’s email, confirmed before launch', () => {
  it('sends a link when the shop is opened; launch waits for it; the link confirms once, a forged one never', async () => {
    const me = await newMerchant();
    const created = await open(me, { name: 'Link Lane', subdomain: 'link-lane' }, '203.0.113.200');
    expect(created.statusCode).toBe(201);
    const mail = await t.database.db.execute(`select to_address as "to", text from email_messages where kind = 'email_confirmation' and subject like 'Link Lane:%'`);
    const rows = ((mail as unknown as { rows?: { to: string; text: string }[] }).rows ?? (mail as unknown as { to: string; text: string }[]));
    expect(rows).toHaveLength(1);
    const link = /https?:\/\/\S+confirm-email\?\S+/.exec(rows[0].text)![0];

    const setup = (await call(t.app, 'GET', '/api/admin/setup', { host: PLATFORM_HOST, cookie: me })).json();
    expect(setup.blockers.map((b: { key: string }) => b.key)).toContain('email');

    const path = link.replace(/^https?:\/\/[^/]+/, '');
    const forged = await call(t.app, 'GET', path.replace(/t=[^&]+/, 't=AAAA'), { host: PLATFORM_HOST });
    expect(forged.headers.location).toBe('/admin?email_confirmed=0');
    const ok = await call(t.app, 'GET', path, { host: PLATFORM_HOST });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/admin?email_confirmed=1');
    const after = (await call(t.app, 'GET', '/api/admin/setup', { host: PLATFORM_HOST, cookie: me })).json();
    expect(after.blockers.map((b: { key: string }) => b.key)).not.toContain('email');
    // Nothing more to confirm: a resend sends nothing.
    expect((await call(t.app, 'POST', '/api/auth/confirm-email/resend', { host: PLATFORM_HOST, cookie: me })).statusCode).toBe(204);
  });
});
