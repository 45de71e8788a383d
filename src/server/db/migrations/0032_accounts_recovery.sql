CREATE TABLE "customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_length_check" CHECK (length("customer_addresses"."first_name") <= 100 and length("customer_addresses"."last_name") <= 100 and length(coalesce("customer_addresses"."company", '')) <= 200 and length("customer_addresses"."line1") <= 200 and length(coalesce("customer_addresses"."line2", '')) <= 200 and length("customer_addresses"."city") <= 100 and length("customer_addresses"."postcode") <= 10 and length("customer_addresses"."country") = 2 and length(coalesce("customer_addresses"."phone", '')) <= 40)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_resets_host_check" CHECK (length("password_resets"."host") <= 253)
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_owner_idx" ON "customer_addresses" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_default_uq" ON "customer_addresses" USING btree ("tenant_id","user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
-- Saved addresses belong to one store (tenant row-level security like every store table).
SELECT app_enable_tenant_rls('customer_addresses');
--> statement-breakpoint
-- Reset links: a scope sees the link whose token hash it names (opening the link) and the signed-in
-- user's own (asking for one supersedes the older ones); nothing lists everybody's links.
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_resets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_reset ON password_resets
  USING (token_hash = app_current_session() OR user_id = app_current_user())
  WITH CHECK (user_id = app_current_user());
--> statement-breakpoint
REVOKE DELETE ON password_resets FROM shop_app;
--> statement-breakpoint
-- "Forgot password" must find the account an email names without the app role listing accounts
-- (users is limited to what a scope may see): only the id, only for an exact email.
CREATE OR REPLACE FUNCTION app_user_id_for_email(p_email text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT id FROM users WHERE email = p_email
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_user_id_for_email(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_user_id_for_email(text) TO shop_app;
