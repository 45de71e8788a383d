import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { openDatabase, type Database } from '../../../db/connection';
import { DomainEvents } from '../../../db/domain-events';
import { UnitOfWork } from '../../../db/unit-of-work';
import { call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { TenantResolver } from '../../tenants/resolver';
import { CatalogueCache } from './catalogue-cache';
import type { ProductCard, ProductDetail } from '../../../../shared/catalog';

// Issue 12 item 3: two instances of the app on one database, each with its own catalogue cache. A is
// the shared test app; B is built beside it and, on PostgreSQL, gets a database handle of its own
// (pool and listening connection), as a second process would. On PGlite both share the one in-process
// database, through the same LISTEN/NOTIFY path.
let t: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let admin: string;

beforeAll(async () => {
  t = await resetTestApp();
  bDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
  // B's own unit of work and events: what A's services emit in process never reaches B.
  const bScopes = new UnitOfWork(await bDatabase.connectApp(), new DomainEvents());
  b = await buildApp({
    ...t.app.deps,
    scopes: bScopes,
    tenants: new TenantResolver(bScopes, t.config.platformHost),
    // The longest time limit the config allows: only the notification can make B fresh within a second.
    catalogueCache: new CatalogueCache({ seconds: 300 }),
  });
  await b.ready();
  admin = await signIn(t.app, 'admin@demo.test');
});

afterAll(async () => {
  await b?.close();
  if (bDatabase && bDatabase !== t.database) await bDatabase.close();
});

/** Asks B until answer() holds, failing after ms; answers how long it took. */
async function pollB(read: () => Promise<unknown>, holds: (answer: unknown) => boolean, ms = 1000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const answer = await read();
    if (holds(answer)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`instance B still served ${JSON.stringify(answer)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the catalogue cache across instances', () => {
  it('serves a price changed through instance A from instance B within one second', async () => {
    const form = { name: 'Two Instance Lamp', slug: 'two-instance-lamp', sku: 'TIL-1', base_price: 25, status: 'active' };
    const created = await call(t.app, 'POST', '/api/admin/products', { cookie: admin, body: form });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().product.id as string;

    const productOnB = async () => (await call(b, 'GET', '/api/products/by-slug/two-instance-lamp')).json().product as ProductDetail;
    const cardOnB = async () => ((await call(b, 'GET', '/api/products?q=two+instance+lamp')).json().items as ProductCard[]).find((p) => p.id === id);
    // B caches the old answers.
    expect((await productOnB()).price).toBe(25);
    expect((await cardOnB())?.price).toBe(25);
    expect(b.deps.catalogueCache.stats.entries).toBeGreaterThanOrEqual(2);

    const updated = await call(t.app, 'PUT', `/api/admin/products/${id}`, { cookie: admin, body: { ...form, base_price: 31.5 } });
    expect(updated.statusCode, updated.body).toBe(200);
    // A drops its own cache before answering; B hears the commit.
    expect((await call(t.app, 'GET', '/api/products/by-slug/two-instance-lamp')).json().product.price).toBe(31.5);
    await pollB(productOnB, (p) => (p as ProductDetail).price === 31.5);
    await pollB(cardOnB, (p) => (p as ProductCard | undefined)?.price === 31.5);
  });
});
