import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../test/harness';
import { rowsOf } from './rows';
import { APP_ROLE } from './unit-of-work';

// What request code can do with the connection it is given (issue 12, decision 013). Every query here
// goes through the app's own UnitOfWork, the only database handle request code holds.
let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

const onPostgres = () => Boolean(t.databaseUrl);
const causeOf = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? e);
const count = async (scope: Parameters<TestApp['scopes']['run']>[0], query: ReturnType<typeof sql>) =>
  t.scopes.run(scope, async ({ tx }) => rowsOf<{ n: number }>(await tx.execute(query))[0].n);

describe('the request connection', () => {
  it('on PostgreSQL logs in as the app role itself, so RESET ROLE and SET ROLE cannot regain privilege', async (ctx) => {
    if (!onPostgres()) ctx.skip(); // PGlite is one in-process superuser session (decision 013)
    const { demo, acme } = t.seed.tenantIds;
    const who = await t.scopes.run({ tenantId: demo, userId: null }, async ({ tx }) => {
      await tx.execute(sql`reset role`);
      return rowsOf<{ session_user: string; current_user: string }>(await tx.execute(sql`select session_user, current_user`))[0];
    });
    expect(who).toEqual({ session_user: APP_ROLE, current_user: APP_ROLE });

    const acmeRowsAfterReset = await t.scopes.run({ tenantId: demo, userId: null }, async ({ tx }) => {
      await tx.execute(sql`reset role`);
      await tx.execute(sql`reset session authorization`);
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from memberships where tenant_id = ${acme}::uuid`))[0].n;
    });
    expect(acmeRowsAfterReset).toBe(0);
    // Owner-side the rows are there, so the zero above is row-level security, not an empty table.
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from memberships where tenant_id = ${acme}::uuid`))[0].n).toBeGreaterThan(0);

    const [owner] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_user as name`));
    await expect(t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql.raw(`set role "${owner.name}"`)))).rejects.toSatisfy((e: unknown) =>
      /permission denied/.test(causeOf(e)),
    );
    await expect(t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql.raw(`set session authorization "${owner.name}"`)))).rejects.toSatisfy(
      (e: unknown) => /permission denied/.test(causeOf(e)),
    );
  });

  it('cannot read a password hash in any scope, not even a platform owner’s', async () => {
    const partner = t.seed.userIds['partner@demo.test'];
    const scopes = [
      { tenantId: null, userId: null },
      { tenantId: t.seed.tenantIds.demo, userId: partner },
      { tenantId: null, userId: partner, platformOwner: true },
    ];
    for (const scope of scopes) {
      await expect(t.scopes.run(scope, ({ tx }) => tx.execute(sql`select password_hash from users`))).rejects.toSatisfy((e: unknown) => /permission denied/.test(causeOf(e)));
      await expect(t.scopes.run(scope, ({ tx }) => tx.execute(sql`select * from users`))).rejects.toSatisfy((e: unknown) => /permission denied/.test(causeOf(e)));
    }
  });

  it('checks a password without seeing the digest: the salt function stops before it', async () => {
    const [stored] = rowsOf<{ password_hash: string }>(await t.database.db.execute(sql`select password_hash from users where email = 'admin@demo.test'`));
    const prefix = await t.scopes.run({ tenantId: null, userId: null }, async ({ tx }) => rowsOf<{ p: string }>(await tx.execute(sql`select app_password_salt('admin@demo.test') as p`))[0].p);
    expect(stored.password_hash.startsWith(`${prefix}$`)).toBe(true);
    expect(stored.password_hash.length - prefix.length).toBeGreaterThan(20);
    const verified = (candidate: string) =>
      t.scopes.run({ tenantId: null, userId: null }, async ({ tx }) => rowsOf<{ id: string | null }>(await tx.execute(sql`select app_verify_password('admin@demo.test', ${candidate}) as id`))[0].id);
    expect(await verified(stored.password_hash)).toBe(t.seed.userIds['admin@demo.test']);
    expect(await verified(`${prefix}$AAAA`)).toBeNull();
  });

  it('sees only the accounts of its own store’s members, itself and platform owners', async () => {
    const { demo, acme } = t.seed.tenantIds;
    const visible = (scope: Parameters<TestApp['scopes']['run']>[0]) =>
      t.scopes.run(scope, async ({ tx }) => rowsOf<{ email: string }>(await tx.execute(sql`select email from users order by email`)).map((r) => r.email));
    const demoMembers = rowsOf<{ email: string }>(
      await t.database.db.execute(sql`select u.email from users u join memberships m on m.user_id = u.id where m.tenant_id = ${demo}::uuid`),
    ).map((r) => r.email);
    const owners = rowsOf<{ email: string }>(await t.database.db.execute(sql`select email from users where is_platform_owner`)).map((r) => r.email);
    expect(await visible({ tenantId: demo, userId: null })).toEqual([...new Set([...demoMembers, ...owners])].sort());
    expect(await visible({ tenantId: acme, userId: null })).not.toContain('shopper@demo.test');
    expect(await visible({ tenantId: null, userId: null })).toEqual(owners);
    const shopper = t.seed.userIds['shopper@demo.test'];
    expect(await visible({ tenantId: null, userId: shopper })).toEqual([...new Set(['shopper@demo.test', ...owners])].sort());
  });

  it('lists no sessions but the one it names or its own user’s', async () => {
    await t.database.db.execute(sql`delete from sessions`);
    const admin = t.seed.userIds['admin@demo.test'];
    await t.database.db.execute(sql`insert into sessions (token_hash, user_id, expires_at) values ('hash-a', ${admin}::uuid, now() + interval '1 day'), ('hash-b', ${t.seed.userIds['shopper@demo.test']}::uuid, now() + interval '1 day')`);
    expect(await count({ tenantId: t.seed.tenantIds.demo, userId: null }, sql`select count(*)::int as n from sessions`)).toBe(0);
    expect(await count({ tenantId: null, userId: null, sessionHash: 'hash-b' }, sql`select count(*)::int as n from sessions`)).toBe(1);
    expect(await count({ tenantId: null, userId: admin }, sql`select count(*)::int as n from sessions`)).toBe(1);
  });

  it('creates a store only for a verified platform owner', async () => {
    await expect(t.scopes.run({ tenantId: null, userId: null }, ({ tx }) => tx.execute(sql`insert into tenants (name, slug) values ('Sneaky', 'sneaky')`))).rejects.toSatisfy((e: unknown) =>
      /row-level security/.test(causeOf(e)),
    );
    await expect(t.scopes.run({ tenantId: t.seed.tenantIds.acme, userId: null }, ({ tx }) => tx.execute(sql`update tenants set name = 'Renamed' where slug = 'demo'`))).resolves.toBeDefined();
    expect(rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from tenants where slug = 'demo'`))[0].name).not.toBe('Renamed');
  });

  it('cannot make itself a platform owner by signing up', async () => {
    const id = '00000000-0000-4000-8000-000000000099';
    await expect(
      t.scopes.run({ tenantId: null, userId: id }, ({ tx }) => tx.execute(sql`insert into users (id, email, password_hash, is_platform_owner) values (${id}::uuid, 'sneaky@example.test', 'x', true)`)),
    ).rejects.toSatisfy((e: unknown) => /row-level security/.test(causeOf(e)));
    await expect(t.scopes.run({ tenantId: null, userId: id }, ({ tx }) => tx.execute(sql`update users set is_platform_owner = true where id = ${id}::uuid`))).rejects.toSatisfy(
      (e: unknown) => /permission denied/.test(causeOf(e)),
    );
  });

  it('every table in the schema has row-level security enabled', async () => {
    const open = rowsOf<{ relname: string }>(
      await t.database.db.execute(sql`
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity and c.relname not like '\\_\\_%'`),
    );
    expect(open.map((r) => r.relname)).toEqual([]);
  });
});
