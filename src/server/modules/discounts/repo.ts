import { and, eq, sql } from 'drizzle-orm';
import type { StoreTx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { discountCodes, discountRedemptions } from '../../db/schema';

// The discounts module's SQL for the storefront and the order lifecycle (the admin's is in admin-repo.ts).

export type CodeRow = typeof discountCodes.$inferSelect;

/**
 * The store's code as typed, matched without regard to case; another store's code is not found. Codes
 * are stored in upper case, so the typed one upper-cased is compared with the column as it is: through
 * row-level security an index serves `code = $1` but not `upper(code) = upper($1)` (upper() is not
 * leakproof), which read every code of the store.
 */
export async function findByCode(ctx: StoreTx, code: string): Promise<CodeRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.tenantId, ctx.tenantId), eq(discountCodes.code, code.toUpperCase())))
    .limit(1);
  return row ?? null;
}

/**
 * Uses of the code by other checkouts: the kept counter (held and used) less the uses this cart's own
 * unpaid checkouts hold. Reads a few rows by order id, never all of a popular code's redemptions.
 */
export async function usesExcept(ctx: StoreTx, code: Pick<CodeRow, 'id' | 'uses'>, exceptOrderIds: readonly string[]): Promise<number> {
  if (exceptOrderIds.length === 0) return code.uses;
  const [row] = rowsOf<{ n: number }>(
    await ctx.tx.execute(sql`
      select count(*)::int as n from discount_redemptions
      where tenant_id = ${ctx.tenantId} and order_id = any(${`{${exceptOrderIds.join(',')}}`}::uuid[])
        and code_id = ${code.id}::uuid and state = 'held'`),
  );
  return Math.max(0, code.uses - (row?.n ?? 0));
}

/** Whether this email holds or used the code on an order other than `exceptOrderIds`. */
export async function usedByEmail(ctx: StoreTx, codeId: string, email: string, exceptOrderIds: readonly string[]): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await ctx.tx.execute(sql`
      select 1 as one from discount_redemptions
      where tenant_id = ${ctx.tenantId} and code_id = ${codeId}::uuid and email = ${email.toLowerCase()} and state in ('held', 'used')
        and not (order_id = any(${`{${exceptOrderIds.join(',')}}`}::uuid[]))
      limit 1`),
  );
  return rows.length > 0;
}

/**
 * Takes one use of the code if it has one left: one conditional update, so checkouts at once queue on
 * the code's row and never pass the limit between them. False: none left (or the code is gone).
 */
export async function takeUse(ctx: StoreTx, codeId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await ctx.tx.execute(sql`
      update discount_codes set uses = uses + 1
      where tenant_id = ${ctx.tenantId} and id = ${codeId}::uuid and (usage_limit is null or uses < usage_limit)
      returning id`),
  );
  return rows.length > 0;
}

/**
 * For a code with no limit: the code is still there, and stays so until this transaction ends (a key
 * share lock, which checkouts at once all hold together: only a delete waits for them, and they for it).
 */
export async function holdCodeRow(ctx: StoreTx, codeId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(await ctx.tx.execute(sql`select id from discount_codes where tenant_id = ${ctx.tenantId} and id = ${codeId}::uuid for key share`));
  return rows.length > 0;
}

export async function insertRedemption(
  ctx: StoreTx,
  values: { codeId: string; orderId: string; email: string; discountAmount: number; shippingDiscount: number; orderTotal: number },
): Promise<void> {
  await ctx.tx.insert(discountRedemptions).values({ tenantId: ctx.tenantId, ...values, email: values.email.toLowerCase() });
}

/** A held use given back (the checkout was abandoned, cancelled or expired); answers whether one was. */
export async function releaseOrderUse(ctx: StoreTx, orderId: string): Promise<boolean> {
  const rows = rowsOf<{ code_id: string | null }>(
    await ctx.tx.execute(sql`
      update discount_redemptions set state = 'released', updated_at = now()
      where tenant_id = ${ctx.tenantId} and order_id = ${orderId}::uuid and state = 'held'
      returning code_id`),
  );
  const codeId = rows[0]?.code_id;
  // Only a code with a limit keeps the counter (a code without one is never a queue: holdCodeRow).
  if (codeId) await ctx.tx.execute(sql`update discount_codes set uses = greatest(uses - 1, 0) where tenant_id = ${ctx.tenantId} and id = ${codeId}::uuid and usage_limit is not null`);
  return rows.length > 0;
}

/**
 * The order was paid: its use is spent. An order paid after its hold lapsed had given the use back;
 * it takes it again, past the limit if need be (the shopper paid the discounted price: the order keeps it).
 */
export async function spendOrderUse(ctx: StoreTx, orderId: string): Promise<void> {
  const rows = rowsOf<{ code_id: string | null; was: string }>(
    await ctx.tx.execute(sql`
      update discount_redemptions r set state = 'used', updated_at = now()
      from (select id, state as was from discount_redemptions where tenant_id = ${ctx.tenantId} and order_id = ${orderId}::uuid for update) old
      where r.id = old.id and r.state <> 'used'
      returning r.code_id, old.was`),
  );
  const row = rows[0];
  if (row?.code_id && row.was === 'released') {
    await ctx.tx.execute(sql`update discount_codes set uses = uses + 1 where tenant_id = ${ctx.tenantId} and id = ${row.code_id}::uuid and usage_limit is not null`);
  }
}
