CREATE TABLE "crm_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"kit" text DEFAULT 'store' NOT NULL,
	"deposit_lead_status" text DEFAULT 'won' NOT NULL,
	"project_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_settings_kit_check" CHECK (kit in ('agency', 'store')),
	CONSTRAINT "crm_settings_status_check" CHECK (deposit_lead_status in ('new', 'contacted', 'qualified', 'quoted', 'won', 'lost')),
	CONSTRAINT "crm_settings_project_types_check" CHECK (jsonb_typeof(project_types) = 'array' and octet_length(project_types::text) <= 65536)
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_sizes_check";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "crm_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deposit_paid_pence" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_settings" ADD CONSTRAINT "crm_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_sizes_check" CHECK (length(name) between 1 and 200 and length(email) between 1 and 254 and coalesce(length(phone), 0) <= 50
        and coalesce(length(company), 0) <= 200 and coalesce(length(project_type), 0) <= 100
        and coalesce(length(project_description), 0) <= 5000 and coalesce(length(budget_range), 0) <= 100
        and coalesce(length(user_notes), 0) <= 5000 and coalesce(length(location), 0) <= 200
        and length(source) between 1 and 50 and coalesce(length(bark_id), 0) <= 200 and coalesce(length(notes), 0) <= 20000
        and (quote_amount_pence is null or quote_amount_pence between 0 and 100000000000)
        and (deposit_paid_pence is null or deposit_paid_pence > 0));--> statement-breakpoint
-- A store's CRM settings are its own (decision 044): tenant isolation, as every store table.
SELECT app_enable_tenant_rls('crm_settings');
