CREATE TABLE "two_step_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "two_step_recovery_codes" ADD CONSTRAINT "two_step_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_step_recovery_codes_user_idx" ON "two_step_recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- users (migration 0012 grants the app role named columns only): the two-step columns may be read and
-- changed by the account's own scope (the own_account policy); inserts name every column.
GRANT SELECT ("totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step") ON "users" TO shop_app;--> statement-breakpoint
GRANT INSERT ("totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step"), UPDATE ("totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step") ON "users" TO shop_app;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_totp_check" CHECK (length(coalesce("totp_secret", '')) <= 200 AND length(coalesce("totp_pending_secret", '')) <= 200);--> statement-breakpoint
-- Recovery codes: only the account's own scope sees or uses them.
ALTER TABLE two_step_recovery_codes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE two_step_recovery_codes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY own_codes ON two_step_recovery_codes USING (user_id = app_current_user()) WITH CHECK (user_id = app_current_user());
