CREATE TABLE "stray_payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"payment_reference" text,
	"destination_account" text,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_due" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"refunded_amount" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "stray_payment_refunds_state_check" CHECK (state in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "stray_payment_refunds_kind_check" CHECK (subject_kind in ('order', 'quote') and reason in ('already_paid', 'amount_mismatch', 'other_session', 'not_found')),
	CONSTRAINT "stray_payment_refunds_check" CHECK (amount > 0 and (amount_due is null or amount_due >= 0) and (refunded_amount is null or refunded_amount >= 0)
        and length(provider) between 1 and 20 and length(session_id) between 1 and 300 and coalesce(length(payment_reference), 0) <= 300
        and coalesce(length(destination_account), 0) <= 255 and coalesce(length(provider_refund_id), 0) <= 255 and coalesce(length(last_error), 0) <= 1000)
);
--> statement-breakpoint
CREATE TABLE "test_deposit_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"session_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_deposit_refunds_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "test_deposit_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"quote_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_path" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_reference" text,
	"destination_account" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_deposit_sessions_status_check" CHECK (status in ('open', 'complete', 'expired')),
	CONSTRAINT "test_deposit_sessions_check" CHECK (amount > 0 and refunded_amount between 0 and amount and length(description) <= 300 and length(return_path) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"quote_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_events_sizes_check" CHECK (length(type) between 1 and 50 and length(message) between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "email_messages" ALTER COLUMN "tenant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_session_amount_pence" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_opening_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_opening_token" uuid;--> statement-breakpoint
ALTER TABLE "stray_payment_refunds" ADD CONSTRAINT "stray_payment_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_deposit_refunds" ADD CONSTRAINT "test_deposit_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_deposit_refunds" ADD CONSTRAINT "test_deposit_refunds_session_id_test_deposit_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_deposit_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_deposit_sessions" ADD CONSTRAINT "test_deposit_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stray_payment_refunds_session_uq" ON "stray_payment_refunds" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "stray_payment_refunds_pending_idx" ON "stray_payment_refunds" USING btree ("tenant_id","tried_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "stray_payment_refunds_subject_idx" ON "stray_payment_refunds" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_deposit_refunds_key_uq" ON "test_deposit_refunds" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"idempotency_key");--> statement-breakpoint
CREATE INDEX "test_deposit_sessions_quote_idx" ON "test_deposit_sessions" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payment_session_check" CHECK (coalesce(length(payment_url), 0) <= 2000 and coalesce(length(payment_provider), 0) <= 20
        and (payment_session_amount_pence is null or payment_session_amount_pence > 0));--> statement-breakpoint
-- hand-written:
-- Decision 029. Every new table is a sales book's (like quotes, decision 027): a store's rows under
-- tenant_isolation, the platform's own (tenant_id null) only in a platform-sales scope with no tenant.
-- The server sets that flag for verified platform sales people and owners, and for work proven by a
-- payment provider's signature or an unguessable link (a quote's deposit, its refunds, the built-in
-- gateway's own deposit sessions); every statement there names one row.
SELECT app_enable_tenant_rls('quote_events');
--> statement-breakpoint
CREATE POLICY platform_sales ON quote_events USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
SELECT app_enable_tenant_rls('stray_payment_refunds');
--> statement-breakpoint
CREATE POLICY platform_sales ON stray_payment_refunds USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
SELECT app_enable_tenant_rls('test_deposit_sessions');
--> statement-breakpoint
CREATE POLICY platform_sales ON test_deposit_sessions USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
SELECT app_enable_tenant_rls('test_deposit_refunds');
--> statement-breakpoint
CREATE POLICY platform_sales ON test_deposit_refunds USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
-- The platform's own mail (a platform quote's refund notice to its owners): tenant_id null, written and
-- delivered only in the same platform-sales scope; a store's scope never sees it.
CREATE POLICY platform_sales ON email_messages USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
-- Sessions recorded before this migration: the provider that opened them (the built-in gateway's ids
-- start cq_test_). The gateway's old deposit sessions were stateless signed ids it no longer reads, so
-- an unpaid quote forgets them and its next start opens a session that has a row.
UPDATE quotes SET payment_provider = CASE WHEN payment_session_id LIKE 'cq\_test\_%' THEN 'test' ELSE 'stripe' END WHERE payment_session_id IS NOT NULL;
--> statement-breakpoint
UPDATE quotes SET payment_session_id = NULL, payment_provider = NULL WHERE paid_at IS NULL AND payment_session_id LIKE 'cq\_test\_%';
