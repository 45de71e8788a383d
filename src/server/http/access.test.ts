import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, PLATFORM_HOST, registeredRoutes, resetTestApp, signIn, type TestApp } from '../test/harness';
import { PERMISSIONS, withImplied, type Permission } from '../../shared/roles';
import { ADMIN_ACCESS } from './access';
import { rowsOf } from '../db/rows';
import type { Need } from './guards';

// Issue 27 item 1: the permission matrix. Every store-admin route is in the access table (or exempt, with
// the reason), and every route of the table is called by a staff member holding each single permission,
// one holding none, and the store's admin: refused (403) exactly when the table says so.

/** Route prefixes of the store's back office: a new route under them must say who may call it. */
const ADMIN_PREFIXES = ['/api/admin', '/api/imports', '/api/ai', '/api/stripe/connect', '/api/crm', '/api/functions/v1'];

/** Back-office routes with a guard of their own, and why. */
const EXEMPT: Record<string, string> = {
  'GET /api/admin/context': 'tells anyone signed in what they may do in the store',
  'GET /api/admin/invitations': 'Client Access: platform sales may request invitations to any store (invitation-matrix.test.ts)',
  'POST /api/admin/invitations': 'Client Access (invitation-matrix.test.ts)',
  'PATCH /api/admin/invitations': 'Client Access (invitation-matrix.test.ts)',
  'DELETE /api/admin/invitations': 'Client Access (invitation-matrix.test.ts)',
  'POST /api/admin/invitations/approval': 'Client Access (invitation-matrix.test.ts)',
  'GET /api/functions/v1/push-send': 'the public key browsers subscribe with',
  'POST /api/functions/v1/push-subscribe': 'a shopper’s or any member’s own device',
  'DELETE /api/functions/v1/push-subscribe': 'a shopper’s or any member’s own device',
};

let t: TestApp;
const staff = new Map<string, string>();
let admin: string;

