import { and, desc, eq, or } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { notFound, unauthorized } from '../../http/errors';
import { orders } from '../../db/schema';
import type { AccountOrder, OrderSummary } from '../../../shared/orders';
import { penceToPounds } from '../../../shared/money';
import { refundedUnits, settledRefunds } from './refunded-lines';
import { hashToken } from '../accounts';
import * as repo from './orders-repo';
import { toOrderSummary } from './order-view';
import { pictureSizes, type PictureSize } from '../media';

/**
 * GET /api/orders/public-lookup. By session_id: anyone holding it (it is unguessable and only the
 * payer's browser was sent it). By order_number: only the browser that placed the order (its cart
 * cookie) or the signed-in customer it belongs to. Everything else is the same 404.
 */
export async function publicLookup(ctx: StoreCtx, query: { session_id?: string; order_number?: string }, cartToken: string | null): Promise<OrderSummary> {
  let order: repo.OrderRow | null = null;
  if (query.session_id) {
    order = await repo.findOrder(ctx, { sessionId: query.session_id });
  } else if (query.order_number) {
    order = await shopperOrder(ctx, query.order_number, cartToken);
  }
  if (!order) throw notFound('Order not found');
  const items = await repo.listItems(ctx, [order.id]);
  return toOrderSummary(order, items, await refundedUnits(ctx, [order.id]), await linePictures(ctx, items));
}

/** The sizes and resized copies of the lines' pictures, so a shopper's phone gets a small copy (issue 29). */
function linePictures(ctx: StoreCtx, items: repo.OrderItemRow[]) {
  const urls = [...new Set(items.flatMap((i) => (i.imageUrl ? [i.imageUrl] : [])))];
  return urls.length ? pictureSizes(ctx, urls) : Promise.resolve(new Map<string, PictureSize>());
}

/** An order by its number, only for the browser that placed it (its cart cookie) or the signed-in customer it belongs to. */
export async function shopperOrder(ctx: StoreCtx, orderNumber: string, cartToken: string | null): Promise<repo.OrderRow | null> {
  const found = await repo.findOrder(ctx, { orderNumber: orderNumber.trim().toUpperCase() });
  const byBrowser = found?.browserTokenHash && cartToken && found.browserTokenHash === hashToken(cartToken);
  const byAccount = found?.userId && ctx.actor && found.userId === ctx.actor.userId;
  return byBrowser || byAccount ? found : null;
}

/**
 * GET /api/account/orders: the signed-in customer's orders in this store, newest first, and the
 * checkouts still awaiting their payment (shown with Pay now and Cancel). A checkout that was never
 * paid and has ended (cancelled, lapsed) was never an order, so it is not listed (decision 009).
 */
export async function accountOrders(ctx: StoreCtx): Promise<OrderSummary[]> {
  if (!ctx.actor) throw unauthorized();
  const rows = await ctx.tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.userId, ctx.actor.userId), or(repo.isPlacedOrder, repo.isAwaitingPaymentOrder)))
    .orderBy(desc(orders.placedAt))
    .limit(100);
  const items = await repo.listItems(ctx, rows.map((o) => o.id));
  const refunded = await refundedUnits(ctx, rows.map((o) => o.id));
  const pictures = await linePictures(ctx, items);
  return rows.map((o) => toOrderSummary(o, items, refunded, pictures));
}

/**
 * GET /api/account/orders/{order_number} (issue 27): one of the signed-in customer's orders, as My
 * orders lists them (placed, or awaiting payment), with its delivery address and each refund. Someone
 * else's order, another store's and a missing one are the same 404.
 */
export async function accountOrder(ctx: StoreCtx, orderNumber: string): Promise<AccountOrder> {
  if (!ctx.actor) throw unauthorized();
  const [order] = await ctx.tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, ctx.tenantId),
        eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
        eq(orders.userId, ctx.actor.userId),
        or(repo.isPlacedOrder, repo.isAwaitingPaymentOrder),
      ),
    )
    .limit(1);
  if (!order) throw notFound('Order not found');
  const items = await repo.listItems(ctx, [order.id]);
  const summary = toOrderSummary(order, items, await refundedUnits(ctx, [order.id]), await linePictures(ctx, items));
  const refunds = await settledRefunds(ctx, order.id);
  return {
    ...summary,
    shipping_address: order.shippingAddress,
    refunds: refunds.map((r) => ({
      refunded_at: r.refundedAt.toISOString(),
      amount: penceToPounds(r.amount),
      lines: r.lines.map((l) => ({ product_name: l.productName, quantity: l.quantity })),
      delivery: r.includesDelivery,
    })),
  };
}
