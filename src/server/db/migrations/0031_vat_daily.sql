CREATE TABLE "vat_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"rate" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vat_daily_tenant_id_day_kind_rate_pk" PRIMARY KEY("tenant_id","day","kind","rate")
);
--> statement-breakpoint
ALTER TABLE "vat_daily" ADD CONSTRAINT "vat_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below (issue 25, decision 035): the ledger summed by Europe/London day for the VAT report.
SELECT app_enable_tenant_rls('vat_daily');
--> statement-breakpoint
ALTER TABLE "vat_daily" ADD CONSTRAINT "vat_daily_check" CHECK (kind in ('sale', 'refund') and rate in ('standard', 'reduced', 'zero', 'exempt') and entries >= 0);
--> statement-breakpoint
INSERT INTO "vat_daily" (tenant_id, day, kind, rate, gross, vat, entries)
  SELECT e.tenant_id, (e.occurred_at AT TIME ZONE 'Europe/London')::date, e.kind, e.rate, sum(e.gross), sum(e.vat),
         count(DISTINCT coalesce(e.refund_id, e.order_id))
  FROM "vat_entries" e GROUP BY 1, 2, 3, 4;
