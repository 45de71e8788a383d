-- Issue 27 item 3, decision 042: a product with variants keeps its stock on its variants only. Its own
-- stock_quantity and reserved_quantity are the sums of its variants', kept here so every reader (lists,
-- low-stock alerts, exports, the storefront's "in stock") reads one figure and no writer can set them apart.

-- 1. Existing data. Variants with no figure used to sell from the product's own stock. Where every
--    variant of a tracked product did, the product's stock (and its holds) go to its first variant; any
--    other variant with no figure has none (0). The decision record says why.
WITH first_variant AS (
  SELECT DISTINCT ON (v.product_id) v.id, v.product_id
  FROM product_variants v
  JOIN products p ON p.id = v.product_id AND p.track_inventory
  WHERE NOT EXISTS (SELECT 1 FROM product_variants o WHERE o.product_id = v.product_id AND o.stock_quantity IS NOT NULL)
  ORDER BY v.product_id, v.position, v.id
)
UPDATE product_variants v SET stock_quantity = coalesce(p.stock_quantity, 0), reserved_quantity = p.reserved_quantity
FROM first_variant f JOIN products p ON p.id = f.product_id
WHERE v.id = f.id;
--> statement-breakpoint
UPDATE product_variants v SET stock_quantity = v.reserved_quantity
FROM products p
WHERE p.id = v.product_id AND p.track_inventory AND v.stock_quantity IS NULL;
--> statement-breakpoint
-- 2. The product row follows its variants: whenever its stock columns (or tracking) are written and it
--    has variants, they are recomputed, whatever the writer sent. Not SECURITY DEFINER: it reads as the
--    writer, whose store row-level security already fixes.
CREATE OR REPLACE FUNCTION products_stock_from_variants() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  has_variants boolean;
  total integer;
  held integer;
BEGIN
  IF NOT NEW.track_inventory THEN
    RETURN NEW;
  END IF;
  SELECT count(*) > 0, sum(v.stock_quantity), coalesce(sum(v.reserved_quantity), 0) INTO has_variants, total, held
    FROM product_variants v WHERE v.product_id = NEW.id;
  IF has_variants THEN
    NEW.stock_quantity := total;
    NEW.reserved_quantity := held;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_from_variants BEFORE UPDATE OF stock_quantity, reserved_quantity, track_inventory ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_stock_from_variants();
--> statement-breakpoint
-- 3. A variant's stock changing (or a variant coming or going) makes its product recompute. When the
--    last variant goes, the product keeps the sum as its own stock.
CREATE OR REPLACE FUNCTION product_variants_stock_to_product() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  UPDATE products SET stock_quantity = stock_quantity
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END) AND track_inventory;
  IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    UPDATE products SET stock_quantity = stock_quantity WHERE id = OLD.product_id AND track_inventory;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_to_product AFTER INSERT OR DELETE OR UPDATE OF stock_quantity, reserved_quantity, product_id ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION product_variants_stock_to_product();
--> statement-breakpoint
-- 4. Bring every tracked product with variants in line now.
UPDATE products p SET stock_quantity = p.stock_quantity
WHERE p.track_inventory AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id);
--> statement-breakpoint
REVOKE ALL ON FUNCTION products_stock_from_variants() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION products_stock_from_variants() TO shop_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION product_variants_stock_to_product() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION product_variants_stock_to_product() TO shop_app;
