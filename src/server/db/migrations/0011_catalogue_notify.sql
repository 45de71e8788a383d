-- Cache invalidation across instances (issue 12 item 3, DESIGN rule 12). Every instance keeps its own
-- catalogue cache (src/server/modules/catalog/catalogue-cache.ts) and LISTENs on catalogue_changed;
-- a write to any table the cached storefront reads come from sends the tenant's id there.
-- NOTIFY is delivered only when the writing transaction commits (nothing on rollback), and PostgreSQL
-- folds identical notifications of one transaction into one, so a checkout or an import costs one
-- message per tenant, not one per row.
-- Statement triggers with transition tables: one call per statement, whatever the number of rows.
-- Not SECURITY DEFINER: it runs as the writer (shop_app under row-level security), reads only the
-- transition tables (the rows that writer just changed) and pg_notify needs no privilege.
-- TRUNCATE has no transition table: the empty payload means every tenant (only tests truncate).
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('catalogue_changed', '');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('catalogue_changed', s.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM new_rows) s;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Both sides: a row moved to another tenant (never done, but possible) changes both catalogues.
    PERFORM pg_notify('catalogue_changed', s.tenant_id::text)
    FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) s;
  ELSE
    PERFORM pg_notify('catalogue_changed', s.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM old_rows) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the cached reads (storefront-repo.ts, seo-service.ts) select from: products (prices, stock,
-- ratings, liveness), their variants, pictures and categories, and the categories themselves. The search
-- index tables follow products inside the same transaction; reviews reach the cache only through the
-- rating columns on products; the store's name is part of the page-head cache key.
-- PostgreSQL allows transition tables only on a trigger for a single event: one trigger per event.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_variants', 'product_images', 'product_categories', 'categories'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_truncate', t);
  END LOOP;
END $$;
