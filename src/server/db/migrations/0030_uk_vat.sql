CREATE TABLE "invoice_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"rate" text NOT NULL,
	"gross" integer NOT NULL,
	"vat" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_entries_check" CHECK (kind in ('sale', 'refund') and rate in ('standard', 'reduced', 'zero', 'exempt') and abs(vat) <= abs(gross) and (kind = 'refund' or vat >= 0))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "vat_mode" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_entries" ADD CONSTRAINT "vat_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_entries" ADD CONSTRAINT "vat_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_entries" ADD CONSTRAINT "vat_entries_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_entries_period_idx" ON "vat_entries" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "vat_entries_order_idx" ON "vat_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_uq" ON "orders" USING btree ("tenant_id","invoice_number");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vat_rate_check" CHECK (vat_rate is null or vat_rate in ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK (vat_rate is null or vat_rate in ('standard', 'reduced', 'zero', 'exempt'));--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_vat_mode_check" CHECK (vat_mode in ('standard', 'goods'));--> statement-breakpoint
-- hand-written below (issue 25, decision 035)
SELECT app_enable_tenant_rls('invoice_counters');
--> statement-breakpoint
SELECT app_enable_tenant_rls('vat_entries');
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_check" CHECK ((vat_rate is null or vat_rate in ('standard', 'reduced', 'zero', 'exempt')) and vat_amount between 0 and greatest(total_amount, 0));
--> statement-breakpoint
-- A store that gave a VAT number before the switch existed keeps charging VAT: the switch reads as on
-- while left out of its settings (store-settings.ts). Orders placed before this migration all said
-- "Includes £x VAT" at the standard rate, so that is what they keep: each line at the standard rate,
-- the order's breakdown one standard part.
UPDATE "order_items" SET "vat_rate" = 'standard', "vat_amount" = round(total_amount * 20 / 120.0)::int WHERE total_amount > 0;
--> statement-breakpoint
UPDATE "orders" SET "vat_breakdown" = jsonb_build_array(jsonb_build_object('rate', 'standard', 'gross', total_amount, 'vat', vat_included)) WHERE vat_included > 0;
--> statement-breakpoint
-- Paid orders get their receipt numbers in the order they were paid, store by store, and the counter
-- carries on from the last; their sales (and refunds so far, as one entry) go into the VAT ledger.
UPDATE "orders" o SET "invoice_number" = n.num FROM (
  SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY paid_at, id) AS num FROM "orders" WHERE paid_at IS NOT NULL
) n WHERE o.id = n.id;
--> statement-breakpoint
INSERT INTO "invoice_counters" (tenant_id, last_number) SELECT tenant_id, max(invoice_number) FROM "orders" WHERE invoice_number IS NOT NULL GROUP BY tenant_id;
--> statement-breakpoint
INSERT INTO "vat_entries" (tenant_id, order_id, kind, rate, gross, vat, occurred_at)
  SELECT tenant_id, id, 'sale', 'standard', total_amount, vat_included, paid_at FROM "orders" WHERE paid_at IS NOT NULL AND vat_included > 0;
--> statement-breakpoint
INSERT INTO "vat_entries" (tenant_id, order_id, kind, rate, gross, vat, occurred_at)
  SELECT tenant_id, id, 'refund', 'standard', refunded_amount, round(vat_included * refunded_amount / total_amount::numeric)::int, updated_at
  FROM "orders" WHERE paid_at IS NOT NULL AND vat_included > 0 AND refunded_amount > 0 AND total_amount > 0;
