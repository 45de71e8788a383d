ALTER TABLE "tenants" ADD COLUMN "launched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "preview_password" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "delivery_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_preview_password_check" CHECK ("tenants"."preview_password" is null or length("tenants"."preview_password") between 4 and 64);--> statement-breakpoint
-- hand-written below
-- Stores that exist already were public and selling: they count as launched, and their delivery
-- options as confirmed. Stores created from now on start unlaunched (issue 25).
UPDATE "tenants" SET "launched_at" = "created_at";--> statement-breakpoint
UPDATE "tenants" t SET "delivery_confirmed_at" = t."created_at" WHERE EXISTS (SELECT 1 FROM "shipping_methods" m WHERE m."tenant_id" = t."id");--> statement-breakpoint
-- The demo stores keep the promises the specification gave them (storefront spec §9), now as their
-- own settings; no other store is promised anything it did not choose.
UPDATE "tenants" SET "settings_json" = "settings_json" || jsonb_build_object('policies', jsonb_build_object(
  'returns_days', 30, 'refund_days', jsonb_build_object('min', 5, 'max', 7), 'dispatch_days', jsonb_build_object('min', 1, 'max', 2),
  'delivery_note', 'Next-day delivery to most UK postcodes, and click & collect when it suits you.', 'legal_pages', '{}'::jsonb))
WHERE "slug" IN ('demo', 'acme') AND NOT ("settings_json" ? 'policies');--> statement-breakpoint
-- The host cache holds each store's promises, made from its delivery options and legal pages: a
-- committed change to either announces the store on tenants_changed, as a change to its row does
-- (migration 0018's function reads tenant_id from the transition tables).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shipping_methods', 'content_pages'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_domain_changed()', t || '_host_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_domain_changed()', t || '_host_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_domain_changed()', t || '_host_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_domain_changed()', t || '_host_truncate', t);
  END LOOP;
END $$;
