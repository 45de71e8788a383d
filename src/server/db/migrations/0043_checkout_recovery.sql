CREATE TABLE "checkout_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"unsubscribe_token_hash" text,
	"sent_at" timestamp with time zone,
	"skipped" text,
	"expires_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"restored_cart_id" uuid,
	"recovered_order_id" uuid,
	"recovered_total" integer,
	"recovered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_recoveries_state_check" CHECK (length(email) between 1 and 320 and (skipped is null or skipped = 'unsubscribed') and ((sent_at is not null and skipped is null and token_hash is not null and unsubscribe_token_hash is not null and expires_at is not null) or (sent_at is null and skipped is not null and token_hash is null and unsubscribe_token_hash is null))),
	CONSTRAINT "checkout_recoveries_recovered_check" CHECK (recovered_total is null or recovered_total >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_tenant_id_email_topic_pk" PRIMARY KEY("tenant_id","email","topic"),
	CONSTRAINT "email_unsubscribes_check" CHECK (length(email) between 1 and 320 and email = lower(email) and topic in ('checkout_recovery'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_origin" text;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_restored_cart_id_carts_id_fk" FOREIGN KEY ("restored_cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD CONSTRAINT "email_unsubscribes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recoveries_order_uq" ON "checkout_recoveries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recoveries_token_uq" ON "checkout_recoveries" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recoveries_unsubscribe_uq" ON "checkout_recoveries" USING btree ("tenant_id","unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_email_idx" ON "checkout_recoveries" USING btree ("tenant_id","email","sent_at");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_cart_idx" ON "checkout_recoveries" USING btree ("tenant_id","restored_cart_id");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_recovered_idx" ON "checkout_recoveries" USING btree ("tenant_id","recovered_at") WHERE recovered_at is not null;--> statement-breakpoint
CREATE INDEX "orders_unpaid_placed_idx" ON "orders" USING btree ("tenant_id","placed_at") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("tenant_id","cart_id") WHERE cart_id is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_origin_check" CHECK (checkout_origin is null or length(checkout_origin) <= 300);--> statement-breakpoint
-- hand-written below
-- Issue 28 item 6 (decision 048): a store's checkout recoveries and its unsubscribed addresses are its
-- own rows, like every other store table (DESIGN rule 2).
SELECT app_enable_tenant_rls('checkout_recoveries');
--> statement-breakpoint
SELECT app_enable_tenant_rls('email_unsubscribes');
