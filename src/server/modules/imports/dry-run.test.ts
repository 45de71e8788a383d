import { describe, expect, it } from 'vitest';
import { autoMap } from '../../../shared/import/mapping';
import { dryRun, type SkuLookup } from './dry-run';
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
});
