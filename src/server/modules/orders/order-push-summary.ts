import { and, eq, sum } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { orderItems, orders } from '../../db/schema';

/** What a push about an order says, and whose it is (modules/notifications). */
export interface OrderPushSummary {
  id: string;
  /** The shopper's account, when the order has one (their devices hear of its shipping). */
  userId: string | null;
  orderNumber: string;
  customerName: string;
  /** Pence. */
  totalAmount: number;
  currency: string;
  itemCount: number;
  trackingReference: string | null;
}

/** One order of the store, for a push about it; null when the store has no such order. */
export async function orderPushSummary(tx: Tx, tenantId: string, orderId: string): Promise<OrderPushSummary | null> {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, trackingReference: orders.trackingReference, orderNumber: orders.orderNumber, customerName: orders.customerName, totalAmount: orders.totalAmount, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  if (!order) return null;
  const [items] = await tx.select({ n: sum(orderItems.quantity) }).from(orderItems).where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)));
  return { ...order, itemCount: Number(items?.n ?? 0) };
}
