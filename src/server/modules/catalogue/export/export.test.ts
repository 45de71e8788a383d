import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';
import { openCsv } from '../../imports/csv/parse';
import { autoMap } from '../../../../shared/import/mapping';
import { groupProducts, type GroupedProduct } from '../../../../shared/import/rows';
import { PRODUCT_CSV_COLUMNS } from '../../../../shared/product-csv';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const download = (cookie = admin, host?: string) => call(t.app, 'GET', '/api/admin/products/export.csv', { cookie, ...(host ? { host } : {}) });

async function readBack(body: Buffer): Promise<GroupedProduct[]> {
  const csv = await openCsv([body]);
  const mapping = autoMap(csv.headers);
  const rows = (async function* () {
    for await (const row of csv.rows) {
      if (row.error) throw new Error(`line ${row.line}: ${row.error}`);
      yield row;
    }
  })();
  const out: GroupedProduct[] = [];
  for await (const product of groupProducts(rows, csv.headers, mapping)) out.push(product);
  return out;
}

const db = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

describe('GET /api/admin/products/export.csv', () => {
  it('refuses staff with 403 and anonymous callers with 401', async () => {
    expect((await download(staff)).statusCode).toBe(403);
    expect((await download(null as unknown as string)).statusCode).toBe(401);
  });

  it('downloads a UTF-8 CSV with a BOM, the template headers and a dated file name', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const firstLine = body.subarray(3).toString('utf8').split('\r\n')[0];
    expect(firstLine).toBe(PRODUCT_CSV_COLUMNS.map((c) => c.header).join(','));
  });

  it('parses back (parse.ts + rows.ts) into the same products, variants, prices and categories', async () => {
    const products = await readBack((await download()).rawPayload);
    expect(products.every((p) => p.errors.length === 0)).toBe(true);
    const seeded = DEMO_STORE_CATALOGUE.products;
    expect(products.map((p) => p.sku).sort()).toEqual(seeded.map((p) => p.sku).sort());

    const stored = await db<{
      sku: string; name: string; slug: string; description: string | null; base_price: number; sale_price: number | null; stock_quantity: number | null;
      track_inventory: boolean; status: string; visibility: string; is_featured: boolean; brand: string | null; bullets: string[]; gtin: string | null; mpn: string | null;
      meta_title: string | null; meta_description: string | null; images: number; category: string | null;
      variants: { sku: string; price: number; sale_price: number | null; stock_quantity: number | null; options: { name: string; value: string }[] }[];
    }>(sql`
      select p.sku, p.name, p.slug, p.description, p.base_price, p.sale_price, p.stock_quantity, p.track_inventory, p.status, p.visibility, p.is_featured,
        p.brand, p.bullets, p.gtin, p.mpn, p.meta_title, p.meta_description,
        (select count(*)::int from product_images i where i.product_id = p.id) as images,
        (select concat_ws(' > ', parent.name, c.name) from product_categories pc join categories c on c.id = pc.category_id left join categories parent on parent.id = c.parent_id
          where pc.product_id = p.id order by pc.position, c.name limit 1) as category,
        coalesce((select json_agg(json_build_object('sku', v.sku, 'price', v.price, 'sale_price', v.sale_price, 'stock_quantity', v.stock_quantity, 'options', v.options) order by v.position, v.sku)
          from product_variants v where v.product_id = p.id), '[]'::json) as variants
      from products p join tenants t on t.id = p.tenant_id where t.slug = 'demo'`);
    expect(stored.length).toBe(products.length);
    let withVariants = 0;
    for (const row of stored) {
      const draft = products.find((p) => p.sku === row.sku)!.draft!;
      expect(draft).toMatchObject({
        name: row.name, slug: row.slug, description: row.description, base_price: row.base_price, sale_price: row.sale_price, stock_quantity: row.stock_quantity,
        track_inventory: row.track_inventory, status: row.status, visibility: row.visibility, is_featured: row.is_featured, brand: row.brand,
        bullets: row.bullets, gtin: row.gtin, mpn: row.mpn, meta_title: row.meta_title, meta_description: row.meta_description,
      });
      expect(draft.category?.join(' > ') ?? null).toBe(row.category || null);
      expect(draft.image_urls).toHaveLength(row.images);
      for (const url of draft.image_urls ?? []) expect(url).toMatch(/^https?:\/\/demo\.localhost/);
      expect(draft.variants.map(({ line: _line, ...v }) => v)).toEqual(row.variants);
      if (row.variants.length) withVariants += 1;
    }
    expect(withVariants).toBeGreaterThan(0);
    expect(products.some((p) => p.draft!.category?.length === 2) || products.some((p) => p.draft!.category?.length === 1)).toBe(true);
  });

  it("never shows another store's products", async () => {
    const acme = await readBack((await download(acmeAdmin, ACME_HOST)).rawPayload);
    const demoSkus = new Set(DEMO_STORE_CATALOGUE.products.map((p) => p.sku));
    expect(acme.some((p) => demoSkus.has(p.sku!))).toBe(false);
    const [{ n }] = await db<{ n: number }>(sql`select count(*)::int as n from products p join tenants t on t.id = p.tenant_id where t.slug = 'acme'`);
    expect(acme.length).toBe(n);
  });

  it('guards formulas and quotes commas, quotes and line breaks, and reads them back unchanged', async () => {
    const [{ id }] = await db<{ id: string }>(sql`select p.id from products p join tenants t on t.id = p.tenant_id where t.slug = 'demo' order by p.sku limit 1`);
    const name = '=HYPERLINK("http://evil.example","Click"), now';
    const description = '- Handmade\r\nin "Devon", £12';
    await t.database.db.execute(sql`update products set name = ${name}, description = ${description} where id = ${id}::uuid`);
    const res = await download();
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), now"`);
    expect(text).toContain(`"'- Handmade\r\nin ""Devon"", £12"`);
    const products = await readBack(res.rawPayload);
    const draft = products.find((p) => p.draft?.name === name)!.draft!;
    expect(draft.description).toBe(description.trim());
  });

  it('pages through a large catalogue in SKU order without missing or repeating a product', async () => {
    const [{ tenant_id }] = await db<{ tenant_id: string }>(sql`select id as tenant_id from tenants where slug = 'demo'`);
    await t.database.db.execute(sql`
      insert into products (tenant_id, name, slug, sku, base_price)
      select ${tenant_id}::uuid, 'Bulk ' || g, 'bulk-' || g, 'BULK-' || lpad(g::text, 5, '0'), 100 + g from generate_series(1, 1203) g`);
    const products = await readBack((await download()).rawPayload);
    const skus = products.map((p) => p.sku!);
    expect(skus.filter((s) => s.startsWith('BULK-'))).toHaveLength(1203);
    expect(new Set(skus).size).toBe(skus.length);
    expect(products.find((p) => p.sku === 'BULK-01203')!.draft!.base_price).toBe(1303);
  });
});
