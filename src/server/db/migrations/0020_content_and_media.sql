CREATE TABLE "content_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"template_key" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content_draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_published" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_status_check" CHECK (status in ('draft', 'published')),
	CONSTRAINT "content_pages_published_check" CHECK (status = 'draft' or content_published is not null),
	CONSTRAINT "content_pages_sizes_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100 and length(template_key) <= 40 and length(content_draft::text) <= 100000 and (content_published is null or length(content_published::text) <= 100000))
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"storage_path" text NOT NULL,
	"url" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"alt_text" text,
	"metadata_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_sizes_check" CHECK (length(filename) between 1 and 255 and length(storage_path) <= 300 and length(url) <= 2048 and length(mime_type) <= 100 and file_size >= 0 and (alt_text is null or length(alt_text) <= 250) and length(metadata_json::text) <= 4000)
);
--> statement-breakpoint
CREATE TABLE "navigation_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigation_menus_sizes_check" CHECK (length(key) <= 32 and jsonb_typeof(groups) = 'array' and length(groups::text) <= 200000)
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menus" ADD CONSTRAINT "navigation_menus_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_tenant_slug_uq" ON "content_pages" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "content_pages_tenant_updated_idx" ON "content_pages" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_tenant_path_uq" ON "media_files" USING btree ("tenant_id","storage_path");--> statement-breakpoint
CREATE INDEX "media_files_tenant_url_idx" ON "media_files" USING btree ("tenant_id","url");--> statement-breakpoint
CREATE INDEX "media_files_tenant_created_idx" ON "media_files" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "navigation_menus_tenant_key_uq" ON "navigation_menus" USING btree ("tenant_id","key");--> statement-breakpoint
-- hand-written below
-- Issue 14: each store sees and writes only its own menus, pages and library files (DESIGN rule 2).
SELECT app_enable_tenant_rls('navigation_menus');
--> statement-breakpoint
SELECT app_enable_tenant_rls('content_pages');
--> statement-breakpoint
SELECT app_enable_tenant_rls('media_files');
--> statement-breakpoint
-- The storefront's menu and published pages are cached with the catalogue (catalogue-cache.ts): a
-- committed write to either tells every instance to drop that store's cached reads (as 0011).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['navigation_menus', 'content_pages'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()', t || '_catalogue_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Files uploaded before the library existed (served by the app at /files/tenants/<id>/media/<name>)
-- join it, so they can be found, reused and deleted there too. Their size was never recorded: 0.
INSERT INTO media_files (tenant_id, filename, storage_path, url, mime_type, file_size, metadata_json)
SELECT DISTINCT ON (u.tenant_id, u.key) u.tenant_id, regexp_replace(u.key, '^.*/', ''), u.key, u.url,
  CASE lower(regexp_replace(u.key, '^.*\.', ''))
    WHEN 'png' THEN 'image/png' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif'
    WHEN 'avif' THEN 'image/avif' ELSE 'image/jpeg' END,
  0, jsonb_build_object('originalName', regexp_replace(u.key, '^.*/', ''), 'backfilled', true)
FROM (
  SELECT tenant_id, image_url AS url, substr(image_url, 8) AS key FROM product_images
  UNION ALL
  SELECT tenant_id, hero_image_url, substr(hero_image_url, 8) FROM categories WHERE hero_image_url IS NOT NULL
) u
WHERE u.url ~ ('^/files/tenants/' || u.tenant_id::text || '/media/[a-z0-9][a-z0-9._-]{0,120}$')
ON CONFLICT DO NOTHING;
