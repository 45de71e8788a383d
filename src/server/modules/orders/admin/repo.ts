import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { orderEvents, orders } from '../../../db/schema';
import { userEmails } from '../../accounts';
import type { OrderStatus } from '../../../../shared/orders';
import { isPlacedOrder } from '../orders-repo';

/** `%` and `_` typed by a person are letters, not wildcards. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListOptions {
  status: OrderStatus | null;
  search: string | null;
  limit: number;
  offset: number;
}

/**
 * Admin spec §2: newest first, searched by order number, customer email or name, filtered by status.
 * Placed (paid) orders only: a checkout still waiting for its payment, or abandoned, is not an order
 * the shop has to handle, so it is neither listed nor counted (decision 009).
 */
export async function listOrders(ctx: TenantCtx, opts: ListOptions) {
  const where: SQL[] = [eq(orders.tenantId, ctx.tenantId), isPlacedOrder];
  if (opts.status) where.push(eq(orders.status, opts.status));
  if (opts.search) {
    const like = likeText(opts.search);
    where.push(or(ilike(orders.orderNumber, like), ilike(orders.customerEmail, like), ilike(orders.customerName, like))!);
  }
  const filter = and(...where);
  const rows = await ctx.tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      erasedAt: orders.erasedAt,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
      placedAt: orders.placedAt,
      // Written out: inside a select list drizzle would print the columns without their tables.
      itemCount: sql<number>`(select count(*)::int from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(filter)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ total }] = await ctx.tx.select({ total: count() }).from(orders).where(filter);
  return { rows, total };
}

/** The timeline, newest first, with the email of whoever acted (null for the shop itself). */
export async function listEvents(ctx: TenantCtx, orderId: string) {
  const rows = await ctx.tx
    .select({ id: orderEvents.id, type: orderEvents.type, message: orderEvents.message, actorUserId: orderEvents.actorUserId, data: orderEvents.data, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.tenantId, ctx.tenantId), eq(orderEvents.orderId, orderId)))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id));
  const emails = await userEmails(ctx, rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])));
  return rows.map(({ actorUserId, ...row }) => ({ ...row, actorEmail: actorUserId ? (emails.get(actorUserId) ?? null) : null }));
}
