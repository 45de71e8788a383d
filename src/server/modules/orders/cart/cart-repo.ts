import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { cartItems, carts, shippingMethods } from '../../../db/schema';
import type { LineRef } from './pricing';

export type CartRow = typeof carts.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

export async function findCartByToken(ctx: StoreCtx, tokenHash: string): Promise<CartRow | null> {
  const [row] = await ctx.tx.select().from(carts).where(and(eq(carts.tenantId, ctx.tenantId), eq(carts.tokenHash, tokenHash)));
  return row ?? null;
}

/** The account's most recently used cart in this store, other than the one named. */
export async function findUserCart(ctx: StoreCtx, userId: string, exceptId: string | null): Promise<CartRow | null> {
  const rows = await ctx.tx
    .select()
    .from(carts)
    .where(and(eq(carts.tenantId, ctx.tenantId), eq(carts.userId, userId), exceptId ? sql`${carts.id} <> ${exceptId}` : undefined))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCart(ctx: StoreCtx, tokenHash: string, userId: string | null): Promise<CartRow> {
  const [row] = await ctx.tx.insert(carts).values({ tenantId: ctx.tenantId, tokenHash, userId }).returning();
  return row;
}

export async function updateCart(ctx: StoreCtx, id: string, values: Partial<Pick<CartRow, 'userId' | 'tokenHash' | 'shippingMethodId' | 'discountCode'>>): Promise<void> {
  await ctx.tx.update(carts).set({ ...values, updatedAt: new Date() }).where(and(eq(carts.tenantId, ctx.tenantId), eq(carts.id, id)));
}

export async function deleteCart(ctx: StoreCtx, id: string): Promise<void> {
  await ctx.tx.delete(carts).where(and(eq(carts.tenantId, ctx.tenantId), eq(carts.id, id)));
}

/** Locks the cart row so two checkouts of one cart run one after the other. */
export async function lockCart(ctx: StoreCtx, id: string): Promise<void> {
  await ctx.tx.execute(sql`select id from carts where tenant_id = ${ctx.tenantId} and id = ${id}::uuid for update`);
}

export async function listLines(ctx: StoreCtx, cartId: string): Promise<LineRef[]> {
  return ctx.tx
    .select({ id: cartItems.id, product_id: cartItems.productId, variant_id: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.tenantId, ctx.tenantId), eq(cartItems.cartId, cartId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Adds to the line for this product and variant, or starts it; the total is capped at max. */
export async function addToLine(ctx: StoreCtx, cartId: string, productId: string, variantId: string | null, quantity: number, max: number): Promise<void> {
  await ctx.tx.execute(sql`
    insert into cart_items (tenant_id, cart_id, product_id, variant_id, quantity)
    values (${ctx.tenantId}, ${cartId}, ${productId}, ${variantId}, ${quantity})
    on conflict (cart_id, product_id, variant_id)
    do update set quantity = least(cart_items.quantity + excluded.quantity, ${max})`);
}

/** Makes the line for this product and variant hold at least `quantity` (a restored checkout's), capped at max. */
export async function raiseLine(ctx: StoreCtx, cartId: string, productId: string, variantId: string | null, quantity: number, max: number): Promise<void> {
  await ctx.tx.execute(sql`
    insert into cart_items (tenant_id, cart_id, product_id, variant_id, quantity)
    values (${ctx.tenantId}, ${cartId}, ${productId}, ${variantId}, ${Math.min(quantity, max)})
    on conflict (cart_id, product_id, variant_id)
    do update set quantity = least(greatest(cart_items.quantity, excluded.quantity), ${max})`);
}

export async function setLineQuantity(ctx: StoreCtx, cartId: string, lineId: string, quantity: number): Promise<boolean> {
  const rows = await ctx.tx
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.tenantId, ctx.tenantId), eq(cartItems.cartId, cartId), eq(cartItems.id, lineId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteLines(ctx: StoreCtx, cartId: string, lineIds?: string[]): Promise<number> {
  const rows = await ctx.tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.tenantId, ctx.tenantId),
        eq(cartItems.cartId, cartId),
        lineIds ? sql`${cartItems.id} in (${sql.join(lineIds.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
      ),
    )
    .returning({ id: cartItems.id });
  return rows.length;
}

/** Moves another cart's lines into this one (sign-in joins a guest cart to the account's older one). */
export async function mergeLines(ctx: StoreCtx, fromCartId: string, intoCartId: string, max: number): Promise<void> {
  await ctx.tx.execute(sql`
    insert into cart_items (tenant_id, cart_id, product_id, variant_id, quantity)
    select tenant_id, ${intoCartId}::uuid, product_id, variant_id, quantity from cart_items
    where tenant_id = ${ctx.tenantId} and cart_id = ${fromCartId}::uuid
    on conflict (cart_id, product_id, variant_id)
    do update set quantity = least(cart_items.quantity + excluded.quantity, ${max})`);
}

export async function listShippingMethods(ctx: StoreCtx): Promise<ShippingMethodRow[]> {
  return ctx.tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.tenantId, ctx.tenantId), eq(shippingMethods.isActive, true)))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
}

export async function insertShippingMethod(ctx: StoreCtx, values: { name: string; description: string | null; flatRate: number; freeOver: number | null; position: number }): Promise<void> {
  await ctx.tx.insert(shippingMethods).values({ tenantId: ctx.tenantId, ...values });
}
