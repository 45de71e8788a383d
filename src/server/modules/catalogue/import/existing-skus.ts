import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { products, productVariants } from '../../../db/schema';

/** What the store already has among some SKUs (issue 15: the import's dry run tells create from update). */
export interface ExistingSkus {
  /** Product SKUs that are in the store. */
  products: Set<string>;
  /** Variant SKU -> the SKU of the product that has it. */
  variants: Map<string, string>;
}

const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** This store's products and variants among the given SKUs (compared exactly, as the unique indexes do). */
export async function existingSkus(tx: Tx, tenantId: string, skus: { products: readonly string[]; variants: readonly string[] }): Promise<ExistingSkus> {
  const found: ExistingSkus = { products: new Set(), variants: new Map() };
  for (const part of chunks([...new Set(skus.products)])) {
    const rows = await tx.select({ sku: products.sku }).from(products).where(and(eq(products.tenantId, tenantId), inArray(products.sku, part)));
    for (const row of rows) found.products.add(row.sku);
  }
  for (const part of chunks([...new Set(skus.variants)])) {
    const rows = await tx
      .select({ sku: productVariants.sku, productSku: products.sku })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.tenantId, tenantId), inArray(productVariants.sku, part)));
    for (const row of rows) found.variants.set(row.sku, row.productSku);
  }
  return found;
}
