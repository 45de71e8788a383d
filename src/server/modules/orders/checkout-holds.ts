import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { orders } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { rateLimited } from '../limits';
import { CHECKOUT_HOLD_TEXT, CHECKOUT_START_HOLD_MINUTES, MAX_UNPAID_CHECKOUTS, RESERVATION_MINUTES } from '../../../shared/cart';
import { isAwaitingPaymentOrder, type OrderRow } from './orders-repo';

// Stock cannot be hoarded (issue 24 item 5, decision 033): a checkout holds stock briefly until the
// shopper reaches the payment page, then for the full RESERVATION_MINUTES; one address and one
// account hold only a few unpaid checkouts at once; a cart holds at most one.

/** Where a checkout's hold ends before the payment page is reached. */
export const startHoldEnd = (from = new Date()) => new Date(from.getTime() + CHECKOUT_START_HOLD_MINUTES * 60_000);

/** The longest an unpaid order holds stock, and how long its payment session stays open. */
export const fullHoldEnd = (order: Pick<OrderRow, 'placedAt'>) => new Date(order.placedAt.getTime() + RESERVATION_MINUTES * 60_000);

/** Where the shopper's browser is sent to pay: a page of the store's own, which then sends it on to the provider. */
export const paymentPagePath = (sessionId: string) => `/checkout/payment/${encodeURIComponent(sessionId)}`;

/**
 * Every unpaid order of the cart still holding stock, newest first, lapsed ones included (the
 * sweeper may not have come by yet). The caller holds the cart's lock.
 */
export async function heldOrdersOfCart(ctx: StoreCtx, cartId: string): Promise<OrderRow[]> {
  return ctx.tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.cartId, cartId), eq(orders.reservationState, 'held'), eq(orders.paymentStatus, 'unpaid')))
    .orderBy(desc(orders.placedAt));
}

/** How many unpaid checkouts of this store match `who` and hold stock now, and when the first hold ends. */
async function holdsOf(ctx: StoreCtx, who: SQL): Promise<{ count: number; freeInSeconds: number }> {
  const [row] = rowsOf<{ n: number; free_in: number | string | null }>(
    await ctx.tx.execute(sql`
      select count(*)::int as n, extract(epoch from (min(${orders.reservationExpiresAt}) - now())) as free_in
      from ${orders} where ${orders.tenantId} = ${ctx.tenantId} and ${isAwaitingPaymentOrder} and ${who}`),
  );
  return { count: row?.n ?? 0, freeInSeconds: Number(row?.free_in ?? 0) };
}

/**
 * Refuses (429, Retry-After until the soonest of those holds ends) a new checkout when the client's
 * address, or the signed-in account, already has MAX_UNPAID_CHECKOUTS unpaid checkouts holding
 * stock in this store. Transaction-scoped advisory locks on the address and the account (always in
 * that order) make the count and the new order one step: checkouts at once cannot all slip under.
 */
export async function assertMayHoldStock(ctx: StoreCtx, who: { address: string; userId: string | null }): Promise<void> {
  const lock = (key: string) => ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${ctx.tenantId}:${key}`}, 0))`);
  const checks: [SQL, string][] = [[sql`${orders.checkoutAddress} = ${who.address}`, CHECKOUT_HOLD_TEXT.perAddress]];
  await lock(`address:${who.address}`);
  if (who.userId) {
    await lock(`user:${who.userId}`);
    checks.push([sql`${orders.userId} = ${who.userId}`, CHECKOUT_HOLD_TEXT.perAccount]);
  }
  for (const [match, message] of checks) {
    const holds = await holdsOf(ctx, match);
    if (holds.count >= MAX_UNPAID_CHECKOUTS) throw rateLimited(message, holds.freeInSeconds);
  }
}

/**
 * The shopper reached the payment page: the order's hold runs to its full length (fullHoldEnd), once,
 * while it is still held and in time. A conditional update, so it cannot revive a hold the sweeper
 * has claimed (it only takes lapsed ones) or one settled meanwhile. Answers the provider's page to
 * send the browser to, or null when the session is not this store's (the same for unknown ones).
 */
export async function reachPaymentPage(ctx: StoreCtx, sessionId: string): Promise<string | null> {
  const [order] = await ctx.tx
    .select({ id: orders.id, paymentUrl: orders.paymentUrl })
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.paymentSessionId, sessionId)))
    .limit(1);
  if (!order?.paymentUrl) return null;
  await ctx.tx
    .update(orders)
    .set({ reservationExpiresAt: sql`${orders.placedAt} + ${RESERVATION_MINUTES} * interval '1 minute'`, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, order.id), isAwaitingPaymentOrder, sql`${orders.reservationExpiresAt} < ${orders.placedAt} + ${RESERVATION_MINUTES} * interval '1 minute'`));
  // Paid, expired or lapsed: the provider's page says so and offers the way back.
  return order.paymentUrl;
}
