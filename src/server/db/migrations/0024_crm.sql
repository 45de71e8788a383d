CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"project_type" text,
	"project_description" text,
	"budget_range" text,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"quote_amount_pence" bigint,
	"user_notes" text,
	"location" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"bark_id" text,
	"notes" text,
	"next_follow_up" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'quoted', 'won', 'lost')),
	CONSTRAINT "leads_priority_check" CHECK (priority in ('low', 'medium', 'high')),
	CONSTRAINT "leads_sizes_check" CHECK (length(name) between 1 and 200 and length(email) between 1 and 254 and coalesce(length(phone), 0) <= 50
        and coalesce(length(company), 0) <= 200 and coalesce(length(project_type), 0) <= 100
        and coalesce(length(project_description), 0) <= 5000 and coalesce(length(budget_range), 0) <= 100
        and coalesce(length(user_notes), 0) <= 5000 and coalesce(length(location), 0) <= 200
        and length(source) between 1 and 50 and coalesce(length(bark_id), 0) <= 200 and coalesce(length(notes), 0) <= 20000
        and (quote_amount_pence is null or quote_amount_pence between 0 and 100000000000))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"lead_id" uuid NOT NULL,
	"unique_url" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"content" jsonb NOT NULL,
	"total_amount_pence" bigint NOT NULL,
	"deposit_amount_pence" bigint NOT NULL,
	"shopify_monthly_total_pence" bigint NOT NULL,
	"payment_session_id" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_unique_url_unique" UNIQUE("unique_url"),
	CONSTRAINT "quotes_status_check" CHECK (status in ('draft', 'active', 'expired')),
	CONSTRAINT "quotes_sizes_check" CHECK (unique_url ~ '^[A-Za-z0-9_-]{22}$' and jsonb_typeof(content) = 'object' and octet_length(content::text) <= 65536
        and total_amount_pence >= 0 and deposit_amount_pence >= 0 and shopify_monthly_total_pence >= 0 and view_count >= 0
        and coalesce(length(payment_session_id), 0) <= 300 and coalesce(length(payment_reference), 0) <= 300)
);
--> statement-breakpoint
CREATE TABLE "tenant_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"magic_link_sent_at" timestamp with time zone,
	"invited_by" uuid,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "tenant_invitations_role_check" CHECK (role in ('admin', 'staff')),
	CONSTRAINT "tenant_invitations_status_check" CHECK (status in ('pending', 'accepted', 'revoked')),
	CONSTRAINT "tenant_invitations_sizes_check" CHECK (length(email) between 3 and 254 and length(token_hash) = 64)
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_platform_sales" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_scope_created_idx" ON "leads" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_bark_id_unique" ON "leads" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"bark_id");--> statement-breakpoint
CREATE INDEX "quotes_scope_created_idx" ON "quotes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_lead_idx" ON "quotes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "tenant_invitations_tenant_idx" ON "tenant_invitations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_invitations_pending_unique" ON "tenant_invitations" USING btree ("tenant_id","email") WHERE status = 'pending';--> statement-breakpoint
-- Decision 027: a sales book is either a store's (tenant_id set: tenant_isolation, as every tenant
-- table) or the platform provider's own (tenant_id null). The server sets app.platform_sales only after
-- verifying the actor is platform sales or an owner, and only with no tenant in scope; the policy also
-- requires that no tenant is in scope, so the flag can never widen a store's transaction.
CREATE OR REPLACE FUNCTION app_is_platform_sales() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.platform_sales', true), '') = 'on'
$$;
--> statement-breakpoint
SELECT app_enable_tenant_rls('leads');
--> statement-breakpoint
CREATE POLICY platform_sales ON leads USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
SELECT app_enable_tenant_rls('quotes');
--> statement-breakpoint
CREATE POLICY platform_sales ON quotes USING (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL) WITH CHECK (tenant_id IS NULL AND app_is_platform_sales() AND app_current_tenant() IS NULL);
--> statement-breakpoint
SELECT app_enable_tenant_rls('tenant_invitations');
--> statement-breakpoint
-- Real-time boards (issue 16): every committed change to a sales book's leads tells every instance,
-- which pushes it to the boards open on that book (server-sent events). The payload is the book: the
-- tenant's id, or 'platform'. Identical notifications of one transaction fold into one (an import of
-- many rows costs one message). Not SECURITY DEFINER: it reads only the rows its writer changed.
CREATE OR REPLACE FUNCTION notify_leads_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('crm_leads_changed', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('crm_leads_changed', coalesce(s.tenant_id::text, 'platform')) FROM (SELECT DISTINCT tenant_id FROM new_rows) s;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('crm_leads_changed', coalesce(s.tenant_id::text, 'platform'))
    FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) s;
  ELSE
    PERFORM pg_notify('crm_leads_changed', coalesce(s.tenant_id::text, 'platform')) FROM (SELECT DISTINCT tenant_id FROM old_rows) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_changed_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_leads_changed();
