ALTER TABLE "tenants" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_suspended_reason_check" CHECK (length(coalesce("suspended_reason", '')) <= 500);--> statement-breakpoint
-- The reason is the platform's word to the store, as the suspension itself: only a platform owner sets it.
CREATE OR REPLACE FUNCTION app_guard_tenant_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.suspended_at IS DISTINCT FROM OLD.suspended_at OR NEW.suspended_reason IS DISTINCT FROM OLD.suspended_reason) AND NOT app_is_platform_owner() THEN
    RAISE EXCEPTION 'only a platform owner may suspend or reactivate a store' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER tenants_suspension_guard ON tenants;--> statement-breakpoint
CREATE TRIGGER tenants_suspension_guard BEFORE UPDATE OF suspended_at, suspended_reason ON tenants
  FOR EACH ROW EXECUTE FUNCTION app_guard_tenant_suspension();
