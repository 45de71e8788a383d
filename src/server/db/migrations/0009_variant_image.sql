ALTER TABLE "product_variants" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_image_idx" ON "product_variants" USING btree ("image_id");--> statement-breakpoint
-- A variant's picture is one of its own product's pictures: the admin service answers 400 first, and
-- this keeps any other writer honest. Deleting the picture clears only image_id (PostgreSQL 15+).
CREATE UNIQUE INDEX "product_images_product_id_uq" ON "product_images" USING btree ("product_id", "id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_image_same_product_fk" FOREIGN KEY ("product_id", "image_id") REFERENCES "public"."product_images"("product_id", "id") ON DELETE SET NULL ("image_id");
