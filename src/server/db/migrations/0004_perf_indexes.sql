-- Storefront read paths at 10,000 products per tenant (issue 3, bench/run.ts). Measured with EXPLAIN
-- ANALYZE as the app role under row-level security:
-- * each live-product sort index now holds the sort's whole key (ties: name, id), so a page is read in
--   order and stops at LIMIT, and counts are index-only scans;
-- * featured-first (home page, related products) gets its own index instead of sorting every product;
-- * a category's products come from (tenant_id, category_id, product_id) without touching the heap;
-- * the card's first picture is ordered by (position, created_at) straight from the index.
DROP INDEX "product_categories_category_idx";--> statement-breakpoint
DROP INDEX "product_images_product_idx";--> statement-breakpoint
DROP INDEX "products_live_name_idx";--> statement-breakpoint
DROP INDEX "products_live_price_idx";--> statement-breakpoint
DROP INDEX "products_live_created_idx";--> statement-breakpoint
CREATE INDEX "products_live_featured_idx" ON "products" USING btree ("tenant_id","is_featured" DESC NULLS FIRST,"name","id") WHERE status = 'active' and visibility = 'public';--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("tenant_id","category_id","product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position","created_at");--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree ("tenant_id","name","id") WHERE status = 'active' and visibility = 'public';--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("tenant_id",coalesce(sale_price, base_price),"name","id") WHERE status = 'active' and visibility = 'public';--> statement-breakpoint
CREATE INDEX "products_live_created_idx" ON "products" USING btree ("tenant_id","created_at","id") WHERE status = 'active' and visibility = 'public';