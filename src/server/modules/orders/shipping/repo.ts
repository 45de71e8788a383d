import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import type { Tx } from '../../../db/connection';
import { shippingMethods } from '../../../db/schema';
import { rowsOf } from '../../../db/rows';

export type MethodRow = typeof shippingMethods.$inferSelect & { orderCount: number };
export type MethodValues = Pick<typeof shippingMethods.$inferInsert, 'name' | 'description' | 'flatRate' | 'freeOver' | 'deliveryMinDays' | 'deliveryMaxDays' | 'isActive' | 'vatMode'>;

// Orders keep a copy of the option they were placed with (name, days, price); the count tells the admin.
// Columns written out in full: drizzle leaves single-table columns unqualified, and inside the subquery
// an unqualified "id" would be the order's own.
const orderCount = sql<number>`(select count(*)::int from orders o where o.tenant_id = "shipping_methods"."tenant_id" and o.shipping_method_id = "shipping_methods"."id")`;

/** Every option of the store, active or not, in checkout order. */
export async function listMethods(ctx: TenantCtx): Promise<MethodRow[]> {
  const rows = await ctx.tx
    .select({ method: shippingMethods, orderCount })
    .from(shippingMethods)
    .where(eq(shippingMethods.tenantId, ctx.tenantId))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name), asc(shippingMethods.id));
  return rows.map((r) => ({ ...r.method, orderCount: Number(r.orderCount) }));
}

export async function findMethod(ctx: TenantCtx, id: string): Promise<MethodRow | null> {
  const rows = await ctx.tx
    .select({ method: shippingMethods, orderCount })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, ctx.tenantId), eq(shippingMethods.id, id)));
  return rows[0] ? { ...rows[0].method, orderCount: Number(rows[0].orderCount) } : null;
}

/**
 * Locks the store's options for a write that depends on all of them (a new one's position, a name
 * check, a reorder), so two admins saving at once take turns. Answers their ids and names.
 */
export async function lockMethods(ctx: TenantCtx): Promise<{ id: string; name: string; position: number }[]> {
  return rowsOf<{ id: string; name: string; position: number }>(
    await ctx.tx.execute(sql`select id, name, position from shipping_methods where tenant_id = ${ctx.tenantId} order by position, name, id for update`),
  );
}

export async function insertMethod(ctx: TenantCtx, values: MethodValues & { position: number }): Promise<string> {
  const [row] = await ctx.tx.insert(shippingMethods).values({ tenantId: ctx.tenantId, ...values }).returning({ id: shippingMethods.id });
  return row.id;
}

export async function updateMethod(ctx: TenantCtx, id: string, values: Partial<MethodValues>): Promise<boolean> {
  const rows = await ctx.tx
    .update(shippingMethods)
    .set(values)
    .where(and(eq(shippingMethods.tenantId, ctx.tenantId), eq(shippingMethods.id, id)))
    .returning({ id: shippingMethods.id });
  return rows.length > 0;
}

/** Positions 0..n-1 in the order given, in one statement. */
export async function setPositions(ctx: TenantCtx, ids: string[]): Promise<void> {
  await ctx.tx.execute(sql`
    update shipping_methods m set position = (o.position - 1)::int
    from unnest(${sql`array[${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}]`}) with ordinality as o(id, position)
    where m.tenant_id = ${ctx.tenantId} and m.id = o.id and m.position is distinct from (o.position - 1)::int`);
}

/**
 * Deletes the option. Orders placed with it keep their copy of its name, price and delivery days
 * (orders.shipping_method_name, shipping_total, delivery_*_days) and lose only the link (ON DELETE SET
 * NULL); carts that had chosen it fall back to the first active option.
 */
export async function deleteMethod(ctx: TenantCtx, id: string): Promise<boolean> {
  const rows = await ctx.tx
    .delete(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, ctx.tenantId), eq(shippingMethods.id, id)))
    .returning({ id: shippingMethods.id });
  return rows.length > 0;
}

/**
 * What the store's active delivery options let it promise (issue 25): the lowest "free over" amount
 * (pence) and whether one arrives the next business day. Read for the host cache in the store's scope.
 */
export async function deliveryFacts(tx: Tx, tenantId: string): Promise<{ freeOverPence: number | null; nextDay: boolean; activeCount: number }> {
  const [row] = rowsOf<{ free_over: number | null; next_day: boolean; active: number }>(
    await tx.execute(sql`
      select min(free_over)::int as free_over, coalesce(bool_or(delivery_max_days <= 1), false) as next_day, count(*)::int as active
      from shipping_methods where tenant_id = ${tenantId} and is_active`),
  );
  return { freeOverPence: row?.free_over ?? null, nextDay: Boolean(row?.next_day), activeCount: Number(row?.active ?? 0) };
}

/** The store's active delivery options in checkout order, in pence (its legal pages list them). */
export async function activeDeliveryOptions(
  tx: Tx,
  tenantId: string,
): Promise<{ name: string; flatRatePence: number; freeOverPence: number | null; deliveryMinDays: number; deliveryMaxDays: number }[]> {
  return tx
    .select({ name: shippingMethods.name, flatRatePence: shippingMethods.flatRate, freeOverPence: shippingMethods.freeOver, deliveryMinDays: shippingMethods.deliveryMinDays, deliveryMaxDays: shippingMethods.deliveryMaxDays })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, tenantId), eq(shippingMethods.isActive, true)))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
}

/**
 * The delivery option a new store starts with (issue 25): a plain tracked service with no free
 * threshold (nothing promised that the merchant did not choose), for the merchant to check, change
 * and confirm in Settings > Shipping. Runs in the new store's scope.
 */
export async function insertStarterDeliveryOption(tx: Tx, tenantId: string): Promise<void> {
  await tx.insert(shippingMethods).values({
    tenantId,
    name: 'Standard Delivery',
    description: 'Tracked delivery across the UK',
    flatRate: 399,
    freeOver: null,
    position: 0,
    deliveryMinDays: 3,
    deliveryMaxDays: 5,
  });
}
