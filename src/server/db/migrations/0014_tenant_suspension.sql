ALTER TABLE "tenants" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
-- hand-written below
-- A store's own scope may rename its tenant row (policy own_or_owner_update), so RLS alone would let
-- a suspended store's admin lift its own suspension. Only a verified platform owner may change it.
CREATE OR REPLACE FUNCTION app_guard_tenant_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.suspended_at IS DISTINCT FROM OLD.suspended_at AND NOT app_is_platform_owner() THEN
    RAISE EXCEPTION 'only a platform owner may suspend or reactivate a store' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_suspension_guard BEFORE UPDATE OF suspended_at ON tenants
  FOR EACH ROW EXECUTE FUNCTION app_guard_tenant_suspension();