const routeKeys = () =>
  [...new Set(registeredRoutes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`)))].filter((k) => !k.startsWith('HEAD '));

/** The route's address with every parameter filled in: ids no store has, so nothing is found or changed. */
const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, (p) => (/id$/i.test(p) ? '6f1c2a9e-0000-4000-8000-000000000000' : 'privacy'));

/** Routes that answer with an endless stream once let through: only refusals are asked of them here. */
const STREAMS = new Set(['GET /api/crm/leads/events']);

const allows = (permissions: readonly Permission[], need: Need) =>
  need === 'any' || (need !== 'manage' && (typeof need === 'string' ? [need] : need).some((p) => permissions.includes(p)));

beforeAll(async () => {
  t = await resetTestApp();
  const demo = t.seed.tenantIds.demo;
  admin = await signIn(t.app, 'admin@demo.test');
  // A staff member for each permission alone, and one with none.
  for (const name of [...PERMISSIONS, 'none']) {
    const email = `staff.${name.replace('.', '-')}@demo.test`;
    expect((await call(t.app, 'POST', '/api/auth/sign-up', { host: PLATFORM_HOST, body: { email, password: 'matrix-password-1' } })).statusCode).toBe(201);
    const granted = name === 'none' ? [] : [name];
    await t.database.db.execute(sql`
      insert into memberships (tenant_id, user_id, role, permissions)
      select ${demo}::uuid, id, 'staff', ${`{${granted.join(',')}}`}::text[] from users where email = ${email}`);
    const res = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email, password: 'matrix-password-1' } });
    expect(res.statusCode, res.body).toBe(200);
    staff.set(name, String(res.headers['set-cookie']).match(/sid=[^;]+/)![0]);
  }
});

describe('the access table', () => {
  it('names every back-office route, and only routes that exist', () => {
    const keys = routeKeys();
    const unclassified = keys.filter((k) => ADMIN_PREFIXES.some((p) => k.split(' ')[1].startsWith(p)) && !(k in ADMIN_ACCESS) && !(k in EXEMPT));
    expect(unclassified, 'add each to ADMIN_ACCESS in http/access.ts').toEqual([]);
    expect(Object.keys(ADMIN_ACCESS).filter((k) => !keys.includes(k))).toEqual([]);
  });
});

describe('the permission matrix', () => {
  it('refuses each staff member exactly the routes their permissions do not open, before reading what they send', async () => {
    const wrong: string[] = [];
    for (const [key, need] of Object.entries(ADMIN_ACCESS)) {
      const [method, path] = key.split(' ');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const [name, cookie] of staff) {
        const granted = name === 'none' ? [] : withImplied([name as Permission]);
        if (STREAMS.has(key) && allows(granted, need)) continue;
        const res = await call(t.app, method, concrete(path), { cookie, body });
        const refused = res.statusCode === 403;
        if (refused !== !allows(granted, need)) wrong.push(`${name}: ${key} answered ${res.statusCode} (${res.body.slice(0, 80)})`);
        if (refused) expect(res.json().error.code).toBe('forbidden');
        expect(res.statusCode, `${name} ${key}`).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('lets the store’s admin through every route that only reads', async () => {
    for (const key of Object.keys(ADMIN_ACCESS).filter((k) => k.startsWith('GET ') && !STREAMS.has(k))) {
      const res = await call(t.app, 'GET', concrete(key.slice(4)), { cookie: admin });
      expect(res.statusCode, `${key}: ${res.body.slice(0, 120)}`).not.toBe(403);
    }
  }, 60_000);

  it('lets a member with fulfilment see orders (what a permission implies), and another store’s admin nowhere', async () => {
    const packer = staff.get('orders.fulfil')!;
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: packer })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/products', { cookie: packer })).statusCode).toBe(403);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', 'acme.localhost:3000');
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: acmeAdmin, host: DEMO_HOST })).statusCode).toBe(404);
  });
});

describe('choosing a staff member’s permissions (Settings > Team)', () => {
  const userIdOf = async (email: string) => rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from users where email = ${email}`))[0];

  it('is for owners and admins; the change opens routes at once; what a permission implies is added', async () => {
    const { id } = await userIdOf('staff.none@demo.test');
    const none = staff.get('none')!;
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: none })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/api/admin/members/${id}/permissions`, { cookie: none, body: { permissions: ['orders.view'] } })).statusCode).toBe(403);
    const res = await call(t.app, 'PUT', `/api/admin/members/${id}/permissions`, { cookie: admin, body: { permissions: ['orders.refund', 'products'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.permissions).toEqual(['orders.view', 'orders.refund', 'products']);
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: none })).statusCode).toBe(200);
    const team = (await call(t.app, 'GET', '/api/admin/members', { cookie: admin })).json().members as { email: string; role: string; permissions: string[] }[];
    expect(team.find((m) => m.email === 'staff.none@demo.test')!.permissions).toEqual(['orders.view', 'orders.refund', 'products']);
    // Owners and admins are listed with everything.
    expect(team.find((m) => m.email === 'admin@demo.test')!.permissions).toEqual([...PERMISSIONS]);
    // Back to none: refused again.
    expect((await call(t.app, 'PUT', `/api/admin/members/${id}/permissions`, { cookie: admin, body: { permissions: [] } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/orders', { cookie: none })).statusCode).toBe(403);
  });

  it('refuses an owner or admin as its subject, another store’s member, and anything but the listed permissions', async () => {
    const adminId = (await userIdOf('admin@demo.test')).id;
    const notStaff = await call(t.app, 'PUT', `/api/admin/members/${adminId}/permissions`, { cookie: admin, body: { permissions: ['crm'] } });
    expect(notStaff.statusCode).toBe(409);
    expect(notStaff.json().error.code).toBe('not_staff');
    const acmeOnly = (await userIdOf('admin@acme.test')).id;
    expect((await call(t.app, 'PUT', `/api/admin/members/${acmeOnly}/permissions`, { cookie: admin, body: { permissions: ['crm'] } })).statusCode).toBe(404);
    const { id } = await userIdOf('staff.crm@demo.test');
    for (const body of [{ permissions: ['payments'] }, { permissions: 'crm' }, { permissions: ['crm'], role: 'admin' }, { permissions: Array(20).fill('crm') }, { permissions: ['crm\u0000'] }]) {
      const bad = await call(t.app, 'PUT', `/api/admin/members/${id}/permissions`, { cookie: admin, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'PUT', '/api/admin/members/not-an-id/permissions', { cookie: admin, body: { permissions: [] } })).statusCode).toBe(404);
  });
});
