import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import type { NameValue } from '../../../db/schema';
import type { StockSource } from '../../inventory';
import { sellableRows, type SellableRow } from '../../catalogue';
import { isVatRate, type VatRate } from '../../../../shared/vat';

/** What a cart holds: which product (and variant) and how many. Never a price. */
export interface LineRef {
  id: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
}

export type { StockSource };

/** A line priced from the catalogue as it is now, in pence. */
export interface PricedLine extends LineRef {
  name: string;
  slug: string;
  sku: string;
  image_url: string | null;
  variant_options: NameValue[];
  unit_price: number;
  original_unit_price: number | null;
  line_total: number;
  /** The VAT rate the product sells at (used only while the store is VAT registered). */
  vat_rate: VatRate;
  stock_source: StockSource;
  /**
   * Units this cart may buy from that stock row (null when untracked): what is free, plus what this
   * cart's own unpaid checkout holds, since checking out again gives that hold back first.
   */
  available: number | null;
}

/** "Mug (Blue, Large)": the name a shopper and the payment page see for a line. */
export const lineDisplayName = (line: Pick<PricedLine, 'name' | 'variant_options'>) =>
  line.variant_options.length ? `${line.name} (${line.variant_options.map((o) => o.value).join(', ')})` : line.name;

type Row = SellableRow;

/** Units a cart's own unpaid checkout holds, by stock row ('products:{id}' or 'product_variants:{id}'). */
type Holds = Map<string, number>;
// A variant line holds its variant's stock, whatever an older order line called its source (stock-levels' unitsOf).
const stockKey = (source: StockSource, line: Pick<LineRef, 'product_id' | 'variant_id'>) =>
  source !== 'untracked' && line.variant_id ? `product_variants:${line.variant_id}` : `products:${line.product_id}`;

/**
 * The units this cart's unpaid checkout holds: the same order checkout would find for the cart and
 * release before holding stock again (held, unpaid, not yet expired).
 */
async function heldByCart(ctx: StoreCtx, cartId: string): Promise<Holds> {
  const rows = rowsOf<{ product_id: string; variant_id: string | null; stock_source: StockSource; quantity: number }>(
    await ctx.tx.execute(sql`
      select i.product_id, i.variant_id, i.stock_source, sum(i.quantity)::int as quantity
      from orders o join order_items i on i.order_id = o.id and i.tenant_id = o.tenant_id
      where o.tenant_id = ${ctx.tenantId} and o.cart_id = ${cartId}::uuid and o.reservation_state = 'held'
        and o.payment_status = 'unpaid' and o.reservation_expires_at > now() and i.product_id is not null
      group by i.product_id, i.variant_id, i.stock_source`),
  );
  const holds: Holds = new Map();
  for (const row of rows) {
    if (row.stock_source === 'untracked') continue;
    const key = stockKey(row.stock_source, row);
    holds.set(key, (holds.get(key) ?? 0) + row.quantity);
  }
  return holds;
}

/**
 * Prices lines from the live catalogue. A line whose product is no longer on sale (draft, archived,
 * private, deleted) or whose variant is gone comes back in `gone` instead: the cart drops it.
 */
export async function priceLines(ctx: StoreCtx, lines: LineRef[], cartId: string | null = null): Promise<{ priced: PricedLine[]; gone: LineRef[] }> {
  if (lines.length === 0) return { priced: [], gone: [] };
  const holds = cartId ? await heldByCart(ctx, cartId) : new Map<string, number>();
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const rows = await sellableRows(ctx.tx, ctx.tenantId, productIds);
  const priced: PricedLine[] = [];
  const gone: LineRef[] = [];
  for (const line of lines) {
    const productRows = rows.filter((r) => r.product_id === line.product_id);
    const hasVariants = productRows.some((r) => r.variant_id !== null);
    const row = line.variant_id ? productRows.find((r) => r.variant_id === line.variant_id) : productRows[0];
    // A product with variants is bought as one of them; a variant id must belong to its product.
    if (!row || (hasVariants && !line.variant_id)) {
      gone.push(line);
      continue;
    }
    priced.push(toPriced(line, row, holds));
  }
  return { priced, gone };
}

function toPriced(line: LineRef, row: Row, holds: Holds): PricedLine {
  const isVariant = line.variant_id !== null;
  const list = isVariant ? row.variant_price! : row.base_price;
  const sale = isVariant ? row.variant_sale_price : row.sale_price;
  const unit = sale !== null && sale < list ? sale : list;
  // A tracked product with variants sells each from its own stock (decision 042); a variant never set has none.
  const source: StockSource = !row.track_inventory ? 'untracked' : isVariant ? 'variant' : 'product';
  const free = source === 'variant' ? row.variant_available : source === 'product' ? row.product_available : null;
  const available = source === 'untracked' ? null : Math.max(0, free ?? 0) + (holds.get(stockKey(source, line)) ?? 0);
  return {
    ...line,
    name: row.name,
    slug: row.slug,
    sku: isVariant ? row.variant_sku! : row.product_sku,
    // A variant shows its own picture when it has one (as on the product page when it is chosen).
    image_url: (isVariant ? row.variant_image_url : null) ?? row.image_url,
    variant_options: isVariant ? (row.variant_options ?? []) : [],
    unit_price: unit,
    original_unit_price: unit < list ? list : null,
    line_total: unit * line.quantity,
    vat_rate: isVatRate(row.vat_rate) ? row.vat_rate : 'standard',
    stock_source: source,
    available,
  };
}

/**
 * The most each line may hold with the rest of the cart as it is (null: not tracked). Lines drawing on
 * one stock row (one product or variant on two lines) share it: each may have what the others leave. A line over its limit is over for all of them, as checkout holds the row's lines together.
 */
export function lineLimits(lines: PricedLine[]): Map<string, number | null> {
  const taken = new Map<string, number>();
  for (const line of lines) {
    if (line.available === null) continue;
    const key = stockKey(line.stock_source, line);
    taken.set(key, (taken.get(key) ?? 0) + line.quantity);
  }
  return new Map(
    lines.map((line) => {
      if (line.available === null) return [line.id, null];
      const others = taken.get(stockKey(line.stock_source, line))! - line.quantity;
      return [line.id, Math.max(0, line.available - others)];
    }),
  );
}
