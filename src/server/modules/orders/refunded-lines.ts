import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { orderItems, orderRefundLines, orderRefunds } from '../../db/schema';

/**
 * What refunds by lines (issue 27) have taken of an order's lines. An attempt still waiting for the
 * provider counts as taken (its units cannot be chosen again), a refused or abandoned one not at all.
 */

/** Units of one order line: refunded (the provider confirmed) and being refunded (waiting for it). */
export interface RefundedUnits {
  settled: number;
  pending: number;
}

const LIVE = sql`${orderRefunds.state} in ('pending', 'succeeded')`;

/** Per order line id, the units refunded and being refunded, for the given orders. */
export async function refundedUnits(ctx: StoreCtx, orderIds: readonly string[]): Promise<Map<string, RefundedUnits>> {
  const units = new Map<string, RefundedUnits>();
  if (orderIds.length === 0) return units;
  const rows = await ctx.tx
    .select({ itemId: orderRefundLines.orderItemId, state: orderRefunds.state, quantity: sql<number>`sum(${orderRefundLines.quantity})::int` })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefundLines.tenantId, ctx.tenantId), inArray(orderRefundLines.orderId, [...orderIds]), LIVE))
    .groupBy(orderRefundLines.orderItemId, orderRefunds.state);
  for (const row of rows) {
    const seen = units.get(row.itemId) ?? { settled: 0, pending: 0 };
    if (row.state === 'succeeded') seen.settled += Number(row.quantity);
    else seen.pending += Number(row.quantity);
    units.set(row.itemId, seen);
  }
  return units;
}

/** Whether a refund by lines has given back (or is giving back) the order's delivery charge. */
export async function deliveryRefunded(ctx: StoreCtx, orderId: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.orderId, orderId), eq(orderRefunds.includesDelivery, true), LIVE))
    .limit(1);
  return rows.length > 0;
}

/** Whether any refund of the order the provider confirmed was by lines (or delivery), other than `except`. */
export async function hasLineRefunds(ctx: StoreCtx, orderId: string, except: string | null = null): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.tenantId, ctx.tenantId),
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.state, 'succeeded'),
        except ? sql`${orderRefunds.id} <> ${except}::uuid` : undefined,
        sql`(${orderRefunds.includesDelivery} or exists (select 1 from order_refund_lines l where l.refund_id = ${orderRefunds.id}))`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** One refunded line of an attempt, with what the order line says about it. */
export interface AttemptLine {
  id: string;
  orderItemId: string;
  quantity: number;
  amount: number;
  vatAmount: number;
  restock: boolean;
  restocked: number | null;
  productName: string;
  productId: string | null;
  variantId: string | null;
  stockSource: 'product' | 'variant' | 'untracked';
  vatRate: (typeof orderItems.$inferSelect)['vatRate'];
}

/** The lines of one refund attempt, in the order's line order (by product name, as the order shows them). */
export async function attemptLines(ctx: StoreCtx, refundId: string): Promise<AttemptLine[]> {
  return ctx.tx
    .select({
      id: orderRefundLines.id,
      orderItemId: orderRefundLines.orderItemId,
      quantity: orderRefundLines.quantity,
      amount: orderRefundLines.amount,
      vatAmount: orderRefundLines.vatAmount,
      restock: orderRefundLines.restock,
      restocked: orderRefundLines.restocked,
      productName: orderItems.productName,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      stockSource: orderItems.stockSource,
      vatRate: orderItems.vatRate,
    })
    .from(orderRefundLines)
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(and(eq(orderRefundLines.tenantId, ctx.tenantId), eq(orderRefundLines.refundId, refundId)))
    .orderBy(asc(orderItems.productName), asc(orderRefundLines.id));
}

/** A line of a refund being asked: its order line, units, their value and VAT (pence), and the stock choice. */
export interface NewRefundLine {
  orderItemId: string;
  quantity: number;
  amount: number;
  vatAmount: number;
  restock: boolean;
}

/** Written with the attempt, in the transaction that reserves it (the database checks the units fit again). */
export async function insertRefundLines(ctx: StoreCtx, attempt: { id: string; orderId: string }, lines: readonly NewRefundLine[]): Promise<void> {
  if (lines.length === 0) return;
  await ctx.tx.insert(orderRefundLines).values(lines.map((l) => ({ tenantId: ctx.tenantId, refundId: attempt.id, orderId: attempt.orderId, ...l })));
}

/**
 * Claims the attempt's lines that are to go back in stock and have not yet: a conditional update, so
 * whoever settles the attempt (the request, a retry, the reconciler) restocks them once. Answers the
 * ids claimed; the caller writes the real counts with setRestocked in the same transaction.
 */
export async function claimRestock(ctx: StoreCtx, refundId: string): Promise<Set<string>> {
  const rows = await ctx.tx
    .update(orderRefundLines)
    .set({ restocked: 0 })
    .where(and(eq(orderRefundLines.tenantId, ctx.tenantId), eq(orderRefundLines.refundId, refundId), eq(orderRefundLines.restock, true), sql`${orderRefundLines.restocked} is null`))
    .returning({ id: orderRefundLines.id });
  return new Set(rows.map((r) => r.id));
}

export async function setRestocked(ctx: StoreCtx, lineId: string, units: number): Promise<void> {
  await ctx.tx.update(orderRefundLines).set({ restocked: units }).where(and(eq(orderRefundLines.tenantId, ctx.tenantId), eq(orderRefundLines.id, lineId)));
}

/** The order's refunds the provider confirmed, oldest first, with their lines: what the shopper is shown. */
export async function settledRefunds(ctx: StoreCtx, orderId: string) {
  const attempts = await ctx.tx
    .select({ id: orderRefunds.id, amount: orderRefunds.refundedAmount, settledAt: orderRefunds.settledAt, createdAt: orderRefunds.createdAt, includesDelivery: orderRefunds.includesDelivery })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, 'succeeded')))
    .orderBy(asc(orderRefunds.settledAt), asc(orderRefunds.id));
  if (attempts.length === 0) return [];
  const lines = await ctx.tx
    .select({ refundId: orderRefundLines.refundId, productName: orderItems.productName, quantity: orderRefundLines.quantity })
    .from(orderRefundLines)
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(and(eq(orderRefundLines.tenantId, ctx.tenantId), eq(orderRefundLines.orderId, orderId)))
    .orderBy(asc(orderItems.productName));
  return attempts.map((a) => ({
    refundedAt: a.settledAt ?? a.createdAt,
    amount: a.amount ?? 0,
    includesDelivery: a.includesDelivery,
    lines: lines.filter((l) => l.refundId === a.id).map((l) => ({ productName: l.productName, quantity: l.quantity })),
  }));
}
