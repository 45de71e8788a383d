CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"original_filename" text NOT NULL,
	"storage_path" text,
	"file_size" bigint,
	"status" text DEFAULT 'uploading' NOT NULL,
	"stats" jsonb DEFAULT '{"rows_total":0,"rows_ok":0,"rows_failed":0}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	CONSTRAINT "import_batches_status_check" CHECK (status in ('uploading', 'uploaded', 'mapping', 'validating', 'ready', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "import_batches_file_check" CHECK (status in ('uploading', 'failed') or (storage_path is not null and file_size is not null)),
	CONSTRAINT "import_batches_sizes_check" CHECK (length(original_filename) between 1 and 255 and (storage_path is null or length(storage_path) <= 300) and (file_size is null or file_size >= 0) and (error is null or length(error) <= 2000) and jsonb_typeof(stats) = 'object')
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_tenant_created_idx" ON "import_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- hand-written below
-- Issue 15: each store sees and writes only its own import batches (DESIGN rule 2).
SELECT app_enable_tenant_rls('import_batches');
