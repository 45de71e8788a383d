CREATE TABLE "picture_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"width" integer,
	"height" integer,
	"widths" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_variants_state_check" CHECK (state in ('pending', 'done', 'failed')),
	CONSTRAINT "picture_variants_sizes_check" CHECK (length(storage_key) <= 300 and length(url) <= 2048 and (width is null or width between 1 and 100000) and (height is null or height between 1 and 100000) and cardinality(widths) <= 10 and (error is null or length(error) <= 500))
);
--> statement-breakpoint
ALTER TABLE "background_jobs" DROP CONSTRAINT "background_jobs_kind_check";--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "picture_variants_tenant_key_uq" ON "picture_variants" USING btree ("tenant_id","storage_key");--> statement-breakpoint
CREATE INDEX "picture_variants_tenant_url_idx" ON "picture_variants" USING btree ("tenant_id","url");--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_kind_check" CHECK (kind in ('product_import', 'picture_variants', 'picture_backfill'));--> statement-breakpoint
-- hand-written below
-- Decision 052: a store's pictures and their resized copies are its own rows (DESIGN rule 2).
SELECT app_enable_tenant_rls('picture_variants');
