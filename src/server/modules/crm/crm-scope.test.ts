import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { CRM_API } from '../../../shared/crm/routes';
import { rowsOf } from '../../db/rows';

// Decision 027: which sales book a CRM request works in, decided by the server (inCrm), and the
// row-level security behind it (tenant_isolation for a store's book, platform_sales for the provider's).

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const context = async (email: string | null, host: string) =>
  call(t.app, 'GET', CRM_API.context, { host, cookie: email ? await signIn(t.app, email, host) : null });

describe('CRM scope (GET /api/crm/context)', () => {
  it('the provider sales team and owners work in the platform book on the platform host', async () => {
    for (const email of ['sales@platform.test', 'owner@platform.test']) {
      const res = await context(email, PLATFORM_HOST);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ scope: 'platform', tenant: null, can_manage_access: true });
      expect(res.json().bark_sheet_url).toMatch(/^https:\/\//);
    }
  });

  it("a store's members work in its book; only owners and admins manage access", async () => {
    const admin = (await context('admin@demo.test', DEMO_HOST)).json();
    expect(admin).toMatchObject({ scope: 'tenant', tenant: { id: t.seed.tenantIds.demo, name: 'Demo Store' }, can_manage_access: true });
    const staff = await context('staff@demo.test', DEMO_HOST);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ scope: 'tenant', can_manage_access: false });
    expect((await context('partner@demo.test', ACME_HOST)).json()).toMatchObject({ tenant: { id: t.seed.tenantIds.acme }, can_manage_access: false });
  });

  it('anyone else gets the 404 of a store that does not exist, and no session 401', async () => {
    expect((await context('shopper@demo.test', DEMO_HOST)).statusCode).toBe(404);
    expect((await context('shopper@demo.test', PLATFORM_HOST)).statusCode).toBe(404);
    // A store admin on the platform host without choosing the store has no book there.
    expect((await context('admin@acme.test', PLATFORM_HOST)).statusCode).toBe(404);
    // Platform sales are not members of any store: a store's host is not theirs.
    expect((await context('sales@platform.test', DEMO_HOST)).statusCode).toBe(404);
    expect((await context(null, PLATFORM_HOST)).statusCode).toBe(401);
  });
});

describe('row-level security of the two books', () => {
  const insertLead = (name: string, tenantId: string | null) => sql`insert into leads (tenant_id, name, email) values (${tenantId}, ${name}, 'x@example.com')`;
  const names = async (scope: { tenantId: string | null; platformSales?: boolean }) =>
    t.scopes.run({ userId: null, ...scope }, async ({ tx }) => rowsOf<{ name: string }>(await tx.execute(sql`select name from leads order by name`)).map((r) => r.name));

  it('a store scope sees only its leads, the platform-sales scope only the provider book', async () => {
    await t.scopes.run({ tenantId: null, userId: null, platformSales: true }, ({ tx }) => tx.execute(insertLead('Provider lead', null)));
    await t.scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, ({ tx }) => tx.execute(insertLead('Demo lead', t.seed.tenantIds.demo)));
    const ownRows = (rows: string[]) => rows.filter((n) => n === 'Provider lead' || n === 'Demo lead');
    expect(ownRows(await names({ tenantId: null, platformSales: true }))).toEqual(['Provider lead']);
    expect(ownRows(await names({ tenantId: t.seed.tenantIds.demo }))).toEqual(['Demo lead']);
    expect(ownRows(await names({ tenantId: t.seed.tenantIds.acme }))).toEqual([]);
    // Without the flag, no store and no book: nothing.
    expect(ownRows(await names({ tenantId: null }))).toEqual([]);
  });

  /** The database's own refusal (drizzle wraps it: the policy's message is the cause's). */
  const refused = (p: Promise<unknown>) => p.then(() => 'written', (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`);

  it('neither scope can write into the other book', async () => {
    const platform = { tenantId: null, userId: null, platformSales: true };
    expect(await refused(t.scopes.run(platform, ({ tx }) => tx.execute(insertLead('Stray', t.seed.tenantIds.demo))))).toMatch(/row-level security/);
    expect(await refused(t.scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null }, ({ tx }) => tx.execute(insertLead('Stray', null))))).toMatch(/row-level security/);
    // Even with the flag set, a store's scope cannot write into the provider book (the policy wants no tenant).
    expect(await refused(t.scopes.run({ tenantId: t.seed.tenantIds.demo, userId: null, platformSales: true }, ({ tx }) => tx.execute(insertLead('Stray', null))))).toMatch(/row-level security/);
    // The flag means nothing inside a store's scope: a store member's transaction never sees the provider book.
    const mixed = await names({ tenantId: t.seed.tenantIds.demo, platformSales: true });
    expect(mixed).not.toContain('Provider lead');
  });
});
