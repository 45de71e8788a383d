import type { ColumnMapping } from '../../../../shared/import/mapping';
import { ProductGrouper, type GroupedProduct, type RowError } from '../../../../shared/import/rows';
import type { CsvRow } from '../csv/parse';

// The file as a run of segments (issue 15, decision 025): each ends where no product is half read, so
// a segment's `through` (data rows read up to its end) is a safe place to commit and, after a restart,
// to carry on from. The dry run and the import read the file the same way through here.

export interface SettledProduct {
  grouped: GroupedProduct;
  /** The physical lines of the product's rows. */
  lines: number[];
  /** One of its rows carried its SKU but could not be read: the product is rejected. */
  unreadableRow: boolean;
}

export interface Segment {
  /** Data rows read up to the end of this segment. */
  through: number;
  product: SettledProduct | null;
  /** Rows that could not be read (ragged): rejected on their own. */
  unreadable: RowError[];
}

/** True when the product can be written: all its rows read and valid. */
export const isImportable = (p: SettledProduct) => p.grouped.draft !== null && !p.unreadableRow;

/**
 * Groups rows by product (ProductGrouper) and answers them as segments. A row that cannot be read
 * while a product is being built belongs to that product's segment (and rejects the product when it
 * carries the product's SKU: it would be imported without that row).
 */
export async function* readSegments(rows: AsyncIterable<CsvRow>, headers: readonly string[], mapping: ColumnMapping): AsyncGenerator<Segment> {
  const grouper = new ProductGrouper(headers, mapping);
  const skuColumn = mapping.indexOf('sku');
  let read = 0;
  let lines: number[] = [];
  let sku: string | null = null;
  let unreadableRow = false;
  let unreadable: RowError[] = [];

  const settle = (grouped: GroupedProduct, through: number): Segment => {
    const segment = { through, product: { grouped, lines, unreadableRow }, unreadable };
    lines = [];
    sku = null;
    unreadableRow = false;
    unreadable = [];
    return segment;
  };

  for await (const row of rows) {
    read += 1;
    if (row.error !== undefined) {
      const error: RowError = { line: row.line, column: null, field: null, message: row.error };
      if (lines.length === 0) {
        yield { through: read, product: null, unreadable: [error] };
        continue;
      }
      unreadable.push(error);
      const rowSku = skuColumn >= 0 ? (row.values[skuColumn] ?? '').trim() : '';
      if (rowSku !== '' && rowSku === sku) unreadableRow = true;
      continue;
    }
    const out = grouper.add({ line: row.line, values: row.values });
    let alone = false;
    for (const grouped of out) {
      if (grouped.line === row.line) {
        // Refused by itself (no SKU, or a SKU an earlier product used): this row only.
        alone = true;
        yield { through: read, product: { grouped, lines: [row.line], unreadableRow: false }, unreadable: [] };
      } else {
        yield settle(grouped, read - 1);
      }
    }
    if (!alone) {
      if (lines.length === 0) sku = skuColumn >= 0 ? (row.values[skuColumn] ?? '').trim() : '';
      lines.push(row.line);
    }
  }
  const last = grouper.finish();
  if (last) yield settle(last, read);
}
