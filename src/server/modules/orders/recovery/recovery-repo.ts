import { and, eq, sql } from 'drizzle-orm';
import type { StoreCtx, StoreTx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { checkoutRecoveries } from '../../../db/schema';
import { CHECKOUT_RECOVERY } from '../../../../shared/checkout-recovery';

export type RecoveryRow = typeof checkoutRecoveries.$inferSelect;

/** An unpaid checkout whose reminder is due, as the email needs it. */
export interface DueCheckout {
  id: string;
  orderNumber: string;
  email: string;
  customerName: string;
  firstName: string;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  shippingMethodName: string;
  totalAmount: number;
  origin: string | null;
}

/**
 * Claims this store's unpaid checkouts whose reminder is due, oldest first, locking each for this
 * transaction (FOR UPDATE SKIP LOCKED: another instance's pass takes the next ones instead of waiting).
 * Due: never paid (unpaid, or expired once its hold lapsed), placed in the window, with an address the
 * customer's data was not erased from, and no reminder settled for it yet; and not superseded: no
 * other checkout of the same cart or address placed since (the newest one is the reminder's), none of
 * them paid since, and not cancelled by the shopper in My orders. The caller's insert of the recovery
 * row (unique per order) settles each one, so a row this pass read just before another instance
 * committed it is still never sent twice.
 */
export async function claimDueCheckouts(ctx: StoreCtx, window: { placedBefore: Date; placedAfter: Date }, limit: number): Promise<DueCheckout[]> {
  const rows = rowsOf<{
    id: string; order_number: string; customer_email: string; customer_name: string; first_name: string | null;
    subtotal: number; discount_total: number; shipping_total: number; shipping_method_name: string; total_amount: number; checkout_origin: string | null;
  }>(
    await ctx.tx.execute(sql`
      select o.id, o.order_number, o.customer_email, o.customer_name, o.shipping_address ->> 'first_name' as first_name,
             o.subtotal, o.discount_total, o.shipping_total, o.shipping_method_name, o.total_amount, o.checkout_origin
      from orders o
      where o.tenant_id = ${ctx.tenantId}
        and o.paid_at is null and o.payment_status in ('unpaid', 'expired')
        and o.placed_at <= ${window.placedBefore.toISOString()}::timestamptz and o.placed_at > ${window.placedAfter.toISOString()}::timestamptz
        and o.erased_at is null and o.customer_email <> ''
        and not exists (select 1 from checkout_recoveries r where r.tenant_id = o.tenant_id and r.order_id = o.id)
        and not exists (
          select 1 from orders l
          where l.tenant_id = o.tenant_id and l.id <> o.id
            and (l.placed_at >= o.placed_at or l.paid_at >= o.placed_at)
            and ((o.cart_id is not null and l.cart_id = o.cart_id) or lower(l.customer_email) = lower(o.customer_email)))
        and not exists (select 1 from order_events e where e.tenant_id = o.tenant_id and e.order_id = o.id and e.type = 'cancelled_by_customer')
      order by o.placed_at, o.id
      limit ${limit}
      for update of o skip locked`),
  );
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    email: r.customer_email,
    customerName: r.customer_name,
    firstName: r.first_name || r.customer_name.split(' ')[0] || '',
    subtotal: Number(r.subtotal),
    discountTotal: Number(r.discount_total),
    shippingTotal: Number(r.shipping_total),
    shippingMethodName: r.shipping_method_name,
    totalAmount: Number(r.total_amount),
    origin: r.checkout_origin,
  }));
}

type NewRecovery = { orderId: string; email: string } & ({ tokenHash: string; unsubscribeTokenHash: string; expiresAt: Date; sent: true } | { skipped: 'unsubscribed'; sent: false });

/** Settles a checkout's reminder: true when this call wrote it, false when it was already settled. */
export async function insertRecovery(ctx: StoreTx, row: NewRecovery): Promise<boolean> {
  const values = row.sent
    ? { tokenHash: row.tokenHash, unsubscribeTokenHash: row.unsubscribeTokenHash, expiresAt: row.expiresAt, sentAt: sql`now()` }
    : { skipped: row.skipped };
  const inserted = await ctx.tx
    .insert(checkoutRecoveries)
    .values({ tenantId: ctx.tenantId, orderId: row.orderId, email: row.email.toLowerCase(), ...values })
    .onConflictDoNothing({ target: checkoutRecoveries.orderId })
    .returning({ id: checkoutRecoveries.id });
  return inserted.length > 0;
}

