import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { withScope } from '../db/scope';
import type { Tx } from '../db/connection';
import { categories, productCategories, productImages, productVariants, products, reviews } from '../db/schema/index';
import { tenantKey, type FileStorage } from '../adapters/storage/storage';
import { renderProductImage } from './product-image';
import type { SeedCatalogue, SeedImageSpec } from './catalogue-types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Draws a picture and stores it as the tenant's file; answers its public URL. */
async function storeImage(storage: FileStorage, tenantId: string, folder: string, spec: SeedImageSpec): Promise<string> {
  return storage.put(tenantKey(tenantId, folder, `${randomUUID()}.svg`), renderProductImage(spec), 'image/svg+xml');
}

/**
 * Writes one tenant's demo catalogue inside that tenant's scope (row-level security applies to the
 * seed as to requests): categories, products with pictures, variants, category links and reviews.
 */
export async function seedCatalogue(db: Db, tenantId: string, catalogue: SeedCatalogue, storage: FileStorage): Promise<void> {
  // Pictures first, outside the transaction: drawing and writing files is not database work.
  const heroUrls = new Map<string, string>();
  for (const c of catalogue.categories) heroUrls.set(c.slug, await storeImage(storage, tenantId, 'categories', c.hero));
  const imageUrls = new Map<string, string[]>();
  for (const p of catalogue.products) {
    imageUrls.set(p.slug, await Promise.all(p.images.map((spec) => storeImage(storage, tenantId, 'products', spec))));
  }

  await withScope(db, { tenantId, userId: null }, async (tx: Tx) => {
    const categoryIds = new Map<string, string>();
    // Parents before children, so every parent id is known.
    const ordered = [...catalogue.categories].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
    for (const c of ordered) {
      const [row] = await tx
        .insert(categories)
        .values({
          tenantId,
          parentId: c.parent ? categoryIds.get(c.parent) : null,
          name: c.name,
          slug: c.slug,
          description: c.description,
          displayOrder: c.display_order,
          isFeatured: c.is_featured,
          heroImageUrl: heroUrls.get(c.slug),
          metaTitle: c.meta_title ?? null,
          metaDescription: c.meta_description ?? null,
        })
        .returning({ id: categories.id });
      categoryIds.set(c.slug, row.id);
    }

    const now = Date.now();
    for (const [index, p] of catalogue.products.entries()) {
      const [row] = await tx
        .insert(products)
        .values({
          tenantId,
          name: p.name,
          slug: p.slug,
          sku: p.sku,
          brand: p.brand,
          description: p.description,
          basePrice: p.base_price,
          salePrice: p.sale_price ?? null,
          status: p.status,
          visibility: p.visibility,
          isFeatured: p.is_featured,
          trackInventory: p.track_inventory,
          stockQuantity: p.stock_quantity,
          bullets: p.bullets,
          specs: p.specs,
          gtin: p.gtin ?? null,
          mpn: p.mpn ?? null,
          metaTitle: p.meta_title ?? null,
          metaDescription: p.meta_description ?? null,
          // Spread creation dates so "Newest First" has an order to show.
          createdAt: new Date(now - (catalogue.products.length - index) * DAY_MS),
        })
        .returning({ id: products.id });
      const productId = row.id;
      const urls = imageUrls.get(p.slug) ?? [];
      const imageIds = urls.length
        ? (await tx.insert(productImages).values(urls.map((imageUrl, position) => ({ tenantId, productId, imageUrl, altText: p.images[position].alt, position }))).returning({ id: productImages.id })).map((r) => r.id)
        : [];
      if (p.variants?.length) {
        await tx.insert(productVariants).values(
          p.variants.map((v, position) => ({
            tenantId,
            productId,
            sku: v.sku,
            price: v.price,
            salePrice: v.sale_price ?? null,
            options: v.options,
            stockQuantity: v.stock_quantity,
            position,
            imageId: v.image === undefined ? null : imageIds[v.image],
          })),
        );
      }
      await tx.insert(productCategories).values(p.categories.map((slug, position) => ({ tenantId, productId, categoryId: categoryIds.get(slug)!, position })));
      if (p.reviews?.length) {
        await tx.insert(reviews).values(
          p.reviews.map((r) => ({
            tenantId,
            productId,
            rating: r.rating,
            title: r.title,
            body: r.body,
            customerEmail: r.customer_email,
            status: r.status,
            createdAt: new Date(now - r.days_ago * DAY_MS),
            moderatedAt: r.status === 'approved' ? new Date(now - Math.max(0, r.days_ago - 1) * DAY_MS) : null,
          })),
        );
      }
    }

    // Ratings on products come from approved reviews only.
    await tx.execute(sql`
      update products p set review_count = s.n, average_rating = s.avg
      from (select product_id, count(*)::int as n, round(avg(rating)::numeric, 2) as avg
            from reviews where tenant_id = ${tenantId} and status = 'approved' group by product_id) s
      where p.tenant_id = ${tenantId} and p.id = s.product_id`);
  });
}
