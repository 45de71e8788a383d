ALTER TABLE "orders" ADD COLUMN "refund_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_pending_check" CHECK (refund_pending >= 0 and refunded_amount + refund_pending <= total_amount);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status in ('unpaid', 'paid', 'failed', 'expired', 'partially_refunded', 'refunded'));