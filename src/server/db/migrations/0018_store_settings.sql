ALTER TABLE "tenants" ADD COLUMN "settings_json" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_settings_json_check" CHECK (jsonb_typeof("tenants"."settings_json") = 'object' and octet_length("tenants"."settings_json"::text) <= 16384);--> statement-breakpoint
-- hand-written below
-- Host resolution across instances (issue 13, DESIGN rule 12). Every instance caches host -> store
-- (TenantResolver, with the store's name and public details) and LISTENs on tenants_changed; a
-- committed write to a store row or its domains sends the store's id, so a rename or new contact
-- details show on every instance within moments, not after the cache's time limit. Statement triggers
-- with transition tables, as in 0011: one message per store per transaction (PostgreSQL folds
-- duplicates), none on rollback. TRUNCATE (tests only) sends '' for every store.
CREATE OR REPLACE FUNCTION notify_tenant_row_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tenants_changed', '');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('tenants_changed', s.id::text) FROM (SELECT DISTINCT id FROM new_rows) s;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('tenants_changed', s.id::text) FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows) s;
  ELSE
    PERFORM pg_notify('tenants_changed', s.id::text) FROM (SELECT DISTINCT id FROM old_rows) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_tenant_domain_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tenants_changed', '');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('tenants_changed', s.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM new_rows) s;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('tenants_changed', s.tenant_id::text) FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) s;
  ELSE
    PERFORM pg_notify('tenants_changed', s.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM old_rows) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
DO $$
DECLARE
  t text;
  fn text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenants', 'tenant_domains'] LOOP
    fn := CASE t WHEN 'tenants' THEN 'notify_tenant_row_changed' ELSE 'notify_tenant_domain_changed' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_host_insert', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_host_update', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_host_delete', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_host_truncate', t, fn);
  END LOOP;
END $$;
