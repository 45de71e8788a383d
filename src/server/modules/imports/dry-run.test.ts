import { describe, expect, it } from 'vitest';
import { autoMap } from '../../../shared/import/mapping';
import { dryRun, type PictureCheck, type SkuLookup } from './dry-run';
import type { CsvRow } from './csv/parse';

const headers = ['SKU', 'Name', 'Price', 'Variant SKU'];
const mapping = autoMap(headers);
const none = async (): Promise<SkuLookup> => ({ products: new Set(), variants: new Map() });

async function* rowsOf(rows: CsvRow[]) {
  yield* rows;
}

describe('dry run', () => {
  it('lists the first 100 errors in line order and counts them all', async () => {
    const rows: CsvRow[] = Array.from({ length: 150 }, (_, i) => ({ line: i + 2, values: [`S-${i}`, 'Mug', 'free', ''] }));
    const result = await dryRun(rowsOf(rows), headers, mapping, none, new Date('2026-11-24T12:00:00Z'));
    expect(result.summary).toEqual({ rows_total: 150, products_to_create: 0, products_to_update: 0, rows_rejected: 150 });
    expect(result.errors).toHaveLength(100);
    expect(result.errors[0]).toMatchObject({ line: 2, column: 'Price', field: 'base_price' });
    expect(result.errors.map((e) => e.line)).toEqual([...result.errors.map((e) => e.line)].sort((a, b) => a - b));
    expect(result.errors_total).toBe(150);
    expect(result.checked_at).toBe('2026-11-24T12:00:00.000Z');
  });

  it('asks the store once for the valid SKUs: existing ones are updates', async () => {
    const asked: { products: string[]; variants: string[] }[] = [];
    const rows: CsvRow[] = [
      { line: 2, values: ['T-1', 'Tee', '10.00', 'T-1-S'] },
      { line: 3, values: ['T-1', '', '', 'T-1-M'] },
      { line: 4, values: ['M-1', 'Mug', '5.00', ''] },
    ];
    const result = await dryRun(rowsOf(rows), headers, mapping, async (skus) => {
      asked.push(skus);
      return { products: new Set(['M-1']), variants: new Map() };
    });
    expect(asked).toEqual([{ products: ['T-1', 'M-1'], variants: ['T-1-S', 'T-1-M'] }]);
    expect(result.summary).toEqual({ rows_total: 3, products_to_create: 1, products_to_update: 1, rows_rejected: 0 });
  });

  it('rejects every row of a product when one of its rows cannot be read', async () => {
    const rows: CsvRow[] = [
      { line: 2, values: ['T-1', 'Tee', '10.00', 'T-1-S'] },
      { line: 3, values: ['T-1', ''], error: 'This row has 2 cells but the header has 4' },
      { line: 4, values: ['T-1', '', '', 'T-1-L'] },
      { line: 5, values: ['M-1', 'Mug', '5.00', ''] },
    ];
    const result = await dryRun(rowsOf(rows), headers, mapping, none);
    expect(result.summary).toEqual({ rows_total: 4, products_to_create: 1, products_to_update: 0, rows_rejected: 3 });
    expect(result.errors).toEqual([{ line: 3, column: null, field: null, message: 'This row has 2 cells but the header has 4' }]);
  });

  it('checks the first 50 distinct picture addresses once, at the end, and lists those that fail with their line (issue 27 item 5)', async () => {
    const headers = ['SKU', 'Name', 'Price', 'Image URLs'];
    const rows: CsvRow[] = [
      { line: 2, values: ['P-1', 'Mug', '5.00', 'https://pics.example/ok.png|https://pics.example/gone.png'] },
      { line: 3, values: ['P-2', 'Cup', '5.00', 'https://pics.example/ok.png'] },
      // A rejected product's pictures do not matter.
      { line: 4, values: ['P-3', 'Bad', 'free', 'https://pics.example/bad-row.png'] },
      ...Array.from({ length: 60 }, (_, i) => ({ line: 5 + i, values: [`Q-${i}`, 'Thing', '1.00', `https://pics.example/${i}.png`] })),
    ];
    const asked: { url: string; sku: string }[][] = [];
    const check: PictureCheck = async (pictures) => {
      asked.push(pictures);
      return new Map(pictures.map((p) => [p.url, p.url.endsWith('gone.png') ? 'Picture will not be imported: the server answered 404' : null]));
    };
    const result = await dryRun(rowsOf(rows), headers, autoMap(headers), none, new Date(), check);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(50);
    expect(asked[0].slice(0, 3)).toEqual([{ url: 'https://pics.example/ok.png', sku: 'P-1' }, { url: 'https://pics.example/gone.png', sku: 'P-1' }, { url: 'https://pics.example/0.png', sku: 'Q-0' }]);
    expect(result.pictures).toEqual({ listed: 63, checked: 50, failed: [{ line: 2, url: 'https://pics.example/gone.png', message: 'Picture will not be imported: the server answered 404' }] });
    // Pictures never reject a row: the import goes ahead without them.
    expect(result.summary.rows_rejected).toBe(1);
  });

  it('says which products are the template’s examples, and does not check their placeholder pictures', async () => {
    const headers = ['SKU', 'Name', 'Price', 'Image URLs'];
    const rows: CsvRow[] = [
      { line: 2, values: ['MUG-STONE-01', 'Stoneware Coffee Mug', '14.00', 'https://example.com/images/mug-front.jpg'] },
      // The store's own product that shares an example's SKU but not its name is not an example.
      { line: 3, values: ['TOWEL-LINEN-02', 'Our own towel', '12.50', ''] },
      { line: 4, values: ['OWN-1', 'Own mug', '9.00', ''] },
    ];
    const checked: string[] = [];
    const result = await dryRun(rowsOf(rows), headers, autoMap(headers), none, new Date(), async (pictures) => {
      checked.push(...pictures.map((p) => p.url));
      return new Map();
    });
    expect(result.examples).toEqual({ count: 1, names: ['Stoneware Coffee Mug'] });
    expect(checked).toEqual([]);
    expect(result.summary.products_to_create).toBe(3);
  });
});
