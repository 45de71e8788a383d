-- Readiness (/readyz, decision 057): the app role asks whether this build's newest migration is
-- recorded in drizzle's own table, so an instance whose migrations are not applied answers 503. The
-- app role may read that record and nothing else there (the schema holds no other table).
GRANT USAGE ON SCHEMA drizzle TO shop_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO shop_app;
