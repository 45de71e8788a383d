ALTER TABLE "stock_movements" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_change_check" CHECK (change <> 0);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_resulting_check" CHECK (resulting_quantity >= 0);--> statement-breakpoint
-- The stock ledger is append-only for the app: requests may add and read movements, never change or
-- remove one. Foreign-key actions (a deleted product's rows, a deleted order or user set to null) run
-- as the table owner, so they still work.
REVOKE UPDATE, DELETE, TRUNCATE ON "stock_movements" FROM shop_app;
