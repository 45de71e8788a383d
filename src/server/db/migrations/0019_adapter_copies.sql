ALTER TABLE "test_payment_sessions" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "shipping_name" text;--> statement-breakpoint
-- hand-written below
-- Issue 12: the test gateway's pay page reads only its own table; sessions opened before this get the
-- order's number and delivery name now (runs as the owner at migration time).
UPDATE "test_payment_sessions" s SET "order_number" = o."order_number", "shipping_name" = o."shipping_method_name" FROM "orders" o WHERE o."id" = s."order_id" AND s."order_number" IS NULL;
