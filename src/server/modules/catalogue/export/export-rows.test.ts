import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvLine } from '../../../../shared/import/csv-cells';
import { autoMap } from '../../../../shared/import/mapping';
import { groupProducts, type GroupedProduct } from '../../../../shared/import/rows';
import { openCsv } from '../../imports/csv/parse';
import type { ExportProduct } from './export-repo';
import { PRODUCT_CSV_HEADERS, absoluteUrl, exportFileName, productCsvRows } from './export-rows';

const ORIGIN = 'https://shop.example';

const base: ExportProduct = {
  sku: 'MUG', name: 'Mug', slug: 'mug', description: null, base_price: 1250, sale_price: null, stock_quantity: 10, track_inventory: true, status: 'active',
  visibility: 'public', is_featured: false, brand: null, bullets: [], gtin: null, mpn: null, meta_title: null, meta_description: null, images: [], category: null, variants: [],
};

async function roundTrip(products: ExportProduct[]): Promise<GroupedProduct[]> {
  const text = `\uFEFF${csvLine(PRODUCT_CSV_HEADERS)}${products.flatMap((p) => productCsvRows(p, ORIGIN)).map((r) => csvLine(r)).join('')}`;
  const csv = await openCsv([Buffer.from(text)]);
  const out: GroupedProduct[] = [];
  const rows = (async function* () {
    for await (const row of csv.rows) {
      if (row.error) throw new Error(row.error);
      yield row;
    }
  })();
  for await (const p of groupProducts(rows, csv.headers, autoMap(csv.headers))) out.push(p);
  return out;
}

describe('productCsvRows', () => {
  it('writes a product without variants as one row in the template’s columns', () => {
    const [row, ...rest] = productCsvRows({ ...base, category: { name: 'Mugs', parent: 'Kitchen' }, images: ['/uploads/a.jpg', 'https://cdn.example/b.jpg'], bullets: ['One', 'Two'], sale_price: 999 }, ORIGIN);
    expect(rest).toEqual([]);
    const cells = Object.fromEntries(PRODUCT_CSV_HEADERS.map((h, i) => [h, row[i]]));
    expect(cells).toMatchObject({
      SKU: 'MUG', Name: 'Mug', Price: '12.50', 'Sale Price': '9.99', Stock: '10', 'Track Inventory': 'yes', Featured: 'no', Category: 'Kitchen > Mugs',
      'Image URLs': 'https://shop.example/uploads/a.jpg|https://cdn.example/b.jpg', Highlights: 'One|Two', 'Variant SKU': '',
    });
  });

  it('writes one row per variant, product fields on the first only', () => {
    const rows = productCsvRows({ ...base, variants: [
      { sku: 'MUG-R', price: 1250, sale_price: 1000, stock_quantity: 3, options: [{ name: 'Colour', value: 'Red' }] },
      { sku: 'MUG-B', price: 1300, sale_price: null, stock_quantity: null, options: [{ name: 'Colour', value: 'Blue' }] },
    ] }, ORIGIN);
    const col = (h: string) => PRODUCT_CSV_HEADERS.indexOf(h);
    expect(rows).toHaveLength(2);
    expect([rows[0][col('Name')], rows[0][col('Variant SKU')], rows[0][col('Variant Sale Price')]]).toEqual(['Mug', 'MUG-R', '10.00']);
    expect([rows[1][col('SKU')], rows[1][col('Name')], rows[1][col('Option1 Name')], rows[1][col('Option1 Value')], rows[1][col('Variant Price')], rows[1][col('Variant Stock')]]).toEqual(['MUG', '', 'Colour', 'Blue', '13.00', '']);
  });

  it('makes site paths absolute and names the file by date', () => {
    expect(absoluteUrl('/uploads/x.jpg', ORIGIN)).toBe('https://shop.example/uploads/x.jpg');
    expect(absoluteUrl('//cdn.example/x.jpg', ORIGIN)).toBe('//cdn.example/x.jpg');
    expect(exportFileName(new Date('2026-03-09T23:30:00Z'))).toBe('products-2026-03-09.csv');
  });

  it('reads back as the same products: export -> import round-trips (property)', async () => {
    const text = (max: number) => fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '£', 'é', '-', '=', '\n', "'"), minLength: 1, maxLength: max }).map((s) => s.trim()).filter((s) => s !== '');
    const optional = (max: number) => fc.option(text(max), { nil: null });
    const price = fc.integer({ min: 1, max: 99_999_999 });
    const product = fc.record({
      name: text(30), description: optional(60), base_price: price, stock_quantity: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }), track_inventory: fc.boolean(),
      status: fc.constantFrom('draft', 'active', 'archived'), visibility: fc.constantFrom('public', 'private'), is_featured: fc.boolean(), brand: optional(20),
      bullets: fc.array(text(20).filter((s) => !s.includes('|')), { maxLength: 3 }), meta_title: optional(20),
      category: fc.option(fc.record({ name: text(10).filter((s) => !s.includes('>')), parent: fc.option(text(10).filter((s) => !s.includes('>')), { nil: null }) }), { nil: null }),
      variantCount: fc.integer({ min: 0, max: 3 }),
      variantPrices: fc.array(fc.tuple(price, fc.option(fc.integer({ min: 0, max: 100 }), { nil: null })), { minLength: 3, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(product, { minLength: 1, maxLength: 4 }), async (generated) => {
        const products: ExportProduct[] = generated.map((g, i) => ({
          ...base, ...g, sku: `P${i}`, slug: `p-${i}`, images: [`/uploads/p${i}.jpg`],
          category: g.category ? { name: g.category.name.replace(/\s+/g, ' '), parent: g.category.parent?.replace(/\s+/g, ' ') ?? null } : null,
          variants: Array.from({ length: g.variantCount }, (_, v) => ({ sku: `P${i}-V${v}`, price: g.variantPrices[v][0], sale_price: null, stock_quantity: g.variantPrices[v][1], options: [{ name: 'Size', value: `S${v}` }] })),
        }));
        const back = await roundTrip(products);
        expect(back.flatMap((b) => b.errors)).toEqual([]);
        expect(back).toHaveLength(products.length);
        back.forEach((b, i) => {
          const p = products[i];
          expect(b.draft).toMatchObject({
            sku: p.sku, name: p.name, slug: p.slug, description: p.description, base_price: p.base_price, stock_quantity: p.stock_quantity, track_inventory: p.track_inventory,
            status: p.status, visibility: p.visibility, is_featured: p.is_featured, brand: p.brand, bullets: p.bullets, meta_title: p.meta_title,
            category: p.category ? [p.category.parent, p.category.name].filter(Boolean) : null, image_urls: [`${ORIGIN}/uploads/p${i}.jpg`],
          });
          expect(b.draft!.variants.map(({ line: _l, ...v }) => v)).toEqual(p.variants);
        });
      }),
      { numRuns: 60 },
    );
  });
});
