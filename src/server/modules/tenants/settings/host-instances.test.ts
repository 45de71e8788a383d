import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { openDatabase, type Database } from '../../../db/connection';
import { DomainEvents } from '../../../db/domain-events';
import { UnitOfWork } from '../../../db/unit-of-work';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { TenantResolver } from '../resolver';

// A store renamed on instance A shows its new name on instance B within a second, although B's host
// cache would keep the old answer for 10 s: B hears the database's tenants_changed notification
// (migration 0013), not A's in-process event. On PostgreSQL B has its own pool and listening
// connection, as a second process would; on PGlite both share the one in-process database.
let t: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let admin: string;

beforeAll(async () => {
  t = await resetTestApp();
  bDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
  const bScopes = new UnitOfWork(await bDatabase.connectApp(), new DomainEvents());
  b = await buildApp({ ...t.app.deps, scopes: bScopes, tenants: new TenantResolver(bScopes, t.config.platformHost) });
  await b.ready();
  admin = await signIn(t.app, 'admin@demo.test');
});

afterAll(async () => {
  await b?.close();
  if (bDatabase && bDatabase !== t.database) await bDatabase.close();
});

interface CurrentTenant {
  name: string;
  details: { contact_email: string | null };
  promises: { free_delivery_over: number | null; returns_days: number | null };
}

async function pollB(holds: (tenant: CurrentTenant) => boolean, ms = 1000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const tenant = (await call(b, 'GET', '/api/tenant/current', { host: DEMO_HOST })).json().tenant;
    if (holds(tenant)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`instance B still answers ${JSON.stringify(tenant)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the host cache across instances', () => {
  it('serves a store renamed through instance A from instance B within one second', async () => {
    // B resolves (and caches) the store as it is.
    await pollB((tenant) => tenant.name === 'Demo Store');
    const res = await call(t.app, 'PUT', '/api/admin/settings', { cookie: admin, body: { name: 'Renamed Elsewhere', settings_json: { contact_email: 'help@renamed.example' } } });
    expect(res.statusCode, res.body).toBe(200);
    await pollB((tenant) => tenant.name === 'Renamed Elsewhere' && tenant.details.contact_email === 'help@renamed.example');
  });

  it("shows a new free-delivery threshold and returns window set through A on B within one second (issue 25)", async () => {
    await pollB((tenant) => tenant.promises.free_delivery_over === 100);
    const { shipping_methods } = (await call(t.app, 'GET', '/api/admin/shipping-methods', { cookie: admin })).json();
    const standard = shipping_methods.find((m: { free_over: number | null }) => m.free_over !== null);
    const { id, order_count: _count, position: _position, ...fields } = standard;
    expect((await call(t.app, 'PUT', `/api/admin/shipping-methods/${id}`, { cookie: admin, body: { ...fields, free_over: 55 } })).statusCode).toBe(200);
    await pollB((tenant) => tenant.promises.free_delivery_over === 55);
    const policies = { returns_days: 60, refund_days: null, dispatch_days: null, delivery_note: '' };
    expect((await call(t.app, 'PUT', '/api/admin/settings/policies', { cookie: admin, body: policies })).statusCode).toBe(200);
    await pollB((tenant) => tenant.promises.returns_days === 60);
  });

});
