CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_body_check" CHECK (length("customer_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "store_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(coalesce(nullif(name, ''), email))) STORED NOT NULL,
	"surname_key" text GENERATED ALWAYS AS (lower(substring(name from '([^[:space:]]+)[[:space:]]*$'))) STORED,
	"user_id" uuid,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"last_order_key" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_order_at, '-infinity'::timestamptz)) STORED NOT NULL,
	"marketing_consent" boolean,
	"marketing_consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_store_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."store_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_customers_email_uq" ON "store_customers" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "store_customers_last_order_idx" ON "store_customers" USING btree ("tenant_id","last_order_key","id");--> statement-breakpoint
CREATE INDEX "store_customers_spent_idx" ON "store_customers" USING btree ("tenant_id","total_spent","id");--> statement-breakpoint
CREATE INDEX "store_customers_orders_idx" ON "store_customers" USING btree ("tenant_id","orders_count","id");--> statement-breakpoint
CREATE INDEX "store_customers_name_idx" ON "store_customers" USING btree ("tenant_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "store_customers_email_idx" ON "store_customers" USING btree ("tenant_id","email" collate "C","id");--> statement-breakpoint
CREATE INDEX "store_customers_surname_idx" ON "store_customers" USING btree ("tenant_id","surname_key" collate "C");--> statement-breakpoint
CREATE INDEX "store_customers_user_idx" ON "store_customers" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("tenant_id",lower("customer_email"),"placed_at");--> statement-breakpoint
-- hand-written below (issue 26, Admin > Customers): both tables are a store's own.
SELECT app_enable_tenant_rls('store_customers');
--> statement-breakpoint
SELECT app_enable_tenant_rls('customer_notes');
--> statement-breakpoint
-- Adds one change of a store's paid orders to the customer with that (lower-cased) email: `n` orders
-- more or fewer (1, 0 or -1), `spent` pence more or fewer, for an order placed at `placed`. INSERT ...
-- ON CONFLICT DO UPDATE takes the row's lock and adds to what is there, so two payments of the same
-- person at once both count (recomputing sums here would race). The name is that of the latest order.
-- Not SECURITY DEFINER: it runs as whoever wrote the order, whose tenant row-level security on orders
-- has already checked; the same policy lets it write this store's customer row.
CREATE OR REPLACE FUNCTION store_customer_add(p_tenant uuid, p_email text, p_name text, p_user uuid, p_placed timestamptz, n integer, spent bigint)
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  c store_customers%ROWTYPE;
BEGIN
  INSERT INTO store_customers AS s (tenant_id, email, name, user_id, orders_count, total_spent, first_order_at, last_order_at)
  VALUES (p_tenant, p_email, left(coalesce(p_name, ''), 200), p_user, greatest(n, 0), spent,
          CASE WHEN n > 0 THEN p_placed END, CASE WHEN n > 0 THEN p_placed END)
  ON CONFLICT (tenant_id, email) DO UPDATE SET
    orders_count = s.orders_count + n,
    total_spent = s.total_spent + spent,
    name = CASE WHEN n >= 0 AND EXCLUDED.name <> '' AND (s.last_order_at IS NULL OR p_placed >= s.last_order_at) THEN EXCLUDED.name ELSE s.name END,
    user_id = coalesce(EXCLUDED.user_id, s.user_id),
    first_order_at = CASE WHEN n > 0 THEN least(s.first_order_at, p_placed) ELSE s.first_order_at END,
    last_order_at = CASE WHEN n > 0 THEN greatest(s.last_order_at, p_placed) ELSE s.last_order_at END,
    updated_at = now()
  RETURNING * INTO c;
  -- An order that stops counting (deleted, or no longer paid: rare) may have been the first or the
  -- last one: read those dates again from the orders that still count.
  IF n < 0 AND (c.orders_count = 0 OR p_placed <= c.first_order_at OR p_placed >= c.last_order_at) THEN
    UPDATE store_customers s SET (first_order_at, last_order_at) = (
      SELECT min(o.placed_at), max(o.placed_at) FROM orders o
      WHERE o.tenant_id = p_tenant AND lower(o.customer_email) = p_email AND o.payment_status IN ('paid', 'partially_refunded', 'refunded'))
    WHERE s.id = c.id;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION store_customer_add(uuid, text, text, uuid, timestamptz, integer, bigint) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION store_customer_add(uuid, text, text, uuid, timestamptz, integer, bigint) TO shop_app;
--> statement-breakpoint
-- Keeps store_customers in step with orders, in the writing transaction. An order counts while it is
-- paid, partially refunded or refunded; it adds what was paid less what was refunded.
CREATE OR REPLACE FUNCTION store_customers_follow_order() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  was_counted boolean := TG_OP <> 'INSERT' AND OLD.payment_status IN ('paid', 'partially_refunded', 'refunded');
  is_counted boolean := TG_OP <> 'DELETE' AND NEW.payment_status IN ('paid', 'partially_refunded', 'refunded');
BEGIN
  IF was_counted AND is_counted AND lower(OLD.customer_email) = lower(NEW.customer_email) AND OLD.tenant_id = NEW.tenant_id THEN
    PERFORM store_customer_add(NEW.tenant_id, lower(NEW.customer_email), NEW.customer_name, NEW.user_id, NEW.placed_at, 0,
      (NEW.total_amount - NEW.refunded_amount)::bigint - (OLD.total_amount - OLD.refunded_amount));
    RETURN NULL;
  END IF;
  IF was_counted THEN
    PERFORM store_customer_add(OLD.tenant_id, lower(OLD.customer_email), '', NULL, OLD.placed_at, -1, -(OLD.total_amount - OLD.refunded_amount)::bigint);
  END IF;
  IF is_counted THEN
    PERFORM store_customer_add(NEW.tenant_id, lower(NEW.customer_email), NEW.customer_name, NEW.user_id, NEW.placed_at, 1, (NEW.total_amount - NEW.refunded_amount)::bigint);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION store_customers_follow_order() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION store_customers_follow_order() TO shop_app;
--> statement-breakpoint
CREATE TRIGGER orders_customers_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.payment_status IN ('paid', 'partially_refunded', 'refunded'))
  EXECUTE FUNCTION store_customers_follow_order();
