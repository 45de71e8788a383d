import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import type { NameValue } from '../../../db/schema/catalogue';

// The catalogue export's reads (issue 15 item 5): products a page at a time in SKU order, keyset on the
// (tenant_id, sku) unique index, each with its pictures, main category and variants, so a 100,000
// product catalogue is read in bounded pages and never held whole.

export interface ExportVariant {
  sku: string;
  price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  options: NameValue[];
}

export interface ExportProduct {
  sku: string;
  name: string;
  slug: string;
  description: string | null;
  base_price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  track_inventory: boolean;
  status: string;
  visibility: string;
  is_featured: boolean;
  brand: string | null;
  bullets: string[];
  gtin: string | null;
  mpn: string | null;
  meta_title: string | null;
  meta_description: string | null;
  images: string[];
  /** The main category (first by position) and its parent, if any. */
  category: { name: string; parent: string | null } | null;
  variants: ExportVariant[];
}

export const EXPORT_PAGE_SIZE = 500;

/** Up to `limit` products of this tenant with a SKU after `afterSku` (null: from the start), in SKU order. */
export async function exportPage(ctx: TenantCtx, afterSku: string | null, limit = EXPORT_PAGE_SIZE): Promise<ExportProduct[]> {
  const res = await ctx.tx.execute(sql`
    select p.sku, p.name, p.slug, p.description, p.base_price, p.sale_price, p.stock_quantity, p.track_inventory, p.status, p.visibility,
      p.is_featured, p.brand, p.bullets, p.gtin, p.mpn, p.meta_title, p.meta_description,
      coalesce((select json_agg(i.image_url order by i.position, i.created_at) from product_images i where i.product_id = p.id), '[]'::json) as images,
      (select json_build_object('name', c.name, 'parent', parent.name)
         from product_categories pc join categories c on c.id = pc.category_id left join categories parent on parent.id = c.parent_id
         where pc.product_id = p.id order by pc.position, c.name limit 1) as category,
      coalesce((select json_agg(json_build_object('sku', v.sku, 'price', v.price, 'sale_price', v.sale_price, 'stock_quantity', v.stock_quantity, 'options', v.options) order by v.position, v.sku)
         from product_variants v where v.product_id = p.id and v.tenant_id = ${ctx.tenantId}), '[]'::json) as variants
    from products p
    where p.tenant_id = ${ctx.tenantId} ${afterSku === null ? sql`` : sql`and p.sku > ${afterSku}`}
    order by p.sku
    limit ${limit}`);
  return rowsOf<ExportProduct>(res);
}
