import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { hostName } from './resolver';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await resetTestApp();
  owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
});

describe('host resolution', () => {
  it('strips the port and lower-cases', () => {
    expect(hostName('Demo.LocalHost:3000')).toBe('demo.localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });

  it('answers the store for its domain and null on the platform host or an unknown host', async () => {
    const demo = (await call(t.app, 'GET', '/api/tenant/current', { host: DEMO_HOST })).json();
    expect(demo.tenant).toEqual({
      id: t.seed.tenantIds.demo,
      name: 'Demo Store',
      slug: 'demo',
      domain: 'demo.localhost',
      // Settings > Store Info: nothing given yet but its VAT registration (seed/demo.ts; see settings/settings.test.ts).
      details: { description: null, contact_email: null, contact_phone: null, address: null, company_number: null, vat_number: 'GB999999973', vat_registered: true },
      // The demo's own policies (seed/policies.ts) and its delivery options: free over £100, a next-day option.
      promises: {
        free_delivery_over: 100,
        next_day: true,
        delivery_note: 'Next-day delivery to most UK postcodes, and click & collect when it suits you.',
        returns_days: 30,
        refund_days: { min: 5, max: 7 },
        dispatch_days: { min: 1, max: 2 },
        legal_pages: [],
      },
      launched: true,
      opening_soon: false,
      preview_password: false,
    });
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: 'ACME.localhost' })).json().tenant.name).toBe('Acme');
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: PLATFORM_HOST })).json()).toEqual({ tenant: null, platform: { name: 'Shopfront' } });
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: 'elsewhere.example' })).json().tenant).toBeNull();
  });
});

describe('owner tenant management', () => {
  it('lists every tenant with domain and member count for the platform owner', async () => {
    const res = await call(t.app, 'GET', '/api/tenants', { host: PLATFORM_HOST, cookie: owner });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().tenants.map((x: { name: string }) => [x.name, x]));
    expect(byName['Demo Store']).toMatchObject({ slug: 'demo', domain: 'demo.localhost', member_count: 3 });
    expect(byName.Acme).toMatchObject({ domain: 'acme.localhost', member_count: 2 });
  });

  it('is refused to store admins (403) and signed-out visitors (401)', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'GET', '/api/tenants', { cookie: admin })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/tenants/domains', { cookie: admin })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/tenants', { cookie: admin, body: { name: 'X', domain: 'x.example' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/tenants')).statusCode).toBe(401);
  });

  it('creates a tenant with its domain and owner member; the host answers at once', async () => {
    const res = await call(t.app, 'POST', '/api/tenants', {
      host: PLATFORM_HOST,
      cookie: owner,
      body: { name: '  Bramble & Co ', domain: 'Bramble.Localhost', admin_email: 'shopper@demo.test' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().tenant).toMatchObject({ name: 'Bramble & Co', slug: 'bramble-co', domain: 'bramble.localhost' });
    const current = (await call(t.app, 'GET', '/api/tenant/current', { host: 'bramble.localhost:3000' })).json();
    expect(current.tenant.name).toBe('Bramble & Co');
    const shopper = await signIn(t.app, 'shopper@demo.test', 'bramble.localhost:3000');
    const ctx = (await call(t.app, 'GET', '/api/admin/context', { host: 'bramble.localhost:3000', cookie: shopper })).json();
    expect(ctx.role).toBe('owner');
  });

  it('refuses a domain already in use with 409 and a field error', async () => {
    const res = await call(t.app, 'POST', '/api/tenants', { host: PLATFORM_HOST, cookie: owner, body: { name: 'Copy', domain: 'demo.localhost' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'domain_taken', fields: { domain: expect.any(String) } });
  });

  it('validates the body: required name, host-name domain, unknown admin email, unknown fields', async () => {
    const bad = await call(t.app, 'POST', '/api/tenants', { host: PLATFORM_HOST, cookie: owner, body: { name: '', domain: 'not a domain!' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ name: 'Store name is required', domain: expect.any(String) });
    const unknownAdmin = await call(t.app, 'POST', '/api/tenants', { host: PLATFORM_HOST, cookie: owner, body: { name: 'Y', domain: 'y.example', admin_email: 'ghost@nowhere.test' } });
    expect(unknownAdmin.statusCode).toBe(400);
    expect(unknownAdmin.json().error.fields.admin_email).toBeDefined();
    const extra = await call(t.app, 'POST', '/api/tenants', { host: PLATFORM_HOST, cookie: owner, body: { name: 'Z', domain: 'z.example', id: 'x' } });
    expect(extra.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: 'y.example' })).json().tenant).toBeNull();
  });

  it('lists tenant domains for the launcher with URLs on the same scheme and port', async () => {
    const res = await call(t.app, 'GET', '/api/tenants/domains', { host: ACME_HOST, cookie: await signIn(t.app, 'owner@platform.test', ACME_HOST) });
    expect(res.statusCode).toBe(200);
    expect(res.json().domains).toContainEqual({ id: expect.any(String), name: 'Demo Store', domain: 'demo.localhost', url: 'http://demo.localhost:3000' });
  });
});

describe('health', () => {
  it('answers 200 once ready', async () => {
    const res = await call(t.app, 'GET', '/healthz', { host: DEMO_HOST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
