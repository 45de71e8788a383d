import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { buildApp } from '../../../app';
import { listenLocally, type LocalServer } from '../../../test/local-server';
import { openDatabase, type Database } from '../../../db/connection';
import { DomainEvents } from '../../../db/domain-events';
import { UnitOfWork } from '../../../db/unit-of-work';
import { TenantResolver } from '../../tenants/resolver';
import { CRM_API } from '../../../../shared/crm/routes';

// Real-time boards over server-sent events, through a real socket (inject would wait for the end of a
// stream that never ends). The shared test app serves a local server of this file's own through
// app.routing, so the app other files use is never bound or closed here.
let t: TestApp;
let local: LocalServer;
let base: string;
let admin: string;
let acmeAdmin: string;
let sales: string;
const open: http.ClientRequest[] = [];

beforeAll(async () => {
  t = await resetTestApp();
  local = await listenLocally((req, res) => t.app.routing(req, res));
  base = local.base;
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
});

afterAll(async () => {
  for (const req of open) req.destroy();
  await local.close();
});

interface Board {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  /** Resolves with the time waited once `count` "leads" events arrived; rejects after ms. */
  events: (count: number, ms?: number) => Promise<number>;
  close: () => void;
}

/** Opens GET /api/crm/leads/events as a browser's EventSource would. */
function connect(url: string, cookie: string | null, host: string): Promise<Board> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, accept: 'text/event-stream' };
    if (cookie) headers.cookie = cookie;
    const req = http.get(`${url}${CRM_API.leadEvents}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', () => {});
      const count = () => body.split('event: leads\ndata: {}\n\n').length - 1;
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => body,
        events: (n, ms = 1000) => {
          const start = Date.now();
          return new Promise((ok, fail) => {
            const check = () => {
              if (count() >= n) return ok(Date.now() - start);
              if (Date.now() - start > ms) return fail(new Error(`${count()} of ${n} events after ${ms} ms: ${JSON.stringify(body)}`));
              setTimeout(check, 10);
            };
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    open.push(req);
  });
}

const settle = () => new Promise((r) => setTimeout(r, 150));
const createLead = (cookie: string, host: string, name: string) => call(t.app, 'POST', CRM_API.leads, { cookie, host, body: { name, email: 'live@example.com' } });

describe('lead events', () => {
  it('streams text/event-stream with the retry hint and security headers, and an event when the book changes', async () => {
    const board = await connect(base, admin, DEMO_HOST);
    expect(board.status).toBe(200);
    expect(board.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(board.headers['cache-control']).toBe('no-cache, no-transform');
    expect(board.headers['x-content-type-options']).toBe('nosniff');
    expect(board.headers['content-security-policy']).toContain("default-src 'self'");
    await settle();
    expect(board.text()).toBe('retry: 3000\n\n');
    const created = await createLead(admin, DEMO_HOST, 'Live One');
    expect(created.statusCode).toBe(201);
    expect(await board.events(1)).toBeLessThan(1000);
    const moved = await call(t.app, 'PATCH', CRM_API.leadStatus(created.json().lead.id), { cookie: admin, host: DEMO_HOST, body: { status: 'qualified' } });
    expect(moved.statusCode).toBe(200);
    await board.events(2);
    board.close();
  });

  it('a store\'s board hears nothing of another store\'s or the platform\'s leads', async () => {
    const demo = await connect(base, admin, DEMO_HOST);
    const acme = await connect(base, acmeAdmin, ACME_HOST);
    const platform = await connect(base, sales, PLATFORM_HOST);
    await settle();
    expect((await createLead(acmeAdmin, ACME_HOST, 'Acme Live')).statusCode).toBe(201);
    await acme.events(1);
    expect((await createLead(sales, PLATFORM_HOST, 'Platform Live')).statusCode).toBe(201);
    await platform.events(1);
    await settle();
    expect(demo.text()).not.toContain('event:');
    expect(acme.text().match(/event:/g)).toHaveLength(1);
    expect(platform.text().match(/event:/g)).toHaveLength(1);
    for (const b of [demo, acme, platform]) b.close();
  });

  it('answers 401 signed out and 404 outside the CRM, without a stream', async () => {
    const signedOut = await connect(base, null, DEMO_HOST);
    expect(signedOut.status).toBe(401);
    const shopper = await connect(base, await signIn(t.app, 'shopper@demo.test'), DEMO_HOST);
    expect(shopper.status).toBe(404);
    expect(shopper.headers['content-type']).toContain('application/json');
    // A store's member on the platform host, with no store chosen, has no platform book.
    const staffOnPlatform = await connect(base, await signIn(t.app, 'staff@demo.test', PLATFORM_HOST), PLATFORM_HOST);
    expect([200, 404]).toContain(staffOnPlatform.status);
    if (staffOnPlatform.status === 200) {
      await settle();
      await createLead(sales, PLATFORM_HOST, 'Not For Staff');
      await settle();
      expect(staffOnPlatform.text()).not.toContain('event:');
    }
    staffOnPlatform.close();
    const query = await call(t.app, 'GET', `${CRM_API.leadEvents}?x=1`, { cookie: admin });
    expect(query.statusCode).toBe(400);
  });
});

describe('closing an app with a board open', () => {
  it('ends the stream so app.close() finishes', async () => {
    const other = await buildApp({ ...t.app.deps });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const board = await connect(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, admin, DEMO_HOST);
    expect(board.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

// Two instances on one PostgreSQL database, each with its own pool and listening connection, as two
// processes would have: a change through A reaches a board on B through the database's notification.
describe.skipIf(!process.env.DATABASE_URL)('lead events across instances (PostgreSQL)', () => {
  let b: FastifyInstance;
  let bDatabase: Database;

  beforeAll(async () => {
    bDatabase = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool });
    const bScopes = new UnitOfWork(await bDatabase.connectApp(), new DomainEvents());
    b = await buildApp({ ...t.app.deps, scopes: bScopes, tenants: new TenantResolver(bScopes, t.config.platformHost) });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
  });

  it('a status change through instance A reaches a board on instance B within a second', async () => {
    const lead = (await createLead(admin, DEMO_HOST, 'Across')).json().lead;
    const board = await connect(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, admin, DEMO_HOST);
    expect(board.status).toBe(200);
    await settle();
    const res = await call(t.app, 'PATCH', CRM_API.leadStatus(lead.id), { cookie: admin, host: DEMO_HOST, body: { status: 'won' } });
    expect(res.statusCode).toBe(200);
    expect(await board.events(1, 1000)).toBeLessThan(1000);
    board.close();
  });
});
