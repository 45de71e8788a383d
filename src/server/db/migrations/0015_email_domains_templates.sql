CREATE TABLE "email_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dkim_selector" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"dkim_private_key" text NOT NULL,
	"dns_json" jsonb NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_domains_status_check" CHECK (status in ('pending', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_domains" ADD CONSTRAINT "email_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_domains_tenant_domain_key" ON "email_domains" USING btree ("tenant_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_custom_key" ON "email_templates" USING btree ("tenant_id","key") WHERE tenant_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_default_key" ON "email_templates" USING btree ("key") WHERE tenant_id is null;--> statement-breakpoint
-- hand-written below
-- Sending domains: plain tenant isolation.
SELECT app_enable_tenant_rls('email_domains');
--> statement-breakpoint
-- The DKIM private key never reaches request code: the app role reads every column but that one (like
-- users.password_hash, decision 013). Inserts name every column (drizzle writes DEFAULT for the rest).
REVOKE SELECT, INSERT, UPDATE, DELETE ON email_domains FROM shop_app;
--> statement-breakpoint
GRANT SELECT (id, tenant_id, domain, from_name, from_email, status, dkim_selector, dkim_public_key, dns_json, verified_at, last_checked_at, created_at, updated_at) ON email_domains TO shop_app;
--> statement-breakpoint
GRANT INSERT (id, tenant_id, domain, from_name, from_email, status, dkim_selector, dkim_public_key, dkim_private_key, dns_json, verified_at, last_checked_at, created_at, updated_at) ON email_domains TO shop_app;
--> statement-breakpoint
GRANT UPDATE (from_name, status, dns_json, verified_at, last_checked_at, updated_at) ON email_domains TO shop_app;
--> statement-breakpoint
GRANT DELETE ON email_domains TO shop_app;
--> statement-breakpoint
-- What the mail sender signs with: the current store's most recently verified domain, with its key.
-- SECURITY DEFINER reads the key column the app role cannot; the tenant comes from the transaction's
-- own setting, so a store only ever gets its own.
CREATE OR REPLACE FUNCTION app_email_sending_identity()
  RETURNS TABLE (domain text, from_name text, from_email text, dkim_selector text, dkim_private_key text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT d.domain, d.from_name, d.from_email, d.dkim_selector, d.dkim_private_key
  FROM email_domains d
  WHERE d.tenant_id = app_current_tenant() AND d.status = 'verified'
  ORDER BY d.verified_at DESC, d.id
  LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_email_sending_identity() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_email_sending_identity() TO shop_app;
--> statement-breakpoint
-- Templates: a store sees and writes its own; the defaults (tenant_id null) are readable by every
-- store and written by nobody but the owner connection at boot (decision 015).
SELECT app_enable_tenant_rls('email_templates');
--> statement-breakpoint
CREATE POLICY default_templates_read ON email_templates FOR SELECT USING (tenant_id IS NULL);
