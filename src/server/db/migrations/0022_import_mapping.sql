CREATE TABLE "import_field_mappings" (
	"tenant_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"field" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_field_mappings_tenant_id_header_key_pk" PRIMARY KEY("tenant_id","header_key"),
	CONSTRAINT "import_field_mappings_sizes_check" CHECK (length(header_key) between 1 and 200 and (field is null or length(field) <= 40))
);
--> statement-breakpoint
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_sizes_check";--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "dry_run" jsonb;--> statement-breakpoint
ALTER TABLE "import_field_mappings" ADD CONSTRAINT "import_field_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_sizes_check" CHECK (length(original_filename) between 1 and 255 and (storage_path is null or length(storage_path) <= 300) and (file_size is null or file_size >= 0) and (error is null or length(error) <= 2000) and jsonb_typeof(stats) = 'object' and (mapping is null or jsonb_typeof(mapping) = 'array') and (dry_run is null or jsonb_typeof(dry_run) = 'object'));--> statement-breakpoint
-- hand-written below
-- Issue 15: each store sees and writes only its own saved field mapping (DESIGN rule 2).
SELECT app_enable_tenant_rls('import_field_mappings');
