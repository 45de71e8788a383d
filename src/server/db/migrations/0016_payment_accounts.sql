CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '{"currently_due":[],"past_due":[],"pending_verification":[],"disabled_reason":null}'::jsonb NOT NULL,
	"capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_ref_check" CHECK (length(account_ref) between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "test_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shop_name" text NOT NULL,
	"business_name" text,
	"business_type" text,
	"website" text,
	"bank_last4" text,
	"person_name" text,
	"business_details_at" timestamp with time zone,
	"bank_account_at" timestamp with time zone,
	"identity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_destination" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "destination_account" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_connect_accounts" ADD CONSTRAINT "test_connect_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_tenant_provider_uq" ON "payment_accounts" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_ref_uq" ON "payment_accounts" USING btree ("provider","account_ref");--> statement-breakpoint
-- hand-written below
-- Tenant tables: row-level security like every other (DESIGN rule 2).
SELECT app_enable_tenant_rls('payment_accounts');
--> statement-breakpoint
SELECT app_enable_tenant_rls('test_connect_accounts');
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_provider_check" CHECK (provider in ('test', 'stripe'));
