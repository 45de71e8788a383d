CREATE TABLE "order_refund_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"vat_amount" integer DEFAULT 0 NOT NULL,
	"restock" boolean NOT NULL,
	"restocked" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_lines_check" CHECK (quantity between 1 and 100000 and amount >= 0 and vat_amount >= 0 and vat_amount <= amount and (restocked is null or restocked between 0 and quantity))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "includes_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_order_idx" ON "order_refund_lines" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_lines_refund_item_uq" ON "order_refund_lines" USING btree ("refund_id","order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_request_key_uq" ON "order_refunds" USING btree ("tenant_id","request_key");--> statement-breakpoint
-- hand-written below (issue 27, refunds by line): a store's own rows, as every tenant table.
SELECT app_enable_tenant_rls('order_refund_lines');
--> statement-breakpoint
-- Refunded lines are a record, like the stock ledger: the app writes them and settles `restocked`
-- once; it never deletes them (they go with their order or attempt, through the owner's cascade).
REVOKE DELETE, TRUNCATE ON "order_refund_lines" FROM shop_app;
--> statement-breakpoint
-- The backstop under the service's own checks (it works under the order's row lock): a refunded line
-- belongs to the attempt's order, and the units refunded of a line by the attempts that still count
-- (pending or succeeded) never pass what the line sold. Not SECURITY DEFINER: it reads as the writer,
-- whose store row-level security already fixes.
CREATE OR REPLACE FUNCTION order_refund_lines_fit() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  sold integer;
  taken integer;
BEGIN
  SELECT i.quantity INTO sold FROM order_items i WHERE i.id = NEW.order_item_id AND i.order_id = NEW.order_id AND i.tenant_id = NEW.tenant_id;
  IF sold IS NULL THEN
    RAISE EXCEPTION 'order_refund_lines: line % is not a line of order %', NEW.order_item_id, NEW.order_id USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.id = NEW.refund_id AND r.order_id = NEW.order_id AND r.tenant_id = NEW.tenant_id) THEN
    RAISE EXCEPTION 'order_refund_lines: refund % is not of order %', NEW.refund_id, NEW.order_id USING ERRCODE = 'check_violation';
  END IF;
  SELECT coalesce(sum(l.quantity), 0) INTO taken
    FROM order_refund_lines l JOIN order_refunds r ON r.id = l.refund_id
    WHERE l.order_item_id = NEW.order_item_id AND l.tenant_id = NEW.tenant_id AND r.state IN ('pending', 'succeeded');
  IF taken + NEW.quantity > sold THEN
    RAISE EXCEPTION 'order_refund_lines: % of % units of line % would be refunded', taken + NEW.quantity, sold, NEW.order_item_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_refund_lines_fit BEFORE INSERT ON "order_refund_lines" FOR EACH ROW EXECUTE FUNCTION order_refund_lines_fit();
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_refund_lines_fit() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_refund_lines_fit() TO shop_app;
