import type { TenantCtx } from '../../../http/context';
import { conflict, notFound } from '../../../http/errors';
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
  const applied = await repo.applyAdjustment(ctx, { productId: input.product_id, change: input.quantity_change, reason: input.reason, notes: input.notes });
  if (applied) {
    const { movement, product } = applied;
    return {
      movement: { ...movement, created_at: iso(movement.created_at), actor_email: ctx.actor.email },
      product,
    };
  }
  const product = await productOrNotFound(ctx, input.product_id);
  if (!product.track_inventory) throw conflict('tracking_disabled', STOCK_TEXT.trackingDisabled);
  throw conflict(input.quantity_change > 0 ? 'stock_limit' : 'insufficient_stock', whyRefused(product, input.quantity_change), { quantity_change: whyRefused(product, input.quantity_change) });
}

/** The 409's message: how far the stock can actually move, and what holds it. */
function whyRefused(product: repo.ProductStockRow, change: number): string {
  const stock = product.stock_quantity ?? 0;
  if (change > 0) return `Stock cannot go above ${MAX_STOCK_QUANTITY.toLocaleString('en-GB')} units.`;
  if (product.reserved_quantity === 0) return `Stock cannot go below zero: ${product.name} has ${stock} in stock.`;
  const removable = stock - product.reserved_quantity;
  return `Stock cannot go below the ${product.reserved_quantity} units held by unpaid checkouts: at most ${removable} of the ${stock} in stock can be removed.`;
}

export async function listMovements(ctx: TenantCtx, productId: string, page: number, limit: number): Promise<StockMovementPage> {
  await productOrNotFound(ctx, productId);
  const { rows, total } = await repo.listMovements(ctx, productId, limit, (page - 1) * limit);
  return {
    movements: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

export async function lowStock(ctx: TenantCtx, limit: number): Promise<LowStockList> {
  const { rows, total } = await repo.listLowStock(ctx, limit);
  return { products: rows, total };
}
