import type { ColumnMapping } from '../../../shared/import/mapping';
import { ProductGrouper, type GroupedProduct, type RowError } from '../../../shared/import/rows';
import { DRY_RUN_ERROR_LIMIT, DRY_RUN_ERRORS_PER_PRODUCT, type ImportDryRun } from '../../../shared/imports';
import type { CsvRow } from './csv/parse';

// The dry run (issue 15 item 3, decision 024): every row of the file through the product grouping and
// value checks, then the SKUs looked up in the store, so the merchant sees how many products would be
// created, updated or rejected before anything is written. Rows stream through: only the valid
// products' SKUs (and their variants' SKUs) are kept, for the one look-up at the end.

export interface SkuLookup {
  products: Set<string>;
  /** Variant SKU -> the SKU of the product that has it in the store. */
  variants: Map<string, string>;
}

interface ValidProduct {
  line: number;
  sku: string;
  rows: number;
  variants: { line: number; sku: string }[];
}

/** Errors in file order, the first `limit` kept, with a count of all. */
class ErrorList {
  readonly items: RowError[] = [];
  total = 0;
  add(errors: readonly RowError[]) {
    const shown = errors.slice(0, DRY_RUN_ERRORS_PER_PRODUCT);
    this.total += errors.length;
    for (const e of shown) if (this.items.length < DRY_RUN_ERROR_LIMIT) this.items.push(e);
  }
}

export async function dryRun(
  rows: AsyncIterable<CsvRow>,
  headers: readonly string[],
  mapping: ColumnMapping,
  lookup: (skus: { products: string[]; variants: string[] }) => Promise<SkuLookup>,
  now = new Date(),
): Promise<ImportDryRun> {
  const grouper = new ProductGrouper(headers, mapping);
  const skuColumn = mapping.indexOf('sku');
  const parseErrors = new ErrorList();
  const valid: ValidProduct[] = [];
  let rowsTotal = 0;
  let rejected = 0;
  // Rows of the product being built, and whether one of its rows could not be read.
  let pending = 0;
  let currentSku: string | null = null;
  let tainted = false;

  const settle = (product: GroupedProduct, rowCount: number, unreadable: boolean) => {
    if (product.draft && !unreadable) {
      valid.push({ line: product.line, sku: product.sku ?? '', rows: rowCount, variants: product.draft.variants.map((v) => ({ line: v.line, sku: v.sku })) });
      return;
    }
    rejected += rowCount;
    parseErrors.add(product.errors);
  };

  for await (const row of rows) {
    rowsTotal += 1;
    if (row.error !== undefined) {
      // A row that cannot be read is rejected on its own; when it carries the SKU of the product being
      // built, that product is rejected too (it would be imported without this row).
      rejected += 1;
      parseErrors.add([{ line: row.line, column: null, field: null, message: row.error }]);
      const sku = skuColumn >= 0 ? (row.values[skuColumn] ?? '').trim() : '';
      if (sku !== '' && sku === currentSku) tainted = true;
      continue;
    }
    const out = grouper.add({ line: row.line, values: row.values });
    let alone = false;
    for (const product of out) {
      if (product.line === row.line) {
        // Refused by itself (no SKU, a SKU used earlier): this row only.
        alone = true;
        settle(product, 1, false);
      } else {
        settle(product, pending, tainted);
        pending = 0;
        tainted = false;
        currentSku = null;
      }
    }
    if (!alone) {
      if (pending === 0) currentSku = (row.values[skuColumn] ?? '').trim();
      pending += 1;
    }
  }
  const last = grouper.finish();
  if (last) settle(last, pending, tainted);

  // Which SKUs the store has: a product SKU there is an update; a variant SKU there under another
  // product would break the store's unique variant SKUs, so that product is rejected.
  const found = await lookup({ products: valid.map((p) => p.sku), variants: valid.flatMap((p) => p.variants.map((v) => v.sku)) });
  const conflicts = new ErrorList();
  let toCreate = 0;
  let toUpdate = 0;
  for (const product of valid) {
    const clashes: RowError[] = [];
    for (const variant of product.variants) {
      const owner = found.variants.get(variant.sku);
      if (owner !== undefined && owner !== product.sku) {
        clashes.push({ line: variant.line, column: headers[mapping.indexOf('variant_sku')] ?? 'Variant SKU', field: 'variant_sku', message: `Variant SKU "${variant.sku}" already belongs to the product with SKU "${owner}" in your store` });
      }
    }
    if (clashes.length > 0) {
      rejected += product.rows;
      conflicts.add(clashes);
    } else if (found.products.has(product.sku)) toUpdate += 1;
    else toCreate += 1;
  }

  const errors = [...parseErrors.items, ...conflicts.items].sort((a, b) => a.line - b.line).slice(0, DRY_RUN_ERROR_LIMIT);
  return {
    summary: { rows_total: rowsTotal, products_to_create: toCreate, products_to_update: toUpdate, rows_rejected: rejected },
    errors: errors.map((e) => ({ line: e.line, column: e.column, field: e.field, message: e.message })),
    errors_total: parseErrors.total + conflicts.total,
    checked_at: now.toISOString(),
  };
}
