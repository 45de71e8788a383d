import type { ColumnMapping } from '../../../shared/import/mapping';
import type { RowError } from '../../../shared/import/rows';
import { isImportable, readSegments } from './process/segments';
import { DRY_RUN_ERROR_LIMIT, DRY_RUN_ERRORS_PER_PRODUCT, DRY_RUN_PICTURES_CHECKED, type ImportDryRun, type ImportPictureProblem } from '../../../shared/imports';
import type { CsvRow } from './csv/parse';
import { isTemplateExample } from './template';

/**
 * Checks picture addresses as the import would fetch them: per address checked, null when it would be
 * imported, else the merchant's reason (images.ts checkImportImages). An address it leaves out was not
 * checked (the product has that picture already: the import will not fetch it). Called once, at the
 * end, with no transaction open.
 */
export type PictureCheck = (pictures: { url: string; sku: string }[]) => Promise<Map<string, string | null>>;

// The dry run (issue 15 item 3, decision 024): every row of the file through the product grouping and
// value checks, then the SKUs looked up in the store, so the merchant sees how many products would be
// created, updated or rejected before anything is written. Rows stream through: valid products' SKUs
// (and their variants' SKUs) are looked up 1,000 products at a time, so nothing grows with the file.

export interface SkuLookup {
  products: Set<string>;
  /** Variant SKU -> the SKU of the product that has it in the store. */
  variants: Map<string, string>;
}

/** Valid products whose SKUs are looked up together. */
const LOOKUP_BATCH = 1_000;

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
  checkPictures?: PictureCheck,
): Promise<ImportDryRun> {
  const parseErrors = new ErrorList();
  const conflicts = new ErrorList();
  let rowsTotal = 0;
  let rejected = 0;
  let toCreate = 0;
  let toUpdate = 0;
  // Valid products wait here for their SKUs to be looked up, a batch at a time, so memory stays flat
  // however long the file.
  let valid: ValidProduct[] = [];
  // The first DRY_RUN_PICTURES_CHECKED distinct picture addresses, with the line that lists each first.
  const pictures = new Map<string, { line: number; sku: string }>();
  let picturesListed = 0;
  const examples: string[] = [];

  // Which SKUs the store has: a product SKU there is an update; a variant SKU there under another
  // product would break the store's unique variant SKUs, so that product is rejected.
  const settleValid = async () => {
    if (valid.length === 0) return;
    const batch = valid;
    valid = [];
    const found = await lookup({ products: batch.map((p) => p.sku), variants: batch.flatMap((p) => p.variants.map((v) => v.sku)) });
    for (const product of batch) {
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
  };

  for await (const segment of readSegments(rows, headers, mapping)) {
    rowsTotal = segment.through;
    for (const error of segment.unreadable) parseErrors.add([error]);
    rejected += segment.unreadable.length;
    const product = segment.product;
    if (!product) continue;
    const { grouped, lines } = product;
    if (isImportable(product) && grouped.draft) {
      // The template's examples are imported without their placeholder pictures: nothing to check.
      if (isTemplateExample(grouped.draft)) examples.push(grouped.draft.name);
      else {
        for (const url of grouped.draft.image_urls ?? []) {
          picturesListed += 1;
          if (pictures.size < DRY_RUN_PICTURES_CHECKED && !pictures.has(url)) pictures.set(url, { line: grouped.draft.line, sku: grouped.draft.sku });
        }
      }
      valid.push({ line: grouped.line, sku: grouped.sku ?? '', rows: lines.length, variants: grouped.draft.variants.map((v) => ({ line: v.line, sku: v.sku })) });
      if (valid.length >= LOOKUP_BATCH) await settleValid();
    } else {
      rejected += lines.length;
      parseErrors.add(grouped.errors);
    }
  }
  await settleValid();

  const errors = [...parseErrors.items, ...conflicts.items].sort((a, b) => a.line - b.line).slice(0, DRY_RUN_ERROR_LIMIT);
  const result: ImportDryRun = {
    summary: { rows_total: rowsTotal, products_to_create: toCreate, products_to_update: toUpdate, rows_rejected: rejected },
    errors: errors.map((e) => ({ line: e.line, column: e.column, field: e.field, message: e.message })),
    errors_total: parseErrors.total + conflicts.total,
    checked_at: now.toISOString(),
  };
  if (checkPictures) {
    const answers = pictures.size > 0 ? await checkPictures([...pictures].map(([url, { sku }]) => ({ url, sku }))) : new Map<string, string | null>();
    const failed: ImportPictureProblem[] = [];
    for (const [url, { line }] of pictures) {
      const problem = answers.get(url);
      if (problem) failed.push({ line, url: url.slice(0, 500), message: problem });
    }
    result.pictures = { listed: picturesListed, checked: answers.size, failed };
  }
  if (examples.length > 0) result.examples = { count: examples.length, names: examples.slice(0, 10) };
  return result;
}
