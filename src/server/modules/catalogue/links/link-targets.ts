import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { categories, products } from '../../../db/schema';
import { isUuid } from '../../../../shared/ids';

/** A category or product a link (the store's menu) points at. live: shoppers can open it now. */
export interface LinkTarget {
  name: string;
  slug: string;
  live: boolean;
}

export interface LinkTargets {
  categories: Map<string, LinkTarget>;
  products: Map<string, LinkTarget>;
}

/**
 * The categories and products of this store among the given ids (anything else, another store's
 * included, is simply absent). Categories are always live; products only when active and public.
 */
export async function linkTargets(tx: Tx, tenantId: string, ids: { categoryIds: readonly string[]; productIds: readonly string[] }): Promise<LinkTargets> {
  const categoryIds = [...new Set(ids.categoryIds.filter(isUuid))];
  const productIds = [...new Set(ids.productIds.filter(isUuid))];
  const categoryRows = categoryIds.length
    ? await tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(and(eq(categories.tenantId, tenantId), inArray(categories.id, categoryIds)))
    : [];
  const productRows = productIds.length
    ? await tx
        .select({ id: products.id, name: products.name, slug: products.slug, status: products.status, visibility: products.visibility })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)))
    : [];
  return {
    categories: new Map(categoryRows.map((r) => [r.id, { name: r.name, slug: r.slug, live: true }])),
    products: new Map(productRows.map((r) => [r.id, { name: r.name, slug: r.slug, live: r.status === 'active' && r.visibility === 'public' }])),
  };
}
