-- Row-level security (DESIGN rule 2). The app's request queries run as shop_app, a role that is not
-- superuser, not the tables' owner and has no BYPASSRLS, with app.tenant_id / app.user_id set per
-- transaction. A table with a tenant_id column calls app_enable_tenant_rls() in its migration; a test
-- reads pg_class so a table that forgets fails the suite.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'shop_app') THEN
    CREATE ROLE shop_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT shop_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shop_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO shop_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO shop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO shop_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.tenant_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_user() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_platform_owner() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.platform_owner', true), '') = 'on'
$$;
--> statement-breakpoint
-- Standard isolation for a tenant table: every command sees and writes only the current tenant's rows.
CREATE OR REPLACE FUNCTION app_enable_tenant_rls(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
    tbl);
END $$;
--> statement-breakpoint
SELECT app_enable_tenant_rls('tenant_domains');
--> statement-breakpoint
-- Host resolution reads domains before any tenant is known; a domain is public information anyway.
CREATE POLICY public_read ON tenant_domains FOR SELECT USING (true);
--> statement-breakpoint
SELECT app_enable_tenant_rls('memberships');
--> statement-breakpoint
-- A signed-in user may list their own memberships across tenants (the tenant chooser).
CREATE POLICY own_memberships ON memberships FOR SELECT USING (user_id = app_current_user());
--> statement-breakpoint
-- The platform owner's tenant list counts members; the server sets the flag only for verified owners.
CREATE POLICY platform_owner_read ON memberships FOR SELECT USING (app_is_platform_owner());