--> statement-breakpoint
-- Only what the figures read, and only for an order that counts before or after: the many updates of an
-- unpaid checkout (reservations, payment sessions) and of fulfilment (status, tracking) never reach it.
CREATE TRIGGER orders_customers_update
  AFTER UPDATE OF tenant_id, payment_status, total_amount, refunded_amount, customer_email, customer_name, user_id, placed_at ON orders
  FOR EACH ROW
  WHEN ((OLD.payment_status IN ('paid', 'partially_refunded', 'refunded') OR NEW.payment_status IN ('paid', 'partially_refunded', 'refunded'))
        AND (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.total_amount IS DISTINCT FROM NEW.total_amount
             OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount OR OLD.customer_email IS DISTINCT FROM NEW.customer_email
             OR OLD.customer_name IS DISTINCT FROM NEW.customer_name OR OLD.user_id IS DISTINCT FROM NEW.user_id
             OR OLD.placed_at IS DISTINCT FROM NEW.placed_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id))
  EXECUTE FUNCTION store_customers_follow_order();
--> statement-breakpoint
CREATE TRIGGER orders_customers_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.payment_status IN ('paid', 'partially_refunded', 'refunded'))
  EXECUTE FUNCTION store_customers_follow_order();
--> statement-breakpoint
-- The customers of the orders already paid, grouped by lower-cased email per store, customers since their first order.
INSERT INTO store_customers (tenant_id, email, name, user_id, orders_count, total_spent, first_order_at, last_order_at, created_at)
  SELECT o.tenant_id, lower(o.customer_email),
         left((array_agg(o.customer_name ORDER BY o.placed_at DESC, o.id DESC))[1], 200),
         (array_agg(o.user_id ORDER BY o.placed_at DESC, o.id DESC) FILTER (WHERE o.user_id IS NOT NULL))[1],
         count(*), sum(o.total_amount - o.refunded_amount), min(o.placed_at), max(o.placed_at), min(o.placed_at)
  FROM orders o
  WHERE o.payment_status IN ('paid', 'partially_refunded', 'refunded')
  GROUP BY o.tenant_id, lower(o.customer_email);
