import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { userEmails } from '../../accounts';
import { LOW_STOCK_THRESHOLD, MAX_STOCK_QUANTITY, type AdjustmentReason, type LowStockItem, type ProductStock } from '../../../../shared/stock';

/** The row is the API's answer as it stands (GET /api/admin/products/{id}/stock). */
export type ProductStockRow = ProductStock;

export async function findProductStock(ctx: TenantCtx, productId: string): Promise<ProductStockRow | null> {
  const rows = rowsOf<ProductStockRow>(
    await ctx.tx.execute(sql`
      select id, name, sku, track_inventory, stock_quantity, reserved_quantity
      from products where tenant_id = ${ctx.tenantId} and id = ${productId}::uuid`),
  );
  return rows[0] ?? null;
}

export interface AppliedAdjustment {
  movement: { id: string; product_id: string; quantity_change: number; reason: string; notes: string | null; resulting_quantity: number; created_at: Date | string };
  product: { id: string; name: string; stock_quantity: number };
}

/**
 * One conditional UPDATE ... RETURNING (DESIGN rule 6), then the ledger row, in the caller's
 * transaction. The row lock taken by the UPDATE is held until commit, so concurrent adjustments queue
 * on it: each re-reads the committed quantity, none is lost, and ledger rows are written in lock order
 * (created_at defaults to clock_timestamp(), read after the lock, so the ledger sorts the same way).
 * Stock may not fall below the units unpaid checkouts hold (products_reserved_check says the same),
 * nor rise past MAX_STOCK_QUANTITY (the sum is taken as bigint, so it cannot overflow first).
 * Answers null when nothing was changed; the caller finds out why.
 */
export async function applyAdjustment(
  ctx: TenantCtx,
  input: { productId: string; change: number; reason: AdjustmentReason; notes: string | null },
): Promise<AppliedAdjustment | null> {
  const updated = rowsOf<{ id: string; name: string; stock_quantity: number }>(
    await ctx.tx.execute(sql`
      update products
      set stock_quantity = coalesce(stock_quantity, 0) + ${input.change}, updated_at = now()
      where tenant_id = ${ctx.tenantId} and id = ${input.productId}::uuid and track_inventory
        and coalesce(stock_quantity, 0)::bigint + ${input.change} between reserved_quantity and ${MAX_STOCK_QUANTITY}
      returning id, name, stock_quantity`),
  )[0];
  if (!updated) return null;
  const movement = rowsOf<AppliedAdjustment['movement']>(
    await ctx.tx.execute(sql`
      insert into stock_movements (tenant_id, product_id, change, reason, notes, resulting_quantity, actor_user_id)
      values (${ctx.tenantId}, ${updated.id}, ${input.change}, ${input.reason}, ${input.notes}, ${updated.stock_quantity}, ${ctx.actor.userId})
      returning id, product_id, change as quantity_change, reason, notes, resulting_quantity, created_at`),
  )[0];
  return { movement, product: updated };
}

export interface MovementRow {
  id: string;
  quantity_change: number;
  reason: string;
  notes: string | null;
  resulting_quantity: number;
  created_at: Date | string;
  actor_email: string | null;
  order_number: string | null;
  variant_sku: string | null;
}

/** A product's ledger, newest first; ties (same microsecond) broken by id so pages never overlap. */
export async function listMovements(ctx: TenantCtx, productId: string, limit: number, offset: number): Promise<{ rows: MovementRow[]; total: number }> {
  const found = rowsOf<Omit<MovementRow, 'actor_email'> & { actor_user_id: string | null }>(
    await ctx.tx.execute(sql`
      select m.id, m.change as quantity_change, m.reason, m.notes, m.resulting_quantity, m.created_at,
             m.actor_user_id, m.order_number, v.sku as variant_sku
      from stock_movements m
      left join product_variants v on v.id = m.variant_id and v.tenant_id = m.tenant_id
      where m.tenant_id = ${ctx.tenantId} and m.product_id = ${productId}::uuid
      order by m.created_at desc, m.id desc
      limit ${limit} offset ${offset}`),
  );
  // Who acted is an account (the accounts module's table); the order number was copied onto the row.
  const emails = await userEmails(ctx.tx, found.flatMap((m) => (m.actor_user_id ? [m.actor_user_id] : [])));
  const rows = found.map(({ actor_user_id, ...m }) => ({ ...m, actor_email: actor_user_id ? (emails.get(actor_user_id) ?? null) : null }));
  const total = rowsOf<{ n: number }>(
    await ctx.tx.execute(sql`select count(*)::int as n from stock_movements where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid`),
  )[0].n;
  return { rows, total };
}

/**
 * Tracked products at or under the threshold, lowest first. A tracked product whose quantity was never
 * set counts as 0. Archived products are left out: nobody restocks what is no longer sold.
 */
export async function listLowStock(
  ctx: Pick<TenantCtx, 'tx' | 'tenantId'>,
  limit: number,
  /** Only these products (a paid order's, for the store's low stock alert email). */
  productIds?: string[],
): Promise<{ rows: LowStockItem[]; total: number }> {
  const only = productIds ? sql` and id in (${productIds.length ? sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `) : sql`null`})` : sql``;
  const low = sql`tenant_id = ${ctx.tenantId} and track_inventory and status <> 'archived' and coalesce(stock_quantity, 0) <= ${LOW_STOCK_THRESHOLD}${only}`;
  const rows = rowsOf<LowStockItem>(
    await ctx.tx.execute(sql`
      select id, name, sku, coalesce(stock_quantity, 0) as stock_quantity from products
      where ${low} order by coalesce(stock_quantity, 0), name, id limit ${limit}`),
  );
  const total = rowsOf<{ n: number }>(await ctx.tx.execute(sql`select count(*)::int as n from products where ${low}`))[0].n;
  return { rows, total };
}
