ALTER TABLE "email_messages" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "order_number" text;--> statement-breakpoint
-- hand-written below
-- Issue 12: a module reads only its own tables, so sent emails and ledger rows keep the number of the
-- order they were about (order numbers never change). Rows written before this get it now; this runs
-- as the owner at migration time.
UPDATE "email_messages" e SET "order_number" = o."order_number" FROM "orders" o WHERE o."id" = e."order_id" AND e."order_number" IS NULL;
--> statement-breakpoint
UPDATE "stock_movements" m SET "order_number" = o."order_number" FROM "orders" o WHERE o."id" = m."order_id" AND m."order_number" IS NULL;