/** The sent reminder a restore link names in this store, locked (two clicks at once take turns). */
export async function findByToken(ctx: StoreTx, tokenHash: string): Promise<RecoveryRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(checkoutRecoveries)
    .where(and(eq(checkoutRecoveries.tenantId, ctx.tenantId), eq(checkoutRecoveries.tokenHash, tokenHash)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The link was opened: first time kept, and the cart it filled (a later payment of it is a recovery). */
export async function markRestored(ctx: StoreTx, id: string, cartId: string): Promise<void> {
  await ctx.tx
    .update(checkoutRecoveries)
    .set({ restoredAt: sql`coalesce(${checkoutRecoveries.restoredAt}, now())`, restoredCartId: cartId })
    .where(and(eq(checkoutRecoveries.tenantId, ctx.tenantId), eq(checkoutRecoveries.id, id)));
}

/** The address an unsubscribe link was sent to in this store, or null. */
export async function emailForUnsubscribeToken(ctx: StoreTx, tokenHash: string): Promise<string | null> {
  const [row] = await ctx.tx
    .select({ email: checkoutRecoveries.email })
    .from(checkoutRecoveries)
    .where(and(eq(checkoutRecoveries.tenantId, ctx.tenantId), eq(checkoutRecoveries.unsubscribeTokenHash, tokenHash)))
    .limit(1);
  return row?.email ?? null;
}

/**
 * A paid order recovers at most one reminder, the closest: its own checkout's, else the one whose link
 * filled its cart within the last week, else the newest sent to its address within the last week (a
 * shopper who came back another way). Answers the recovered checkout's id, or null.
 */
export async function markRecovered(ctx: StoreTx, order: { id: string; cartId: string | null; email: string; totalAmount: number }): Promise<string | null> {
  const days = CHECKOUT_RECOVERY.recoveredWithinDays;
  const rows = rowsOf<{ order_id: string }>(
    await ctx.tx.execute(sql`
      update checkout_recoveries set recovered_order_id = ${order.id}::uuid, recovered_total = ${order.totalAmount}, recovered_at = now()
      where id = (
        select r.id from checkout_recoveries r
        where r.tenant_id = ${ctx.tenantId} and r.sent_at is not null and r.recovered_order_id is null
          and (r.order_id = ${order.id}::uuid
            or (r.restored_cart_id = ${order.cartId}::uuid and r.restored_at > now() - make_interval(days => ${days}))
            or (r.email = ${order.email.toLowerCase()} and r.sent_at > now() - make_interval(days => ${days})))
        order by (r.order_id = ${order.id}::uuid) desc, (r.restored_cart_id is not distinct from ${order.cartId}::uuid) desc, r.sent_at desc
        limit 1
        for update)
      returning order_id`),
  );
  return rows[0]?.order_id ?? null;
}

/** The figures since a moment, and whether the store ever sent a reminder. */
export async function recoveryStats(ctx: StoreTx, since: Date): Promise<{ sent: number; restored: number; recovered: number; recoveredPence: number; everSent: boolean }> {
  const at = since.toISOString();
  const [row] = rowsOf<{ sent: number; restored: number; recovered: number; revenue: number | string; ever: boolean }>(
    await ctx.tx.execute(sql`
      select count(*) filter (where sent_at >= ${at}::timestamptz)::int as sent,
             count(*) filter (where sent_at >= ${at}::timestamptz and restored_at is not null)::int as restored,
             count(*) filter (where recovered_at >= ${at}::timestamptz)::int as recovered,
             coalesce(sum(recovered_total) filter (where recovered_at >= ${at}::timestamptz), 0)::bigint as revenue,
             bool_or(sent_at is not null) is true as ever
      from checkout_recoveries where tenant_id = ${ctx.tenantId}`),
  );
  return { sent: row?.sent ?? 0, restored: row?.restored ?? 0, recovered: row?.recovered ?? 0, recoveredPence: Number(row?.revenue ?? 0), everSent: row?.ever ?? false };
}
