CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_subtotal" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK (kind in ('percentage', 'fixed', 'free_delivery')),
	CONSTRAINT "discount_codes_applies_check" CHECK (applies_to in ('order', 'items')),
	CONSTRAINT "discount_codes_value_check" CHECK ((kind = 'percentage' and value between 1 and 100) or (kind = 'fixed' and value between 1 and 100000000) or (kind = 'free_delivery' and value = 0)),
	CONSTRAINT "discount_codes_limits_check" CHECK ((min_subtotal is null or min_subtotal >= 0) and (usage_limit is null or usage_limit >= 1) and uses >= 0 and (ends_at is null or starts_at is null or ends_at > starts_at)),
	CONSTRAINT "discount_codes_code_check" CHECK (code ~ '^[A-Z0-9_-]{3,32}$')
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code_id" uuid,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"discount_amount" integer NOT NULL,
	"shipping_discount" integer DEFAULT 0 NOT NULL,
	"order_total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_state_check" CHECK (state in ('held', 'used', 'released')),
	CONSTRAINT "discount_redemptions_money_check" CHECK (discount_amount >= 0 and shipping_discount >= 0 and order_total >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree ("tenant_id",upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_tenant_idx" ON "discount_codes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_uq" ON "discount_redemptions" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" USING btree ("tenant_id","code_id","email");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK (discount_amount between 0 and total_amount);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK (subtotal >= 0 and discount_total >= 0 and shipping_discount >= 0 and shipping_total >= 0 and tax_total >= 0 and total_amount >= 0 and refunded_amount between 0 and total_amount);--> statement-breakpoint
-- Issue 28: discount codes and their uses are a store's own rows, like every other store table.
SELECT app_enable_tenant_rls('discount_codes');
--> statement-breakpoint
SELECT app_enable_tenant_rls('discount_redemptions');
