import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { rowsOf } from '../../../db/rows';
import { products, type NameValue } from '../../../db/schema';
import type { VatRate } from '../../../../shared/vat';

/**
 * A product on sale as the catalogue holds it now, one row per variant (or one row with null variant
 * columns for a product without variants). The cart and checkout price lines from these rows: prices
 * are never taken from the client. Stock figures are what is free (stock less unpaid holds).
 */
export interface SellableRow {
  product_id: string;
  variant_id: string | null;
  name: string;
  slug: string;
  product_sku: string;
  base_price: number;
  sale_price: number | null;
  track_inventory: boolean;
  product_available: number | null;
  variant_sku: string | null;
  variant_price: number | null;
  variant_sale_price: number | null;
  variant_options: NameValue[] | null;
  variant_available: number | null;
  image_url: string | null;
  variant_image_url: string | null;
  /** The VAT rate it sells at: its own, else its main category's default, else standard (issue 25). */
  vat_rate: VatRate;
}

/** Only active, public products of this store; anything else is simply absent from the answer. */
export async function sellableRows(tx: Tx, tenantId: string, productIds: readonly string[]): Promise<SellableRow[]> {
  if (productIds.length === 0) return [];
  return rowsOf<SellableRow>(
    await tx.execute(sql`
      select p.id as product_id, v.id as variant_id, p.name, p.slug, p.sku as product_sku, p.base_price, p.sale_price,
             p.track_inventory, p.stock_quantity - p.reserved_quantity as product_available,
             v.sku as variant_sku, v.price as variant_price, v.sale_price as variant_sale_price, v.options as variant_options,
             v.stock_quantity - v.reserved_quantity as variant_available,
             (select i.image_url from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_url,
             vi.image_url as variant_image_url,
             coalesce(p.vat_rate, (select c.vat_rate from product_categories pc join categories c on c.id = pc.category_id
                                   where pc.product_id = p.id order by pc.position, c.name limit 1), 'standard') as vat_rate
      from products p
      left join product_variants v on v.product_id = p.id
      left join product_images vi on vi.id = v.image_id and vi.product_id = p.id
      where p.tenant_id = ${tenantId} and p.status = 'active' and p.visibility = 'public'
        and p.id in (${sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `)})`),
  );
}

/** Whether shoppers can see (and so buy or review) this product. */
export async function isLiveProduct(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), eq(products.status, 'active'), eq(products.visibility, 'public')));
  return rows.length > 0;
}

/** A live product's review figures (the reviews module keeps them; cards read them from here). */
export async function liveProductRating(tx: Tx, tenantId: string, productId: string): Promise<{ average_rating: number | null; review_count: number } | null> {
  const rows = await tx
    .select({ average_rating: products.averageRating, review_count: products.reviewCount })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId), eq(products.status, 'active'), eq(products.visibility, 'public')));
  return rows[0] ?? null;
}

/** Stores the approved reviews' count and average on the product, where every card reads them. */
export async function setProductRating(tx: Tx, tenantId: string, productId: string, rating: { count: number; average: number | null }): Promise<void> {
  await tx
    .update(products)
    .set({ reviewCount: rating.count, averageRating: rating.average, updatedAt: sql`now()` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
}

/** Names and slugs of products (any status), for screens that list things about products. */
export async function productLabels(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, { name: string; slug: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(and(eq(products.tenantId, tenantId), inArray(products.id, unique)));
  return new Map(rows.map((r) => [r.id, { name: r.name, slug: r.slug }]));
}
