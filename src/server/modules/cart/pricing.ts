import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import type { NameValue } from '../../db/schema';

/** What a cart holds: which product (and variant) and how many. Never a price. */
export interface LineRef {
  id: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
}

/** Which row's stock a line draws on: the variant's own, the product's, or none (not tracked). */
export type StockSource = 'variant' | 'product' | 'untracked';

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
  stock_source: StockSource;
  /** Units free to sell on that stock row (null when untracked). */
  available: number | null;
}

interface Row {
  product_id: string;
  variant_id: string | null;
  name: string;
  slug: string;
  product_sku: string;
  base_price: number;
  sale_price: number | null;
  track_inventory: boolean;
  product_available: number | null;
  variant_sku: string | null;
  variant_price: number | null;
  variant_sale_price: number | null;
  variant_options: NameValue[] | null;
  variant_available: number | null;
  variant_has_stock: boolean;
  image_url: string | null;
}

/**
 * Prices lines from the live catalogue. A line whose product is no longer on sale (draft, archived,
 * private, deleted) or whose variant is gone comes back in `gone` instead: the cart drops it.
 */
export async function priceLines(ctx: StoreCtx, lines: LineRef[]): Promise<{ priced: PricedLine[]; gone: LineRef[] }> {
  if (lines.length === 0) return { priced: [], gone: [] };
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const result = await ctx.tx.execute(sql`
    select p.id as product_id, v.id as variant_id, p.name, p.slug, p.sku as product_sku, p.base_price, p.sale_price,
           p.track_inventory, p.stock_quantity - p.reserved_quantity as product_available,
           v.sku as variant_sku, v.price as variant_price, v.sale_price as variant_sale_price, v.options as variant_options,
           v.stock_quantity - v.reserved_quantity as variant_available, v.stock_quantity is not null as variant_has_stock,
           (select i.image_url from product_images i where i.product_id = p.id order by i.position, i.created_at limit 1) as image_url
    from products p
    left join product_variants v on v.product_id = p.id
    where p.tenant_id = ${ctx.tenantId} and p.status = 'active' and p.visibility = 'public'
      and p.id in (${sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  const rows = rowsOf<Row>(result);
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
    priced.push(toPriced(line, row));
  }
  return { priced, gone };
}

function toPriced(line: LineRef, row: Row): PricedLine {
  const isVariant = line.variant_id !== null;
  const list = isVariant ? row.variant_price! : row.base_price;
  const sale = isVariant ? row.variant_sale_price : row.sale_price;
  const unit = sale !== null && sale < list ? sale : list;
  const source: StockSource = !row.track_inventory ? 'untracked' : isVariant && row.variant_has_stock ? 'variant' : 'product';
  const available = source === 'variant' ? row.variant_available : source === 'product' ? Math.max(0, row.product_available ?? 0) : null;
  return {
    ...line,
    name: row.name,
    slug: row.slug,
    sku: isVariant ? row.variant_sku! : row.product_sku,
    image_url: row.image_url,
    variant_options: isVariant ? (row.variant_options ?? []) : [],
    unit_price: unit,
    original_unit_price: unit < list ? list : null,
    line_total: unit * line.quantity,
    stock_source: source,
    available,
  };
}
