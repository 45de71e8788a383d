ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- hand-written below
-- Accounts that exist already count as confirmed: they signed in and worked before confirmation was
-- asked for. New sign-ups confirm through the link sent when they open a shop (issue 25).
UPDATE "users" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
GRANT SELECT ("email_confirmed_at") ON "users" TO shop_app;--> statement-breakpoint
GRANT INSERT ("email_confirmed_at"), UPDATE ("email_confirmed_at") ON "users" TO shop_app;--> statement-breakpoint
-- A merchant opening a shop themselves (issue 25): the server scopes the transaction to the new
-- store's id, chosen by the server after its checks, and only that one row may be inserted; a scope
-- for an existing store can insert nothing, its id being taken. The platform owner's own policy
-- (0012) stays as it was.
CREATE POLICY own_scope_insert ON "tenants" FOR INSERT WITH CHECK ("id" = app_current_tenant());
