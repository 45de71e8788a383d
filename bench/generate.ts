import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { withScope } from '../src/server/db/scope';

const WORDS = ['Oak', 'Linen', 'Stoneware', 'Enamel', 'Copper', 'Walnut', 'Terracotta', 'Wool', 'Rattan', 'Glass', 'Brass', 'Slate'];
const THINGS = ['Mug', 'Bowl', 'Lamp', 'Cushion', 'Throw', 'Vase', 'Planter', 'Tray', 'Jug', 'Basket', 'Candle', 'Shelf'];

/**
 * Adds `count` live products to a tenant in a few set-based statements (seconds, not minutes): names
 * from word pairs, prices £2-£300, each in one or two of the tenant's categories, one picture each,
 * every tenth with three variants, a third on sale. Runs in the tenant's scope, so RLS applies.
 */
export async function generateProducts(db: Db, tenantId: string, count: number): Promise<void> {
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
    const things = sql.raw(`array[${THINGS.map((w) => `'${w}'`).join(',')}]`);
    await tx.execute(sql`
      insert into products (tenant_id, name, slug, sku, brand, description, base_price, sale_price, status, visibility,
                            is_featured, track_inventory, stock_quantity, bullets, specs, gtin, created_at)
      select ${tenantId}::uuid,
             (${words})[1 + g % 12] || ' ' || (${things})[1 + (g / 12) % 12] || ' No. ' || g,
             'bench-' || g, 'BN-' || lpad(g::text, 6, '0'), 'Bench & Co',
             'A hard-wearing ' || lower((${things})[1 + (g / 12) % 12]) || ' made in ' || (${words})[1 + g % 12] || ' for everyday use.',
             200 + (g * 7919) % 29800,
             case when g % 3 = 0 then (200 + (g * 7919) % 29800) * 8 / 10 end,
             'active', 'public', g % 97 = 0, true, (g * 31) % 120,
             '["Made to last", "Easy to care for", "Designed in Britain"]'::jsonb,
             '[{"name":"Material","value":"Mixed"}]'::jsonb,
             lpad((5000000000000 + g)::text, 13, '0'),
             now() - (g || ' minutes')::interval
      from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into product_categories (tenant_id, product_id, category_id, position)
      select ${tenantId}::uuid, p.id, c.id, 0
      from products p
      cross join lateral (select id from categories where tenant_id = ${tenantId}
                          order by md5(p.id::text || id::text) limit 1) c
      where p.tenant_id = ${tenantId} and p.slug like 'bench-%'`);
    await tx.execute(sql`
      insert into product_images (tenant_id, product_id, image_url, alt_text, position)
      select ${tenantId}::uuid, p.id, (select image_url from product_images where tenant_id = ${tenantId} and image_url not like '' limit 1), p.name, 0
      from products p where p.tenant_id = ${tenantId} and p.slug like 'bench-%'`);
    await tx.execute(sql`
      insert into product_variants (tenant_id, product_id, sku, price, options, stock_quantity, position)
      select ${tenantId}::uuid, p.id, p.sku || '-' || s.size, p.base_price + s.n * 100,
             jsonb_build_array(jsonb_build_object('name', 'Size', 'value', s.size)), 10, s.n
      from products p cross join (values (0, 'S'), (1, 'M'), (2, 'L')) s(n, size)
      where p.tenant_id = ${tenantId} and p.slug like 'bench-%' and substring(p.sku from 4)::int % 10 = 0`);
  });
  // Fresh statistics and visibility map, as autovacuum leaves them after a bulk insert (owner
  // connection): the planner sees 10,000 rows, and index-only scans (counts) need not visit the heap.
  await db.execute(sql`vacuum analyze`);
}
