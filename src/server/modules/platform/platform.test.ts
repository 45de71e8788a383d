import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { STORE_CLOSED_TEXT } from '../../../shared/tenants';

let t: TestApp;
let owner: string;
let demoId: string;
beforeAll(async () => {
  t = await resetTestApp();
  owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
  demoId = t.seed.tenantIds.demo;
});

const asOwner = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => call(t.app, method, url, { host: PLATFORM_HOST, cookie: owner, body });

describe('suspending a store', () => {
  it('closes the storefront with a 503 page and JSON, keeps the admin for platform owners, and reopens', async () => {
    // A reason is required: the store's team is shown it.
    const noReason = await asOwner('POST', `/api/tenants/${demoId}/suspend`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Say why the store is suspended' });
    expect((await asOwner('POST', `/api/tenants/${demoId}/suspend`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const suspended = await asOwner('POST', `/api/tenants/${demoId}/suspend`, { reason: '  Card disputes are being investigated.  ' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().tenant.suspended_at).toEqual(expect.any(String));

    const page = await call(t.app, 'GET', '/products', { host: DEMO_HOST });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('3600');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(STORE_CLOSED_TEXT.title);
    expect(page.body).toContain('Demo Store');
    const home = await call(t.app, 'GET', '/', { host: DEMO_HOST });
    expect(home.statusCode).toBe(503);

    const api = await call(t.app, 'GET', '/api/products', { host: DEMO_HOST });
    expect(api.statusCode).toBe(503);
    expect(api.json().error).toEqual({ code: 'store_closed', message: STORE_CLOSED_TEXT.title });
    expect((await call(t.app, 'POST', '/api/cart/items', { host: DEMO_HOST, body: {} })).statusCode).toBe(503);

    // Another store is untouched.
    expect((await call(t.app, 'GET', '/api/products', { host: ACME_HOST })).statusCode).toBe(200);

    // The platform owner still runs the store from its own host; the list shows it suspended.
    const platformOwnerOnStore = await signIn(t.app, 'owner@platform.test', DEMO_HOST);
    expect((await call(t.app, 'GET', '/api/admin/products', { host: DEMO_HOST, cookie: platformOwnerOnStore })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/admin', { host: DEMO_HOST })).statusCode).toBe(200);
    const listed = (await asOwner('GET', '/api/tenants')).json().tenants.find((x: { id: string }) => x.id === demoId);
    expect(listed.suspended_at).toEqual(expect.any(String));

    // The store's team (issue 27) can still serve paid orders: see them, fulfil, refund; nothing else.
    const admin = await signIn(t.app, 'admin@demo.test', DEMO_HOST);
    const refused = await call(t.app, 'GET', '/api/admin/products', { host: DEMO_HOST, cookie: admin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'store_suspended', message: STORE_CLOSED_TEXT.adminOnly });
    for (const url of ['/api/admin/settings', '/api/stripe/connect/status', '/api/admin/members', '/api/admin/customers']) {
      expect((await call(t.app, 'GET', url, { host: DEMO_HOST, cookie: admin })).statusCode, url).toBe(403);
    }
    const orders = await call(t.app, 'GET', '/api/admin/orders', { host: DEMO_HOST, cookie: admin });
    expect(orders.statusCode).toBe(200);
    const context = (await call(t.app, 'GET', '/api/admin/context', { host: DEMO_HOST, cookie: admin })).json();
    expect(context).toMatchObject({
      suspended: true,
      role: 'admin',
      permissions: ['orders.view', 'orders.fulfil', 'orders.refund'],
      suspension: { reason: 'Card disputes are being investigated.', contact_email: 'support@localhost' },
    });
    // Staff with only the CRM and customers have nothing left to open.
    const staffContext = (await call(t.app, 'GET', '/api/admin/context', { host: DEMO_HOST, cookie: await signIn(t.app, 'staff@demo.test') })).json();
    expect(staffContext.permissions).toEqual([]);

    expect((await asOwner('POST', `/api/tenants/${demoId}/reactivate`)).json().tenant.suspended_at).toBeNull();
    expect((await call(t.app, 'GET', '/api/products', { host: DEMO_HOST })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/products', { host: DEMO_HOST, cookie: admin })).statusCode).toBe(200);
  });

  it("gives the store's own owners, too, its orders only while suspended; reactivating clears the reason", async () => {
    const created = await asOwner('POST', '/api/tenants', { name: 'Fern Goods', domain: 'fern.localhost', admin_email: 'shopper@demo.test' });
    const fernId = created.json().tenant.id;
    await asOwner('POST', `/api/tenants/${fernId}/suspend`, { reason: 'Unpaid platform fees.' });
    const storeOwner = await signIn(t.app, 'shopper@demo.test', 'fern.localhost');
    expect((await call(t.app, 'GET', '/api/admin/products', { host: 'fern.localhost', cookie: storeOwner })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/orders', { host: 'fern.localhost', cookie: storeOwner })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/products', { host: 'fern.localhost' })).statusCode).toBe(503);
    await asOwner('POST', `/api/tenants/${fernId}/reactivate`);
    const context = (await call(t.app, 'GET', '/api/admin/context', { host: 'fern.localhost', cookie: storeOwner })).json();
    expect(context).toMatchObject({ suspended: false, suspension: null });
    expect((await call(t.app, 'GET', '/api/admin/products', { host: 'fern.localhost', cookie: storeOwner })).statusCode).toBe(200);
  });

  it('is for platform owners only: store admins 403, visitors 401, unknown or malformed store 404', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'POST', `/api/tenants/${demoId}/suspend`, { cookie: admin, body: { reason: 'x' } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/tenants/${demoId}/suspend`, { body: { reason: 'x' } })).statusCode).toBe(401);
    expect((await asOwner('POST', '/api/tenants/00000000-0000-4000-8000-000000000000/suspend', { reason: 'x' })).statusCode).toBe(404);
    expect((await asOwner('POST', '/api/tenants/not-a-store/suspend', { reason: 'x' })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/products', { host: DEMO_HOST })).statusCode).toBe(200);
  });

  it("cannot be lifted by the store's own scope, even with SQL: only a platform owner may change it", async () => {
    await asOwner('POST', `/api/tenants/${demoId}/suspend`, { reason: 'Checks.' });
    const attempt = t.scopes.run({ tenantId: demoId, userId: null }, ({ tx }) => tx.execute(sql`update tenants set suspended_at = null where id = ${demoId}::uuid`));
    const error = await attempt.then(() => null, (e: Error & { cause?: Error }) => e);
    expect(String(error?.cause?.message ?? error?.message)).toMatch(/only a platform owner may suspend or reactivate a store/);
    // Nor can it rewrite the reason its team is shown.
    const reworded = t.scopes.run({ tenantId: demoId, userId: null }, ({ tx }) => tx.execute(sql`update tenants set suspended_reason = 'fine' where id = ${demoId}::uuid`));
    const refused = await reworded.then(() => null, (e: Error & { cause?: Error }) => e);
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/only a platform owner may suspend or reactivate a store/);
    // Renaming (which the store's scope may do) still works.
    await t.scopes.run({ tenantId: demoId, userId: null }, ({ tx }) => tx.execute(sql`update tenants set name = name where id = ${demoId}::uuid`));
    await asOwner('POST', `/api/tenants/${demoId}/reactivate`);
  });
});

describe("a store's domains", () => {
  it('adds an extra domain that serves the store at once, makes it primary, and removes one', async () => {
    const added = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: ' Shop.Demo.Localhost ' });
    expect(added.statusCode).toBe(201);
    const domains = added.json().domains as { id: string; domain: string; is_primary: boolean }[];
    expect(domains.map((d) => [d.domain, d.is_primary])).toEqual([['demo.localhost', true], ['shop.demo.localhost', false]]);
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: 'shop.demo.localhost:3000' })).json().tenant.id).toBe(demoId);

    const extra = domains[1];
    const primary = await asOwner('POST', `/api/tenants/${demoId}/domains/${extra.id}/primary`);
    expect(primary.json().domains.map((d: { domain: string; is_primary: boolean }) => [d.domain, d.is_primary])).toEqual([['shop.demo.localhost', true], ['demo.localhost', false]]);

    // Removing the primary promotes the one left; the removed host stops answering.
    const removed = await asOwner('DELETE', `/api/tenants/${demoId}/domains/${extra.id}`);
    expect(removed.json().domains.map((d: { domain: string; is_primary: boolean }) => [d.domain, d.is_primary])).toEqual([['demo.localhost', true]]);
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: 'shop.demo.localhost' })).json().tenant).toBeNull();
  });

  it('tells store.changed for each change it makes (the host cache follows that event alone), and nothing for a refused one', async () => {
    const told: string[] = [];
    const off = t.app.deps.scopes.events.on('store.changed', (e) => void told.push(e.tenantId));
    try {
      const added = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: 'events.demo.localhost' });
      expect(told).toEqual([demoId]);
      const extra = (added.json().domains as { id: string; domain: string }[]).find((d) => d.domain === 'events.demo.localhost')!;
      await asOwner('POST', `/api/tenants/${demoId}/domains/${extra.id}/primary`);
      await asOwner('DELETE', `/api/tenants/${demoId}/domains/${extra.id}`);
      await asOwner('POST', `/api/tenants/${demoId}/suspend`, { reason: 'A quick check.' });
      await asOwner('POST', `/api/tenants/${demoId}/reactivate`);
      expect(told.every((id) => id === demoId)).toBe(true);
      expect(told).toHaveLength(5);
      // A refused change (the platform's own domain) and a read tell nothing.
      expect((await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: 'demo.localhost' })).statusCode).toBe(409);
      await asOwner('GET', `/api/tenants/${demoId}/domains`);
      expect(told).toHaveLength(5);
      const created = await asOwner('POST', '/api/tenants', { name: 'Event Shop', domain: 'event-shop.localhost' });
      expect(created.statusCode).toBe(201);
      expect(told.at(-1)).toBe(created.json().tenant.id);
    } finally {
      off();
    }
  });

  it('keeps domains unique across the platform and a store never without one', async () => {
    const taken = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: 'acme.localhost' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'domain_taken', fields: { domain: 'That domain is already used by another store.' } });
    const platform = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: t.config.platformHost });
    expect(platform.statusCode).toBe(409);
    const bad = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: 'not a host' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.domain).toBe('Enter a host name such as shop.example.co.uk');

    const only = (await asOwner('GET', `/api/tenants/${demoId}/domains`)).json().domains;
    expect(only).toHaveLength(1);
    const last = await asOwner('DELETE', `/api/tenants/${demoId}/domains/${only[0].id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_domain');
  });

  it("answers 404 for another store's domain id, and refuses anyone but a platform owner", async () => {
    const acmeDomain = (await asOwner('GET', `/api/tenants/${t.seed.tenantIds.acme}/domains`)).json().domains[0];
    expect((await asOwner('DELETE', `/api/tenants/${demoId}/domains/${acmeDomain.id}`)).statusCode).toBe(404);
    expect((await asOwner('GET', `/api/tenants/${t.seed.tenantIds.acme}/domains`)).json().domains).toHaveLength(1);
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'GET', `/api/tenants/${demoId}/domains`, { cookie: admin })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/tenants/${demoId}/domains`, { cookie: admin, body: { domain: 'x.localhost' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/tenants/${demoId}/domains`)).statusCode).toBe(401);
  });
});
