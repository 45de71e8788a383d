import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../test/harness';
import { withScope } from './scope';
import { rowsOf } from './rows';
import { CATALOGUE_CHANNEL } from '../modules/catalogue/storefront/catalogue-cache';

let t: TestApp;
let demo: string;
let acme: string;
beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
});

/** A fresh subscription to catalogue_changed that keeps what it hears. */
async function subscribe() {
  const heard: string[] = [];
  let missed = 0;
  const stop = await t.scopes.listen(CATALOGUE_CHANNEL, { notify: (p) => heard.push(p), missed: () => missed++ });
  return { heard, stop, missed: () => missed };
}

/** Waits for cond (PostgreSQL delivers a moment after the commit; PGlite at once), failing after ms. */
async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Writes as a request does: the app role, under row-level security, in one tenant's scope. */
const asTenant = (tenantId: string, statements: ReturnType<typeof sql>[]) =>
  withScope(t.database.db, { tenantId, userId: null }, async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });

describe('catalogue_changed notifications (migrations 0011, 0020)', () => {
  it('are sent by statement triggers on every table the cached storefront reads come from', async () => {
    const rows = rowsOf<{ table: string; events: string[] }>(
      await t.database.db.execute(sql`
        select c.relname as table, array_agg(t.tgname::text order by t.tgname) as events
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgfoid = 'notify_catalogue_changed'::regproc
        group by c.relname order by c.relname`),
    );
    // navigation_menus and content_pages: the storefront's menu and published pages are cached too (0020).
    const tables = ['categories', 'content_pages', 'navigation_menus', 'product_categories', 'product_images', 'product_variants', 'products'];
    expect(rows.map((r) => r.table)).toEqual(tables);
    for (const r of rows) expect(r.events).toEqual(['delete', 'insert', 'truncate', 'update'].map((e) => `${r.table}_catalogue_${e}`));
  });

  it('announce a committed write once per tenant, however many rows and statements, from the app role', async () => {
    const s = await subscribe();
    try {
      await asTenant(demo, [
        sql`update products set base_price = base_price + 1 where tenant_id = ${demo}`,
        sql`update product_variants set price = price + 1 where tenant_id = ${demo}`,
        sql`insert into categories (tenant_id, name, slug) values (${demo}, 'Notified', 'notified')`,
        sql`delete from categories where tenant_id = ${demo} and slug = 'notified'`,
      ]);
      await until(() => s.heard.length > 0);
      // A later write to the other tenant arriving proves no duplicate of the first was still on its way.
      await asTenant(acme, [sql`update categories set name = name where tenant_id = ${acme}`]);
      await until(() => s.heard.length > 1);
      expect(s.heard).toEqual([demo, acme]);
    } finally {
      await s.stop();
    }
  });

  it('send nothing for a rolled-back write', async () => {
    const s = await subscribe();
    try {
      const rolledBack = asTenant(acme, [sql`update products set base_price = base_price + 1 where tenant_id = ${acme}`, sql`select 1 / 0`]);
      await expect(rolledBack).rejects.toThrow();
      // Notifications arrive in commit order: once this one is here, one from the rollback would be too.
      await asTenant(demo, [sql`update products set base_price = base_price - 1 where tenant_id = ${demo}`]);
      await until(() => s.heard.length > 0);
      expect(s.heard).toEqual([demo]);
    } finally {
      await s.stop();
    }
  });

  it('stop reaching a subscriber once it stops', async () => {
    const stopped = await subscribe();
    const other = await subscribe();
    try {
      await stopped.stop();
      await asTenant(demo, [sql`update categories set name = name where tenant_id = ${demo}`]);
      await until(() => other.heard.length > 0);
      expect(stopped.heard).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  // PGlite runs in process: there is no connection to lose.
  it.skipIf(!process.env.DATABASE_URL)('listen again after the connection drops, and say that some may have been missed', async () => {
    const s = await subscribe();
    try {
      // Every listening connection of the test database goes (the shared app's too: it reconnects as well).
      const killed = rowsOf<{ pid: number }>(
        await t.database.db.execute(sql`
          select pg_terminate_backend(pid) as pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`),
      );
      expect(killed.length).toBeGreaterThan(0);
      await until(() => s.missed() === 1);
      await asTenant(demo, [sql`update categories set name = name where tenant_id = ${demo}`]);
      await until(() => s.heard.length > 0);
      expect(s.heard).toEqual([demo]);
    } finally {
      await s.stop();
    }
  });
});
