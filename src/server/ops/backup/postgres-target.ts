import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { APP_ROLE } from '../../db/unit-of-work';

/**
 * What already lives in a PostgreSQL database a restore would write into: tables, views and
 * sequences, functions of its own in public, and schemas besides public (at most a few of each, for
 * the message). Extensions alone do not count: the dump creates them only if missing.
 */
export async function postgresContents(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      (select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
          and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
        order by 1 limit 5)
      union all
      (select 'function public.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1 limit 5)
      union all
      (select 'schema ' || nspname from pg_namespace
        where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
        order by 1 limit 5)`),
  );
  return rows.map((r) => r.name);
}

/**
 * Before a restore: the app role exists (roles belong to the server, not to the dump) and, when the
 * restoring role is no superuser, is granted to it, as migration 0001 does on a new server.
 */
export async function prepareAppRole(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
  END IF;
END $$`),
  );
}

/**
 * After a restore: tables later migrations create are the app role's to use, as migration 0001 set up
 * for the role that ran it (the dump's own default privileges name the role that made the backup).
 */
export async function restoreDefaultPrivileges(db: Db): Promise<void> {
  await db.execute(sql.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`));
  await db.execute(sql.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`));
}
