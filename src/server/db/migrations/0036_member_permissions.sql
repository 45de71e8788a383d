ALTER TABLE "memberships" ADD COLUMN "permissions" text[] DEFAULT '{crm,customers}'::text[] NOT NULL;--> statement-breakpoint
-- Staff could use the CRM and read customers before permissions existed (issue 27): every membership
-- starts with exactly that (owners and admins may do everything whatever the column holds).
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_permissions_check" CHECK ("permissions" <@ ARRAY['orders.view', 'orders.fulfil', 'orders.refund', 'products', 'content', 'customers', 'settings', 'crm']::text[]);
