CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"requested_by" text NOT NULL,
	"staff_user_id" uuid,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK (kind in ('export', 'erasure') and requested_by in ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_tenant_idx" ON "privacy_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- The audit of exports and erasures: a store's rows in its own scope; the platform account's erasure
-- (tenant_id null) is written in the person's platform scope and read by platform owners only.
SELECT app_enable_tenant_rls('privacy_requests');--> statement-breakpoint
CREATE POLICY platform_rows_insert ON privacy_requests FOR INSERT WITH CHECK (tenant_id IS NULL AND app_current_tenant() IS NULL);--> statement-breakpoint
CREATE POLICY platform_rows_read ON privacy_requests FOR SELECT USING (tenant_id IS NULL AND app_is_platform_owner());--> statement-breakpoint
-- An erased order counts towards no customer record: it leaves its customer's figures as it is erased
-- (the update is "no longer counted") and never joins another (its email is blank).
CREATE OR REPLACE FUNCTION store_customers_follow_order() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  was_counted boolean := TG_OP <> 'INSERT' AND OLD.payment_status IN ('paid', 'partially_refunded', 'refunded') AND OLD.erased_at IS NULL;
  is_counted boolean := TG_OP <> 'DELETE' AND NEW.payment_status IN ('paid', 'partially_refunded', 'refunded') AND NEW.erased_at IS NULL;
BEGIN
  IF was_counted AND is_counted AND lower(OLD.customer_email) = lower(NEW.customer_email) AND OLD.tenant_id = NEW.tenant_id THEN
    PERFORM store_customer_add(NEW.tenant_id, lower(NEW.customer_email), NEW.customer_name, NEW.user_id, NEW.placed_at, 0,
      (NEW.total_amount - NEW.refunded_amount)::bigint - (OLD.total_amount - OLD.refunded_amount));
    RETURN NULL;
  END IF;
  IF was_counted THEN
    PERFORM store_customer_add(OLD.tenant_id, lower(OLD.customer_email), '', NULL, OLD.placed_at, -1, -(OLD.total_amount - OLD.refunded_amount)::bigint);
  END IF;
  IF is_counted THEN
    PERFORM store_customer_add(NEW.tenant_id, lower(NEW.customer_email), NEW.customer_name, NEW.user_id, NEW.placed_at, 1, (NEW.total_amount - NEW.refunded_amount)::bigint);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order losing its account (the account erased: ON DELETE SET NULL, run in no store's scope) changes
-- no customer's figures, and the customer record loses the account by its own foreign key: not followed.
DROP TRIGGER orders_customers_update ON orders;--> statement-breakpoint
CREATE TRIGGER orders_customers_update
  AFTER UPDATE OF tenant_id, payment_status, total_amount, refunded_amount, customer_email, customer_name, user_id, placed_at, erased_at ON orders
  FOR EACH ROW
  WHEN ((OLD.payment_status IN ('paid', 'partially_refunded', 'refunded') OR NEW.payment_status IN ('paid', 'partially_refunded', 'refunded'))
        AND (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.total_amount IS DISTINCT FROM NEW.total_amount
             OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount OR OLD.customer_email IS DISTINCT FROM NEW.customer_email
             OR OLD.customer_name IS DISTINCT FROM NEW.customer_name OR (NEW.user_id IS NOT NULL AND OLD.user_id IS DISTINCT FROM NEW.user_id)
             OR OLD.placed_at IS DISTINCT FROM NEW.placed_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
             OR OLD.erased_at IS DISTINCT FROM NEW.erased_at))
  EXECUTE FUNCTION store_customers_follow_order();--> statement-breakpoint
-- The platform-wide account is erased on the person's own request (issue 26): their own row only, never
-- a platform owner's or sales account. Everything that hangs off the account goes with it (ON DELETE).
GRANT DELETE ON users TO shop_app;--> statement-breakpoint
CREATE POLICY erase_own_account ON users FOR DELETE USING (id = app_current_user() AND NOT is_platform_owner AND NOT is_platform_sales);
--> statement-breakpoint
-- The platform's own mail to an account being erased (sign-up confirmation, reset links on the platform
-- host): rows only platform owners may read, so the person's scope deletes them through this, and only
-- those addressed to their own account's email.
CREATE OR REPLACE FUNCTION app_forget_own_platform_mail() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  n integer;
BEGIN
  WITH gone AS (
    DELETE FROM email_messages m USING users u
    WHERE u.id = app_current_user() AND m.tenant_id IS NULL AND lower(m.to_address) = lower(u.email)
    RETURNING 1)
  SELECT count(*) INTO n FROM gone;
  RETURN n;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_forget_own_platform_mail() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_forget_own_platform_mail() TO shop_app;
