import { sql } from 'drizzle-orm';
import type { StoreCtx, StoreTx, TenantCtx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { SALE_REASON } from '../../../shared/stock';

/** Which row's stock a line draws on: the variant's own, the product's, or none (not tracked). */
export type StockSource = 'variant' | 'product' | 'untracked';

/** One order line as far as stock is concerned. */
export interface StockLine {
  name: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
  stock_source: StockSource;
}

interface Unit {
  table: 'products' | 'product_variants';
  id: string;
  productId: string;
  variantId: string | null;
  quantity: number;
  names: string[];
}

/**
 * Lines that draw on the same stock row are held together. A variant line always draws on its variant
 * (decision 042: a product with variants has no stock of its own; an order placed before that says
 * 'product' for such a line and is mapped here). Units come sorted by product, then row, so every
 * transaction takes its row locks in one order.
 */
function unitsOf(lines: StockLine[]): Unit[] {
  const units = new Map<string, Unit>();
  for (const line of lines) {
    if (line.stock_source === 'untracked') continue;
    const onVariant = line.variant_id !== null;
    const table = onVariant ? 'product_variants' : 'products';
    const id = onVariant ? line.variant_id! : line.product_id;
    const key = `${table}:${id}`;
    const unit = units.get(key) ?? { table, id, productId: line.product_id, variantId: onVariant ? line.variant_id : null, quantity: 0, names: [] };
    unit.quantity += line.quantity;
    unit.names.push(line.name);
    units.set(key, unit);
  }
  return [...units.values()].sort((a, b) => (a.productId === b.productId ? (a.id < b.id ? -1 : 1) : a.productId < b.productId ? -1 : 1));
}

/**
 * Locks the products whose variants are about to change, in id order, before any variant row. A
 * variant's stock change rewrites its product's sums (migration 0039's trigger), so without this two
 * checkouts of one product's variants could each hold a variant and wait for the other's product row.
 */
export async function lockProductsOf(ctx: StoreTx, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await ctx.tx.execute(sql`
    select id from products where tenant_id = ${ctx.tenantId} and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
    order by id for update`);
}

/** The units, with the products of any variant units locked first. */
async function lockedUnits(ctx: StoreCtx, lines: StockLine[]): Promise<Unit[]> {
  const units = unitsOf(lines);
  await lockProductsOf(ctx, units.filter((u) => u.table === 'product_variants').map((u) => u.productId));
  return units;
}

/**
 * Holds stock for an unpaid order with conditional updates (DESIGN rule 6): a row is only touched
 * when enough is free, so concurrent checkouts can never hold more than there is. Answers the names
 * of the lines that could not be held; the caller rolls the transaction back when there are any.
 */
export async function reserve(ctx: StoreCtx, lines: StockLine[]): Promise<string[]> {
  const short: string[] = [];
  for (const unit of await lockedUnits(ctx, lines)) {
    const result = await ctx.tx.execute(sql`
      update ${sql.identifier(unit.table)} set reserved_quantity = reserved_quantity + ${unit.quantity}
      where tenant_id = ${ctx.tenantId} and id = ${unit.id}::uuid and coalesce(stock_quantity, 0) - reserved_quantity >= ${unit.quantity}
      returning id`);
    if (rowsOf(result).length === 0) short.push(...unit.names);
  }
  return short;
}

/** Gives held stock back (payment expired, failed or cancelled before paying). */
export async function release(ctx: StoreCtx, lines: StockLine[]): Promise<void> {
  for (const unit of await lockedUnits(ctx, lines)) {
    await ctx.tx.execute(sql`
      update ${sql.identifier(unit.table)} set reserved_quantity = greatest(reserved_quantity - ${unit.quantity}, 0)
      where tenant_id = ${ctx.tenantId} and id = ${unit.id}::uuid`);
  }
}

/**
 * Turns held stock into a sale: stock goes down, the hold is dropped and the ledger records it. When
 * the hold had already lapsed (payment arrived late) the stock is taken if it is there; lines that
 * could not be covered are answered so the order's timeline can say so. The ledger row reads
 * 'Order {number} paid' in the product's stock history.
 */
export async function commitSale(ctx: StoreCtx, lines: StockLine[], order: { id: string; orderNumber: string }, held: boolean): Promise<string[]> {
  const short: string[] = [];
  for (const unit of await lockedUnits(ctx, lines)) {
    const result = await ctx.tx.execute(sql`
      update ${sql.identifier(unit.table)}
      set stock_quantity = stock_quantity - ${unit.quantity},
          reserved_quantity = ${held ? sql`greatest(reserved_quantity - ${unit.quantity}, 0)` : sql`reserved_quantity`}
      where tenant_id = ${ctx.tenantId} and id = ${unit.id}::uuid
        and stock_quantity - ${held ? sql`0` : sql`reserved_quantity`} >= ${unit.quantity}
      returning stock_quantity`);
    const row = rowsOf<{ stock_quantity: number }>(result)[0];
    if (!row) {
      short.push(...unit.names);
      continue;
    }
    await ctx.tx.execute(sql`
      insert into stock_movements (tenant_id, product_id, variant_id, change, reason, notes, resulting_quantity, order_id, order_number)
      values (${ctx.tenantId}, ${unit.productId}, ${unit.variantId}, ${-unit.quantity}, ${SALE_REASON}, ${`Order ${order.orderNumber} paid`}, ${row.stock_quantity}, ${order.id}, ${order.orderNumber})`);
  }
  return short;
}

interface SoldUnit {
  product_id: string;
  variant_id: string | null;
  quantity: number;
}

/** What this order took off stock and has not had back, per stock row, as the ledger recorded it. */
async function soldByOrder(ctx: StoreCtx, orderId: string): Promise<SoldUnit[]> {
  return rowsOf<SoldUnit>(
    await ctx.tx.execute(sql`
      select product_id, variant_id, (-sum(change))::int as quantity
      from stock_movements
      where tenant_id = ${ctx.tenantId} and order_id = ${orderId}::uuid and reason in ('sale', 'cancelled', 'return')
      group by product_id, variant_id
      having -sum(change) > 0`),
  );
}

/** Puts `quantity` units back on one stock row with its ledger row; false when the row is gone. */
async function putBack(ctx: StoreCtx, order: { id: string; orderNumber: string }, unit: SoldUnit, reason: 'cancelled' | 'return', notes: string): Promise<boolean> {
  const table = unit.variant_id ? 'product_variants' : 'products';
  const id = unit.variant_id ?? unit.product_id;
  const [row] = rowsOf<{ stock_quantity: number }>(
    await ctx.tx.execute(sql`
      update ${sql.identifier(table)} set stock_quantity = coalesce(stock_quantity, 0) + ${unit.quantity}
      where tenant_id = ${ctx.tenantId} and id = ${id}::uuid
      returning stock_quantity`),
  );
  if (!row) return false;
  await ctx.tx.execute(sql`
    insert into stock_movements (tenant_id, product_id, variant_id, change, reason, notes, resulting_quantity, order_id, order_number, actor_user_id)
    values (${ctx.tenantId}, ${unit.product_id}, ${unit.variant_id}, ${unit.quantity}, ${reason}, ${notes}, ${row.stock_quantity}, ${order.id}, ${order.orderNumber}, ${ctx.actor?.userId ?? null})`);
  return true;
}

/**
 * Puts back what this order took off stock, as the ledger recorded it (its 'sale' rows net of any
 * earlier returns), with a ledger row per stock row: reason, order and who did it.
 */
export async function returnSoldStock(ctx: StoreCtx, order: { id: string; orderNumber: string }, reason: 'cancelled' | 'return', notes: string): Promise<number> {
  const sold = await soldByOrder(ctx, order.id);
  await lockProductsOf(ctx, sold.filter((u) => u.variant_id).map((u) => u.product_id));
  for (const unit of sold) await putBack(ctx, order, unit, reason, notes);
  return sold.reduce((n, u) => n + u.quantity, 0);
}

/** Order lines whose units go back on sale, each under a key the caller gives it back by. */
export interface ReturnLine extends StockLine {
  key: string;
}

/**
 * Puts chosen units of this order's lines back on sale (a refund by lines, issue 27), never more of a
 * stock row than the ledger says the order took off it and has not had back, each line with its own
 * ledger row (reason 'return', the order, who did it). Answers how many units of each line went back:
 * 0 for a line whose stock is not tracked, whose units are back already, or whose product is gone.
 */
export async function returnLineUnits(ctx: StoreCtx, order: { id: string; orderNumber: string }, lines: readonly ReturnLine[], notes: string): Promise<Map<string, number>> {
  const back = new Map<string, number>(lines.map((l) => [l.key, 0]));
  const wanted = lines.filter((l) => l.stock_source !== 'untracked' && l.quantity > 0);
  if (wanted.length === 0) return back;
  const out = new Map((await soldByOrder(ctx, order.id)).map((u) => [`${u.product_id}:${u.variant_id ?? ''}`, u.quantity]));
  await lockProductsOf(ctx, wanted.filter((l) => l.variant_id).map((l) => l.product_id));
  for (const line of wanted) {
    // The ledger says which row the sale came off; a variant line goes back on its variant even when
    // it was sold from the product's own stock before decision 042 (the product has none now).
    const key = `${line.product_id}:${line.stock_source === 'variant' ? line.variant_id : ''}`;
    const quantity = Math.min(line.quantity, out.get(key) ?? 0);
    if (quantity <= 0) continue;
    if (!(await putBack(ctx, order, { product_id: line.product_id, variant_id: line.variant_id, quantity }, 'return', notes))) continue;
    out.set(key, (out.get(key) ?? 0) - quantity);
    back.set(line.key, quantity);
  }
  return back;
}

/** A ledger line for stock set by hand on the product form (checkout and the stock screen write their own). */
export async function recordFormAdjustment(
  ctx: TenantCtx,
  m: { productId: string; variantId: string | null; change: number; resulting: number; notes: string },
): Promise<void> {
  await ctx.tx.execute(sql`
    insert into stock_movements (tenant_id, product_id, variant_id, change, reason, notes, resulting_quantity, actor_user_id)
    values (${ctx.tenantId}, ${m.productId}::uuid, ${m.variantId}, ${m.change}, 'adjustment', ${m.notes}, ${m.resulting}, ${ctx.actor.userId}::uuid)`);
}

/** One stock change an import made: the product's own stock (variantId null) or a variant's. */
export interface ImportAdjustment {
  productId: string;
  variantId: string | null;
  change: number;
  resulting: number;
}

/**
 * The ledger lines for one chunk of a product import, in one statement (an import changes thousands
 * of stock figures; a statement per line would dominate its time). Reason 'adjustment', by the actor.
 */
export async function recordImportAdjustments(ctx: TenantCtx, rows: readonly ImportAdjustment[], notes: string): Promise<void> {
  const lines = rows.filter((r) => r.change !== 0);
  if (lines.length === 0) return;
  const json = JSON.stringify(lines.map((r, ord) => ({ ord, product_id: r.productId, variant_id: r.variantId, change: r.change, resulting: r.resulting })));
  await ctx.tx.execute(sql`
    insert into stock_movements (tenant_id, product_id, variant_id, change, reason, notes, resulting_quantity, actor_user_id)
    select ${ctx.tenantId}::uuid, r.product_id, r.variant_id, r.change, 'adjustment', ${notes}, r.resulting, nullif(${ctx.actor.userId}, '')::uuid
    from jsonb_to_recordset(${json}::jsonb) as r(ord int, product_id uuid, variant_id uuid, change int, resulting int)
    order by r.ord`);
}
