CREATE TABLE "import_row_errors" (
	"tenant_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"seq" integer NOT NULL,
	"column_name" text,
	"field" text,
	"message" text NOT NULL,
	"rejected" boolean DEFAULT true NOT NULL,
	CONSTRAINT "import_row_errors_batch_id_line_seq_pk" PRIMARY KEY("batch_id","line","seq"),
	CONSTRAINT "import_row_errors_sizes_check" CHECK (line >= 1 and seq >= 0 and (column_name is null or length(column_name) <= 300) and (field is null or length(field) <= 40) and length(message) between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_kind_check" CHECK (kind in ('product_import')),
	CONSTRAINT "background_jobs_status_check" CHECK (status in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "background_jobs_sizes_check" CHECK (attempts >= 0 and (locked_by is null or length(locked_by) <= 200) and (last_error is null or length(last_error) <= 2000) and jsonb_typeof(cursor) = 'object')
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_row_errors" ADD CONSTRAINT "import_row_errors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_errors" ADD CONSTRAINT "import_row_errors_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_subject_uq" ON "background_jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "background_jobs_claim_idx" ON "background_jobs" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
-- hand-written below
-- Issue 15: each store sees and writes only its own jobs and import errors (DESIGN rule 2).
SELECT app_enable_tenant_rls('background_jobs');
--> statement-breakpoint
SELECT app_enable_tenant_rls('import_row_errors');
--> statement-breakpoint
CREATE INDEX "import_row_errors_batch_idx" ON "import_row_errors" USING btree ("tenant_id", "batch_id", "line");
--> statement-breakpoint
-- The one door across stores: a worker with no store in scope claims the oldest job that is queued, or
-- running under a lease that has lapsed (its instance died), skipping rows another worker is claiming
-- at this moment (FOR UPDATE SKIP LOCKED), so two instances never take the same job. It answers only
-- the job's identity; the worker then works on it in that store's scope, under row-level security.
-- SECURITY DEFINER: row-level security would show a scope without a store no jobs at all. The table's
-- row-level security is forced (owner included), so the owner, who runs this function, gets a policy of
-- its own; the app role never has it.
DO $$ BEGIN
  EXECUTE format('CREATE POLICY job_claim ON background_jobs TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION claim_background_job(p_worker text, p_lease_seconds integer)
RETURNS TABLE (id uuid, tenant_id uuid, kind text, subject_id uuid, attempts integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF p_worker IS NULL OR length(p_worker) NOT BETWEEN 1 AND 200 OR p_lease_seconds NOT BETWEEN 1 AND 3600 THEN
    RAISE EXCEPTION 'claim_background_job: bad worker or lease';
  END IF;
  RETURN QUERY
  UPDATE background_jobs j
     SET status = 'running', locked_by = p_worker, lease_until = now() + make_interval(secs => p_lease_seconds),
         attempts = j.attempts + 1, updated_at = now()
   WHERE j.id = (
     SELECT c.id FROM background_jobs c
      WHERE c.status IN ('queued', 'running') AND (c.lease_until IS NULL OR c.lease_until < now())
      ORDER BY c.created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
  RETURNING j.id, j.tenant_id, j.kind, j.subject_id, j.attempts;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION claim_background_job(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION claim_background_job(text, integer) TO shop_app;
