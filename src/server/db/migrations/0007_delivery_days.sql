ALTER TABLE "orders" ADD COLUMN "delivery_min_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_max_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "delivery_min_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "delivery_max_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_days_check" CHECK (delivery_min_days between 1 and 30 and delivery_max_days between delivery_min_days and 30);--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_delivery_days_check" CHECK (delivery_min_days between 1 and 30 and delivery_max_days between delivery_min_days and 30);--> statement-breakpoint
-- Existing stores: the only delivery options so far are the demo seed's (there is no shipping editor),
-- so its Next Day method is known by name (src/server/db/seed/shipping.ts); every other method keeps
-- the 3-5 day default. Orders placed before this copy their method's time. Row-level security is
-- forced on both tables, so it is lifted for these updates only (a non-superuser owner would
-- otherwise update nothing); the migration runs in one transaction.
ALTER TABLE "shipping_methods" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "shipping_methods" SET "delivery_min_days" = 1, "delivery_max_days" = 1 WHERE "name" = 'Next Day Delivery';--> statement-breakpoint
-- The seed's Standard description said the days, now shown beside the option: say something else there.
UPDATE "shipping_methods" SET "description" = 'Tracked delivery to most UK postcodes' WHERE "name" = 'Standard Delivery' AND "description" = '3-5 business days to most UK postcodes';--> statement-breakpoint
UPDATE "orders" o SET "delivery_min_days" = m."delivery_min_days", "delivery_max_days" = m."delivery_max_days"
  FROM "shipping_methods" m WHERE m."id" = o."shipping_method_id" AND m."tenant_id" = o."tenant_id";--> statement-breakpoint
ALTER TABLE "shipping_methods" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" FORCE ROW LEVEL SECURITY;
