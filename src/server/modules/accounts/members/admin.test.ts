import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { PERMISSIONS } from '../../../../shared/roles';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const context = async (cookie: string, host = DEMO_HOST) => (await call(t.app, 'GET', '/api/admin/context', { cookie, host })).json();

describe('admin context (what the guard shows)', () => {
  it('gives the store admin the host tenant with their role', async () => {
    expect(await context(await signIn(t.app, 'admin@demo.test'))).toEqual({
      tenant: { id: t.seed.tenantIds.demo, name: 'Demo Store', slug: 'demo', domain: 'demo.localhost' },
      suspended: false,
      suspension: null,
      role: 'admin',
      permissions: [...PERMISSIONS],
      isOwner: false,
      two_step_setup_required: false,
      crm_enabled: true,
    });
  });

  it('gives a shopper with no membership the tenant but no role (Access Denied)', async () => {
    expect(await context(await signIn(t.app, 'shopper@demo.test'))).toMatchObject({ role: null, isOwner: false });
  });

  it('gives the platform owner full access on any store without membership', async () => {
    expect(await context(await signIn(t.app, 'owner@platform.test', ACME_HOST), ACME_HOST)).toMatchObject({ tenant: { name: 'Acme' }, role: null, isOwner: true });
  });

  it('on the platform host has no tenant until one is chosen', async () => {
    const cookie = await signIn(t.app, 'partner@demo.test', PLATFORM_HOST);
    expect(await context(cookie, PLATFORM_HOST)).toEqual({ tenant: null, suspended: false, suspension: null, role: null, permissions: [], isOwner: false, two_step_setup_required: false, crm_enabled: false });
    const chose = await call(t.app, 'PUT', '/api/auth/active-tenant', { host: PLATFORM_HOST, cookie, body: { tenant_id: t.seed.tenantIds.acme } });
    expect(chose.statusCode).toBe(200);
    expect(chose.json().active_tenant_id).toBe(t.seed.tenantIds.acme);
    // Staff as before permissions existed: the CRM and reading customers (issue 27).
    expect(await context(cookie, PLATFORM_HOST)).toMatchObject({ tenant: { name: 'Acme' }, suspended: false, role: 'staff', permissions: ['customers', 'crm'] });
    const cleared = await call(t.app, 'DELETE', '/api/auth/active-tenant', { host: PLATFORM_HOST, cookie });
    expect(cleared.json().active_tenant_id).toBeNull();
    expect((await context(cookie, PLATFORM_HOST)).tenant).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    expect((await call(t.app, 'GET', '/api/admin/context')).statusCode).toBe(401);
  });
});

describe('roles enforced by the API', () => {
  it('lets owner/admin members and the platform owner read store management data', async () => {
    const res = await call(t.app, 'GET', '/api/admin/members', { cookie: await signIn(t.app, 'admin@demo.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().members.map((m: { email: string }) => m.email)).toEqual(['admin@demo.test', 'partner@demo.test', 'staff@demo.test']);
    const owner = await call(t.app, 'GET', '/api/admin/members', { cookie: await signIn(t.app, 'owner@platform.test') });
    expect(owner.statusCode).toBe(200);
  });

  it('refuses store management to staff with 403', async () => {
    const res = await call(t.app, 'GET', '/api/admin/members', { cookie: await signIn(t.app, 'staff@demo.test') });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('answers 404 to someone with no membership, like a store that does not exist', async () => {
    const res = await call(t.app, 'GET', '/api/admin/members', { cookie: await signIn(t.app, 'shopper@demo.test') });
    expect(res.statusCode).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('an Acme admin gets 404 for a Demo member, exactly as for a missing one', async () => {
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const demoAdminId = t.seed.userIds['admin@demo.test'];
    const theirs = await call(t.app, 'GET', `/api/admin/members/${demoAdminId}`, { host: ACME_HOST, cookie: acmeAdmin });
    const missing = await call(t.app, 'GET', '/api/admin/members/00000000-0000-4000-8000-000000000000', { host: ACME_HOST, cookie: acmeAdmin });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    const own = await call(t.app, 'GET', `/api/admin/members/${t.seed.userIds['admin@acme.test']}`, { host: ACME_HOST, cookie: acmeAdmin });
    expect(own.statusCode).toBe(200);
  });

  it('an Acme admin’s session used on the Demo host gets 404, not Demo data', async () => {
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const res = await call(t.app, 'GET', '/api/admin/members', { host: DEMO_HOST, cookie: acmeAdmin });
    expect(res.statusCode).toBe(404);
  });

  it('an Acme admin cannot switch to Demo by sending its tenant id', async () => {
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', PLATFORM_HOST);
    const res = await call(t.app, 'PUT', '/api/auth/active-tenant', { host: PLATFORM_HOST, cookie: acmeAdmin, body: { tenant_id: t.seed.tenantIds.demo } });
    expect(res.statusCode).toBe(404);
    expect((await context(acmeAdmin, PLATFORM_HOST)).tenant).toBeNull();
    // A tenant id in a header or the query is ignored: the data stays Acme's.
    const viaHeader = await call(t.app, 'GET', `/api/admin/members?tenant_id=${t.seed.tenantIds.demo}`, {
      host: ACME_HOST,
      cookie: await signIn(t.app, 'admin@acme.test', ACME_HOST),
      headers: { 'x-tenant-id': t.seed.tenantIds.demo },
    });
    expect(viaHeader.json().members.map((m: { email: string }) => m.email)).toEqual(['admin@acme.test', 'partner@demo.test']);
  });

  it('a malformed tenant id for the active tenant gets 400', async () => {
    const cookie = await signIn(t.app, 'partner@demo.test', PLATFORM_HOST);
    const res = await call(t.app, 'PUT', '/api/auth/active-tenant', { host: PLATFORM_HOST, cookie, body: { tenant_id: 'demo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.tenant_id).toBeDefined();
  });
});

describe('cross-site requests', () => {
  it('refuses a state change whose Origin is another site', async () => {
    const cookie = await signIn(t.app, 'partner@demo.test', PLATFORM_HOST);
    const res = await call(t.app, 'PUT', '/api/auth/active-tenant', {
      host: PLATFORM_HOST,
      cookie,
      body: { tenant_id: t.seed.tenantIds.demo },
      headers: { origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
    const same = await call(t.app, 'POST', '/api/auth/sign-out', { host: PLATFORM_HOST, cookie, headers: { origin: 'http://localhost:3000' } });
    expect(same.statusCode).toBe(204);
  });
});