--> statement-breakpoint
CREATE TRIGGER leads_changed_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_leads_changed();
--> statement-breakpoint
CREATE TRIGGER leads_changed_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_leads_changed();
--> statement-breakpoint
CREATE TRIGGER leads_changed_truncate AFTER TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION notify_leads_changed();
--> statement-breakpoint
-- The public proposal page (storefront spec §2 /quote/{uniqueUrl}): anyone holding the unguessable link
-- reads that one quote, and the client's name from its lead, on the host of the book it belongs to (a
-- store's host for its quotes, the platform host, with no tenant in scope, for the provider's). Opening
-- the page counts a view. SECURITY DEFINER because no request scope sees another book's rows; row-level
-- security is forced (owner included), so the owner, who runs this function, gets read policies of its
-- own, and an update policy on quotes for the view count; the app role never has them.
DO $$ BEGIN
  EXECUTE format('CREATE POLICY public_quote_link ON quotes FOR SELECT TO %I USING (true)', current_user);
  EXECUTE format('CREATE POLICY public_quote_view ON quotes FOR UPDATE TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY public_quote_link ON leads FOR SELECT TO %I USING (true)', current_user);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION open_public_quote(p_unique_url text, p_count_view boolean)
RETURNS TABLE (id uuid, tenant_id uuid, unique_url text, status text, content jsonb, total_amount_pence bigint,
               deposit_amount_pence bigint, shopify_monthly_total_pence bigint, paid_at timestamptz,
               created_at timestamptz, client_name text, client_company text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF p_unique_url IS NULL OR p_unique_url !~ '^[A-Za-z0-9_-]{22}$' THEN
    RETURN;
  END IF;
  IF p_count_view THEN
    UPDATE quotes q SET view_count = q.view_count + 1, viewed_at = now()
     WHERE q.unique_url = p_unique_url AND q.tenant_id IS NOT DISTINCT FROM app_current_tenant();
  END IF;
  RETURN QUERY
  SELECT q.id, q.tenant_id, q.unique_url, q.status, q.content, q.total_amount_pence, q.deposit_amount_pence,
         q.shopify_monthly_total_pence, q.paid_at, q.created_at, l.name, l.company
    FROM quotes q JOIN leads l ON l.id = q.lead_id
   WHERE q.unique_url = p_unique_url AND q.tenant_id IS NOT DISTINCT FROM app_current_tenant();
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION open_public_quote(text, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION open_public_quote(text, boolean) TO shop_app;
--> statement-breakpoint
-- users (migration 0012 grants the app role named columns only): the new columns may be read, and
-- written as drizzle writes inserts (DEFAULT for every column); sign-up can no more make a platform
-- sales account than an owner; a user's own sign-in time is theirs to update (own_account policy).
GRANT SELECT (is_platform_sales, last_sign_in_at) ON users TO shop_app;
--> statement-breakpoint
GRANT INSERT (is_platform_sales, last_sign_in_at) ON users TO shop_app;
--> statement-breakpoint
GRANT UPDATE (last_sign_in_at) ON users TO shop_app;
--> statement-breakpoint
DROP POLICY sign_up ON users;
--> statement-breakpoint
CREATE POLICY sign_up ON users FOR INSERT WITH CHECK (id = app_current_user() AND NOT is_platform_owner AND NOT is_platform_sales);
