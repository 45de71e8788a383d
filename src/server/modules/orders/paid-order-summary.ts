import { and, eq, sum } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { orderItems, orders } from '../../db/schema';

/** What a staff notification says about a paid order (modules/notifications). */
export interface PaidOrderSummary {
  id: string;
  orderNumber: string;
  customerName: string;
  /** Pence. */
  totalAmount: number;
  currency: string;
  itemCount: number;
}

/** One order of the store, for the "new order" push; null when the store has no such order. */
export async function paidOrderSummary(tx: Tx, tenantId: string, orderId: string): Promise<PaidOrderSummary | null> {
  const [order] = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName, totalAmount: orders.totalAmount, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  if (!order) return null;
  const [items] = await tx.select({ n: sum(orderItems.quantity) }).from(orderItems).where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)));
  return { ...order, itemCount: Number(items?.n ?? 0) };
}
