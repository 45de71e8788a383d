import { and, eq, lt, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { orderEvents, orderItems, orders } from '../../db/schema';
import type { StockLine } from '../inventory';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'tenantId'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'tenantId' | 'orderId'>;

/** Inserts the order when its number is free; null means the number was taken (the caller draws again). */
/**
 * An order the shop has: paid at some point (refunded or cancelled since, it stays the shop's). An
 * unpaid checkout is not an order yet (decision 009): the admin's lists, counters and KPIs, and the
 * customer's list beyond the checkouts awaiting their payment, count placed orders only.
 */
export const isPlacedOrder = sql`${orders.paidAt} is not null`;

/** A checkout waiting for the shopper's payment: unpaid, still holding its stock, not yet lapsed. */
export const isAwaitingPaymentOrder = sql`(${orders.paymentStatus} = 'unpaid' and ${orders.status} = 'pending' and ${orders.reservationState} = 'held' and ${orders.reservationExpiresAt} > now())`;

export async function insertOrder(ctx: StoreCtx, values: NewOrder): Promise<OrderRow | null> {
  const rows = await ctx.tx.insert(orders).values({ ...values, tenantId: ctx.tenantId }).onConflictDoNothing({ target: [orders.tenantId, orders.orderNumber] }).returning();
  return rows[0] ?? null;
}

export async function insertItems(ctx: StoreCtx, orderId: string, items: NewOrderItem[]): Promise<void> {
  await ctx.tx.insert(orderItems).values(items.map((i) => ({ ...i, tenantId: ctx.tenantId, orderId })));
}

export async function addEvent(ctx: StoreCtx, orderId: string, type: string, message: string, data?: Record<string, unknown>): Promise<void> {
  // clock_timestamp, not the transaction's start: events written in one transaction keep their order on the timeline.
  await ctx.tx.insert(orderEvents).values({ tenantId: ctx.tenantId, orderId, type, message, actorUserId: ctx.actor?.userId ?? null, data: data ?? null, createdAt: sql`clock_timestamp()` });
}

export async function findOrder(ctx: StoreCtx, where: { id?: string; orderNumber?: string; sessionId?: string }, lock = false): Promise<OrderRow | null> {
  const conditions = [eq(orders.tenantId, ctx.tenantId)];
  if (where.id) conditions.push(eq(orders.id, where.id));
  if (where.orderNumber) conditions.push(eq(orders.orderNumber, where.orderNumber));
  if (where.sessionId) conditions.push(eq(orders.paymentSessionId, where.sessionId));
  const query = ctx.tx.select().from(orders).where(and(...conditions)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/**
 * The sweeper's claim on one lapsed hold: the row locked for this transaction, or null when it was
 * settled meanwhile or another server instance is settling it right now (SKIP LOCKED: it moves on
 * instead of waiting, and finds the row released if it comes back).
 */
export async function claimLapsedHold(ctx: StoreCtx, id: string, now: Date): Promise<OrderRow | null> {
  const rows = await ctx.tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id), eq(orders.reservationState, 'held'), eq(orders.paymentStatus, 'unpaid'), lt(orders.reservationExpiresAt, now)))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0] ?? null;
}

export async function listItems(ctx: StoreCtx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return ctx.tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, ctx.tenantId), sql`${orderItems.orderId} in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})`))
    .orderBy(orderItems.productName);
}

export async function updateOrder(ctx: StoreCtx, id: string, values: Partial<OrderRow>): Promise<void> {
  await ctx.tx.update(orders).set({ ...values, updatedAt: new Date() }).where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id)));
}

export const stockLinesOf = (items: OrderItemRow[]): StockLine[] =>
  items.filter((i) => i.productId).map((i) => ({ name: i.productName, product_id: i.productId!, variant_id: i.variantId, quantity: i.quantity, stock_source: i.stockSource }));
