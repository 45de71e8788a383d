CREATE TABLE "housekeeping_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "housekeeping_runs_status_check" CHECK (status in ('running', 'succeeded', 'failed')),
	CONSTRAINT "housekeeping_runs_sizes_check" CHECK (attempts between 1 and 100 and (locked_by is null or length(locked_by) <= 200) and (last_error is null or length(last_error) <= 2000) and jsonb_typeof(counts) = 'object')
);
--> statement-breakpoint
-- hand-written below
-- Decision 056: the daily clean-up's own bookkeeping holds no store's data (a day, counts, which
-- instance runs it): under row-level security like every table, with the policy saying so.
ALTER TABLE housekeeping_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE housekeeping_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_bookkeeping ON housekeeping_runs USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Sessions and reset links are seen only by the scope naming their token or their user (migrations
-- 0012, 0032), and reset links cannot be deleted by the app role at all. The clean-up removes the
-- ended ones through these two functions, which can do nothing else: a bounded batch, only rows past
-- their end, skipping rows another transaction holds.
CREATE OR REPLACE FUNCTION app_housekeeping_sessions(p_idle_seconds integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  removed integer;
BEGIN
  IF p_idle_seconds IS NULL OR p_idle_seconds < 60 OR p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 10000 THEN
    RAISE EXCEPTION 'app_housekeeping_sessions: bad idle time or batch size';
  END IF;
  WITH gone AS (
    DELETE FROM sessions WHERE id IN (
      SELECT id FROM sessions
       WHERE expires_at < now() OR last_seen_at < now() - make_interval(secs => p_idle_seconds)
       LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int INTO removed FROM gone;
  RETURN removed;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_housekeeping_password_resets(p_keep_seconds integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  removed integer;
BEGIN
  IF p_keep_seconds IS NULL OR p_keep_seconds < 0 OR p_limit IS NULL OR p_limit NOT BETWEEN 1 AND 10000 THEN
    RAISE EXCEPTION 'app_housekeeping_password_resets: bad keep time or batch size';
  END IF;
  WITH gone AS (
    DELETE FROM password_resets WHERE id IN (
      SELECT id FROM password_resets
       WHERE expires_at < now() - make_interval(secs => p_keep_seconds)
       LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int INTO removed FROM gone;
  RETURN removed;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_housekeeping_sessions(integer, integer), app_housekeeping_password_resets(integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_housekeeping_sessions(integer, integer), app_housekeeping_password_resets(integer, integer) TO shop_app;
