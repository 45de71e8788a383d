import { sql } from 'drizzle-orm';
import type { StoreTx, TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { userEmails } from '../../accounts';
import { LOW_STOCK_THRESHOLD, MAX_STOCK_QUANTITY, type AdjustmentReason, type LowStockItem, type ProductStock } from '../../../../shared/stock';

/** The row is the API's answer as it stands (GET /api/admin/products/{id}/stock). */
export type ProductStockRow = ProductStock;

export async function findProductStock(ctx: TenantCtx, productId: string): Promise<ProductStockRow | null> {
  const rows = rowsOf<ProductStockRow>(
    await ctx.tx.execute(sql`
      select p.id, p.name, p.sku, p.track_inventory, p.stock_quantity, p.reserved_quantity,
             coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'options', v.options, 'stock_quantity', v.stock_quantity,
                                                         'reserved_quantity', v.reserved_quantity) order by v.position, v.sku)
                       from product_variants v where v.product_id = p.id), '[]'::json) as variants
      from products p where p.tenant_id = ${ctx.tenantId} and p.id = ${productId}::uuid`),
  );
  return rows[0] ?? null;
}

export interface AppliedAdjustment {
  movement: { id: string; product_id: string; quantity_change: number; reason: string; notes: string | null; resulting_quantity: number; created_at: Date | string };
  product: { id: string; name: string; stock_quantity: number };
  variant: { id: string; sku: string; stock_quantity: number } | null;
}

type AdjustmentInput = { productId: string; variantId: string | null; change: number; reason: AdjustmentReason; notes: string | null };

/**
 * One conditional UPDATE ... RETURNING (DESIGN rule 6), then the ledger row, in the caller's
 * transaction. The row lock taken by the UPDATE is held until commit, so concurrent adjustments queue
 * on it: each re-reads the committed quantity, none is lost, and ledger rows are written in lock order
 * (created_at defaults to clock_timestamp(), read after the lock, so the ledger sorts the same way).
 * Stock may not fall below the units unpaid checkouts hold (products_reserved_check says the same),
 * nor rise past MAX_STOCK_QUANTITY (the sum is taken as bigint, so it cannot overflow first).
 * A product with variants has no stock of its own (decision 042): its adjustments name a variant, and
 * one that does not changes nothing here. Answers null when nothing was changed; the caller finds out why.
 */
export async function applyAdjustment(ctx: TenantCtx, input: AdjustmentInput): Promise<AppliedAdjustment | null> {
  const fits = sql`coalesce(stock_quantity, 0)::bigint + ${input.change} between reserved_quantity and ${MAX_STOCK_QUANTITY}`;
  let variant: AppliedAdjustment['variant'] = null;
  if (input.variantId) {
    // The product row first, as checkout takes them (stock-levels' lockProductsOf): the variant's change rewrites its sums.
    const tracked = rowsOf<{ id: string }>(
      await ctx.tx.execute(sql`select id from products where tenant_id = ${ctx.tenantId} and id = ${input.productId}::uuid and track_inventory for update`),
    );
    if (tracked.length === 0) return null;
    variant = rowsOf<NonNullable<AppliedAdjustment['variant']>>(
      await ctx.tx.execute(sql`
        update product_variants set stock_quantity = coalesce(stock_quantity, 0) + ${input.change}
        where tenant_id = ${ctx.tenantId} and id = ${input.variantId}::uuid and product_id = ${input.productId}::uuid and ${fits}
        returning id, sku, stock_quantity`),
    )[0] ?? null;
    if (!variant) return null;
  }
  const product = rowsOf<AppliedAdjustment['product']>(
    await ctx.tx.execute(
      variant
        ? sql`select id, name, coalesce(stock_quantity, 0) as stock_quantity from products where tenant_id = ${ctx.tenantId} and id = ${input.productId}::uuid`
        : sql`
      update products
      set stock_quantity = coalesce(stock_quantity, 0) + ${input.change}, updated_at = now()
      where tenant_id = ${ctx.tenantId} and id = ${input.productId}::uuid and track_inventory and ${fits}
        and not exists (select 1 from product_variants v where v.product_id = products.id)
      returning id, name, stock_quantity`,
    ),
  )[0];
  if (!product) return null;
  const movement = rowsOf<AppliedAdjustment['movement']>(
    await ctx.tx.execute(sql`
      insert into stock_movements (tenant_id, product_id, variant_id, change, reason, notes, resulting_quantity, actor_user_id)
      values (${ctx.tenantId}, ${product.id}, ${variant?.id ?? null}, ${input.change}, ${input.reason}, ${input.notes},
              ${variant ? variant.stock_quantity : product.stock_quantity}, ${ctx.actor.userId})
      returning id, product_id, change as quantity_change, reason, notes, resulting_quantity, created_at`),
  )[0];
  return { movement, product, variant };
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
  const emails = await userEmails(ctx, found.flatMap((m) => (m.actor_user_id ? [m.actor_user_id] : [])));
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
  ctx: StoreTx,
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
