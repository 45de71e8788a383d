import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { orderRefunds, orders } from '../../../db/schema';

export type RefundAttempt = typeof orderRefunds.$inferSelect;

/**
 * Reserves a refund before the provider is asked and writes down the attempt that holds it, in the
 * caller's transaction: one conditional update, so refunds running at the same time can never
 * together pass what was paid. Answers the attempt, or null when the amount does not fit.
 */
export async function reserveRefund(
  ctx: StoreCtx,
  order: { id: string; paymentProvider: string },
  amount: number,
  reason: string | null,
  extra: { requestKey?: string | null; includesDelivery?: boolean } = {},
): Promise<RefundAttempt | null> {
  const reserved = await ctx.tx
    .update(orders)
    .set({ refundPending: sql`${orders.refundPending} + ${amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(orders.tenantId, ctx.tenantId),
        eq(orders.id, order.id),
        sql`${orders.paymentStatus} in ('paid', 'partially_refunded')`,
        sql`${orders.refundedAmount} + ${orders.refundPending} + ${amount} <= ${orders.totalAmount}`,
      ),
    )
    .returning({ id: orders.id });
  if (reserved.length !== 1) return null;
  const [attempt] = await ctx.tx
    .insert(orderRefunds)
    .values({
      tenantId: ctx.tenantId,
      orderId: order.id,
      provider: order.paymentProvider,
      amount,
      reason,
      actorUserId: ctx.actor?.userId ?? null,
      requestKey: extra.requestKey ?? null,
      includesDelivery: extra.includesDelivery ?? false,
    })
    .returning();
  return attempt;
}

/** The attempt an earlier request with this key made, in this store (any order), or null. */
export async function findByRequestKey(ctx: StoreCtx, requestKey: string): Promise<RefundAttempt | null> {
  const [row] = await ctx.tx.select().from(orderRefunds).where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.requestKey, requestKey))).limit(1);
  return row ?? null;
}

/** Pending attempts whose provider was last asked before `before` (their request is over), oldest first. */
export async function listPendingRefunds(ctx: StoreCtx, before: Date): Promise<RefundAttempt[]> {
  return ctx.tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.state, 'pending'), lt(orderRefunds.triedAt, before)))
    .orderBy(asc(orderRefunds.triedAt));
}

/**
 * Claims a pending attempt for one more try (DESIGN rule 12: several instances may run the
 * reconciler): a conditional update, so only one of them asks the provider this round. Null when
 * another took it or it was settled meanwhile.
 */
export async function claimForRetry(ctx: StoreCtx, attemptId: string, before: Date): Promise<RefundAttempt | null> {
  const [claimed] = await ctx.tx
    .update(orderRefunds)
    .set({ triedAt: new Date() })
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.id, attemptId), eq(orderRefunds.state, 'pending'), lt(orderRefunds.triedAt, before)))
    .returning();
  return claimed ?? null;
}

/**
 * The provider refunded: the attempt takes its refund id and amount, once. False when the attempt
 * was already settled (by another request or the reconciler), so nothing is counted twice.
 */
export async function markRefunded(ctx: StoreCtx, attemptId: string, result: { refundId: string; amount: number }): Promise<boolean> {
  const rows = await ctx.tx
    .update(orderRefunds)
    .set({ state: 'succeeded', providerRefundId: result.refundId, refundedAmount: result.amount, settledAt: new Date() })
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.id, attemptId), eq(orderRefunds.state, 'pending')))
    .returning({ id: orderRefunds.id });
  return rows.length === 1;
}

/** The provider refused: the attempt is closed, once. False when it was already settled. */
export async function markRefused(ctx: StoreCtx, attemptId: string): Promise<boolean> {
  const rows = await ctx.tx
    .update(orderRefunds)
    .set({ state: 'failed', settledAt: new Date() })
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.id, attemptId), eq(orderRefunds.state, 'pending')))
    .returning({ id: orderRefunds.id });
  return rows.length === 1;
}

/**
 * Moves a settled attempt out of refund_pending: `refunded` pence (the provider's figure) become
 * refunded, the rest of the reservation is let go. Answers the order as it now stands.
 */
export async function settleRefund(ctx: StoreCtx, orderId: string, reserved: number, refunded: number) {
  const [row] = await ctx.tx
    .update(orders)
    .set({
      refundPending: sql`greatest(${orders.refundPending} - ${reserved}, 0)`,
      // The provider cannot refund more than was paid; the order's own check holds the books to it.
      refundedAmount: sql`least(${orders.refundedAmount} + ${refunded}, ${orders.totalAmount})`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, orderId)))
    .returning();
  return row ?? null;
}
