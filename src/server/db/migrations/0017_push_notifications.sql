CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_id" uuid,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_kind_check" CHECK (kind in ('customer', 'staff')),
	CONSTRAINT "push_subscriptions_staff_user_check" CHECK (kind <> 'staff' or user_id is not null),
	CONSTRAINT "push_subscriptions_sizes_check" CHECK (length(endpoint) <= 1024 and length(p256dh) <= 128 and length(auth) <= 64 and (user_agent is null or length(user_agent) <= 512))
);
--> statement-breakpoint
CREATE TABLE "push_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"icon" text,
	"url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_templates_sizes_check" CHECK (length(key) <= 64 and length(title) <= 120 and length(body) <= 500 and (icon is null or length(icon) <= 2048) and (url is null or length(url) <= 2048))
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("tenant_id","kind","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_templates_tenant_key_uq" ON "push_templates" USING btree ("tenant_id","key") WHERE tenant_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_templates_default_key_uq" ON "push_templates" USING btree ("key") WHERE tenant_id is null;--> statement-breakpoint
-- hand-written below
-- Subscriptions: each store sees and writes only its own (DESIGN rule 2).
SELECT app_enable_tenant_rls('push_subscriptions');
--> statement-breakpoint
-- Templates: a store's own rows as usual, and the platform defaults (tenant_id null) readable by every
-- store. Only the owner (boot) writes defaults: the tenant policy's WITH CHECK refuses a null tenant.
SELECT app_enable_tenant_rls('push_templates');
--> statement-breakpoint
CREATE POLICY platform_defaults_read ON push_templates FOR SELECT USING (tenant_id IS NULL);
--> statement-breakpoint
-- The VAPID private key signs every push the platform sends: no request may read or change it. The
-- owner reads it once at boot (modules/notifications/vapid-keys.ts).
REVOKE ALL ON push_vapid_keys FROM shop_app;
--> statement-breakpoint
-- And no policy: were a grant ever added by mistake, row-level security would still show no row. Not
-- forced, so the owner (not subject to its own table's policies) still reads it at boot.
ALTER TABLE push_vapid_keys ENABLE ROW LEVEL SECURITY;
