ALTER TABLE "tenant_invitations" DROP CONSTRAINT "tenant_invitations_status_check";--> statement-breakpoint
ALTER TABLE "tenant_invitations" DROP CONSTRAINT "tenant_invitations_sizes_check";--> statement-breakpoint
DROP INDEX "tenant_invitations_pending_unique";--> statement-breakpoint
ALTER TABLE "tenant_invitations" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD COLUMN "granted_by" uuid;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD COLUMN "requested_by_email" text;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_failures_device_idx" ON "sign_in_failures" USING btree ("device","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_invitations_open_unique" ON "tenant_invitations" USING btree ("tenant_id","email") WHERE status in ('pending', 'awaiting_approval');--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_token_check" CHECK ((status not in ('pending', 'accepted') or token_hash is not null) and (status <> 'awaiting_approval' or token_hash is null));--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_status_check" CHECK (status in ('pending', 'accepted', 'revoked', 'awaiting_approval', 'declined'));--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_sizes_check" CHECK (length(email) between 3 and 254 and (token_hash is null or length(token_hash) = 64) and coalesce(length(requested_by_email), 0) <= 254);