import type { StoreTx, TenantCtx } from '../../../http/context';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { isUuid } from '../../../../shared/ids';
import { MAX_STOCK_QUANTITY, STOCK_TEXT, type LowStockList, type ProductStock, type StockMovementCreated, type StockMovementPage } from '../../../../shared/stock';
import type { z } from 'zod';
import type { stockMovementBody } from '../../../../shared/stock-schemas';
import * as repo from './repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const productNotFound = () => notFound('Product not found');

/** Another tenant's product (RLS and the tenant filter hide it) is the same 404 as a missing one. */
async function productOrNotFound(ctx: TenantCtx, productId: string): Promise<repo.ProductStockRow> {
  const product = isUuid(productId) ? await repo.findProductStock(ctx, productId) : null;
  if (!product) throw productNotFound();
  return product;
}

export async function productStock(ctx: TenantCtx, productId: string): Promise<{ product: ProductStock }> {
  return { product: await productOrNotFound(ctx, productId) };
}

/**
 * Admin spec §5 Stock adjustment. The write is one conditional update; only when it changed nothing is
 * the product read again, to say why (missing, tracking off, or not enough stock).
 */
export async function adjustStock(ctx: TenantCtx, input: z.output<typeof stockMovementBody>): Promise<StockMovementCreated> {
  // Told after the commit: the storefront's cached answers for this store are dropped.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  if (!isUuid(input.product_id)) throw productNotFound();
  const variantId = input.variant_id?.toLowerCase() ?? null;
  if (variantId !== null && !isUuid(variantId)) throw variantNotFound();
  const applied = await repo.applyAdjustment(ctx, { productId: input.product_id, variantId, change: input.quantity_change, reason: input.reason, notes: input.notes });
  if (applied) {
    const { movement, product, variant } = applied;
    return { movement: { ...movement, created_at: iso(movement.created_at), actor_email: ctx.actor.email }, product, variant };
  }
  const product = await productOrNotFound(ctx, input.product_id);
  if (!product.track_inventory) throw conflict('tracking_disabled', STOCK_TEXT.trackingDisabled);
  // A product with variants has no stock of its own (decision 042): say which variant, or that it is not one of them.
  if (variantId === null && product.variants.length > 0) throw badRequest(STOCK_TEXT.chooseVariant, { variant_id: STOCK_TEXT.chooseVariant });
  const target = variantId === null ? product : product.variants.find((v) => v.id === variantId);
  if (!target) throw variantNotFound();
  const name = 'options' in target ? `${product.name} (${variantLabel(target)})` : product.name;
  const why = whyRefused({ name, stock: target.stock_quantity ?? 0, reserved: target.reserved_quantity }, input.quantity_change);
  throw conflict(input.quantity_change > 0 ? 'stock_limit' : 'insufficient_stock', why, { quantity_change: why });
}

const variantNotFound = () => badRequest('Choose a variant of this product', { variant_id: 'Choose a variant of this product' });
const variantLabel = (v: ProductStock['variants'][number]) => v.options.map((o) => o.value).join(', ') || v.sku;

/** The 409's message: how far the stock can actually move, and what holds it. */
function whyRefused(row: { name: string; stock: number; reserved: number }, change: number): string {
  if (change > 0) return `Stock cannot go above ${MAX_STOCK_QUANTITY.toLocaleString('en-GB')} units.`;
  if (row.reserved === 0) return `Stock cannot go below zero: ${row.name} has ${row.stock} in stock.`;
  const removable = row.stock - row.reserved;
  return `Stock cannot go below the ${row.reserved} units held by unpaid checkouts: at most ${removable} of the ${row.stock} in stock can be removed.`;
}

export async function listMovements(ctx: TenantCtx, productId: string, page: number, limit: number): Promise<StockMovementPage> {
  await productOrNotFound(ctx, productId);
  const { rows, total } = await repo.listMovements(ctx, productId, limit, (page - 1) * limit);
  return {
    movements: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/**
 * Tracked products at or under the low stock threshold, lowest first (the dashboard's count, the
 * store's low stock alert); `productIds`: only these (a paid order's).
 */
export const listLowStock = (ctx: StoreTx, limit: number, productIds?: string[]) => repo.listLowStock(ctx, limit, productIds);

export async function lowStock(ctx: TenantCtx, limit: number): Promise<LowStockList> {
  const { rows, total } = await repo.listLowStock(ctx, limit);
  return { products: rows, total };
}
