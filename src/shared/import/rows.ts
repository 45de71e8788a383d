import type { ProductCsvField } from '../product-csv';
import { MAX_PRODUCT_IMAGES } from '../media';
import type { ColumnMapping } from './mapping';
import { unguardFormula } from './csv-cells';
import { fieldHeader } from './mapping';
import {
  parseBoolean,
  parseCategoryPath,
  parseList,
  parsePrice,
  parseStatus,
  parseStock,
  parseText,
  parseUrlList,
  parseVisibility,
  type CsvProductStatus,
  type CsvVisibility,
  type Parsed,
} from './values';

// Mapped CSV records to product drafts (issue 15 items 2-3, decision 023). Rows of one product share
// its SKU and come one after another (as the export writes them, and as Shopify files do): the first
// row carries the product's fields, and every row with a Variant SKU adds one variant. Later rows of
// the same product may leave product fields empty or repeat them; a different value is an error.
//
// Memory: only the product being built is held, plus the SKUs seen so far (to catch duplicates), so a
// 100,000-row file streams through.

/** A problem with one cell or row: the physical line in the file, the column's header as written there. */
export interface RowError {
  line: number;
  column: string | null;
  field: ProductCsvField | null;
  message: string;
}

export interface CsvRecord {
  /** 1-based physical line of the record's start in the file. */
  line: number;
  values: string[];
}

export interface VariantDraft {
  line: number;
  sku: string;
  /** Pence; the product's price when the Variant Price cell is empty. */
  price: number;
  sale_price: number | null;
  /** Null: none set (none to sell while the product tracks stock). */
  stock_quantity: number | null;
  options: { name: string; value: string }[];
}

/**
 * A product as the file describes it. name, sku and base_price are always there; every other field is
 * present only when its column is mapped: null (or []) when the cell was empty, so the job can tell
 * "not in the file" (keep) from "empty" (default on create, cleared or kept on update: the job decides).
 */
export interface ProductDraft {
  line: number;
  sku: string;
  name: string;
  base_price: number;
  slug?: string | null;
  description?: string | null;
  sale_price?: number | null;
  stock_quantity?: number | null;
  track_inventory?: boolean | null;
  status?: CsvProductStatus | null;
  visibility?: CsvVisibility | null;
  is_featured?: boolean | null;
  brand?: string | null;
  /** ["Kitchen", "Mugs"]: parent then child. */
  category?: string[] | null;
  image_urls?: string[];
  bullets?: string[];
  gtin?: string | null;
  mpn?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  variants: VariantDraft[];
}

/** One product's rows: the draft when every row is valid, else null and the errors. */
export interface GroupedProduct {
  line: number;
  sku: string | null;
  draft: ProductDraft | null;
  errors: RowError[];
}

export const MAX_VARIANTS = 50;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const PRODUCT_FIELDS = ['name', 'slug', 'description', 'base_price', 'sale_price', 'stock_quantity', 'track_inventory', 'status', 'visibility', 'is_featured', 'brand', 'category', 'image_urls', 'bullets', 'gtin', 'mpn', 'meta_title', 'meta_description'] as const satisfies readonly ProductCsvField[];
type ProductValueField = (typeof PRODUCT_FIELDS)[number];

const text = (label: string, max: number) => (cell: string) => parseText(cell, label, max);

const PARSERS: Record<ProductValueField, (cell: string) => Parsed<unknown>> = {
  name: text('Name', 200),
  slug: (cell) => {
    const parsed = parseText(cell, 'Slug', 200);
    if (parsed.ok && parsed.value !== null && !SLUG_PATTERN.test(parsed.value)) return { ok: false, message: 'Slug must use only lowercase letters, digits and hyphens, such as blue-mug' };
    return parsed;
  },
  description: text('Description', 20_000),
  base_price: (cell) => parsePrice(cell, 'Price'),
  sale_price: (cell) => parsePrice(cell, 'Sale Price'),
  stock_quantity: (cell) => parseStock(cell, 'Stock'),
  track_inventory: (cell) => parseBoolean(cell, 'Track Inventory'),
  status: parseStatus,
  visibility: parseVisibility,
  is_featured: (cell) => parseBoolean(cell, 'Featured'),
  brand: text('Brand', 120),
  category: parseCategoryPath,
  image_urls: (cell) => parseUrlList(cell, MAX_PRODUCT_IMAGES),
  bullets: (cell) => parseList(cell, 'Highlights'),
  gtin: (cell) => {
    const parsed = parseText(cell, 'GTIN', 14);
    if (parsed.ok && parsed.value !== null && !/^(\d{8}|\d{12,14})$/.test(parsed.value)) return { ok: false, message: 'GTIN must be a barcode number of 8, 12, 13 or 14 digits' };
    return parsed;
  },
  mpn: text('MPN', 64),
  meta_title: text('Meta Title', 60),
  meta_description: text('Meta Description', 160),
};

const OPTION_FIELDS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const satisfies readonly (readonly [ProductCsvField, ProductCsvField])[];

/** The cells of one record by field, with the column each came from. */
class Row {
  constructor(
    readonly record: CsvRecord,
    private readonly headers: readonly string[],
    private readonly columnOf: Map<ProductCsvField, number>,
  ) {}

  has(field: ProductCsvField): boolean {
    return this.columnOf.has(field);
  }

  cell(field: ProductCsvField): string {
    const index = this.columnOf.get(field);
    return index === undefined ? '' : unguardFormula(this.record.values[index] ?? '');
  }

  error(field: ProductCsvField | null, message: string): RowError {
    const index = field ? this.columnOf.get(field) : undefined;
    return { line: this.record.line, column: index === undefined ? (field ? fieldHeader(field) : null) : (this.headers[index] ?? null), field, message };
  }
}

interface Group {
  line: number;
  sku: string;
  draft: ProductDraft | null;
  /** The first row's parsed product fields, to compare later rows with. */
  values: Map<ProductValueField, string>;
  optionNames: (string | null)[];
  errors: RowError[];
}

/**
 * Turns records into products one at a time: add() answers the previous product once a row of another
 * SKU arrives, finish() the last one. Records must come in file order.
 */
export class ProductGrouper {
  private readonly columnOf = new Map<ProductCsvField, number>();
  private current: Group | null = null;
  /** Product SKU -> the line it started on. */
  private readonly seenSkus = new Map<string, number>();
  /** Variant SKU -> its line. */
  private readonly seenVariantSkus = new Map<string, number>();

  constructor(
    private readonly headers: readonly string[],
    mapping: ColumnMapping,
  ) {
    mapping.forEach((field, index) => {
      if (field && !this.columnOf.has(field)) this.columnOf.set(field, index);
    });
  }

  add(record: CsvRecord): GroupedProduct[] {
    const row = new Row(record, this.headers, this.columnOf);
    const sku = row.cell('sku').trim();
    const out: GroupedProduct[] = [];
    if (this.current && sku !== '' && sku === this.current.sku) {
      this.continueGroup(this.current, row);
      return out;
    }
    const finished = this.finish();
    if (finished) out.push(finished);
    if (sku === '') {
      out.push({ line: record.line, sku: null, draft: null, errors: [row.error('sku', 'SKU is required: every row needs its product’s SKU')] });
      return out;
    }
    const earlier = this.seenSkus.get(sku);
    if (earlier !== undefined) {
      out.push({
        line: record.line,
        sku,
        draft: null,
        errors: [row.error('sku', `Duplicate SKU "${sku}": it is already used on line ${earlier}. Keep all rows of one product together, one after another`)],
      });
      return out;
    }
    this.seenSkus.set(sku, record.line);
    this.current = this.startGroup(sku, row);
    return out;
  }

  finish(): GroupedProduct | null {
    const group = this.current;
    this.current = null;
    if (!group) return null;
    const failed = group.errors.length > 0;
    return { line: group.line, sku: group.sku, draft: failed ? null : group.draft, errors: group.errors };
  }

  private startGroup(sku: string, row: Row): Group {
    const group: Group = { line: row.record.line, sku, draft: null, values: new Map(), optionNames: [null, null, null], errors: [] };
    const draft: Record<string, unknown> = { line: row.record.line, sku, variants: [] };
    for (const field of PRODUCT_FIELDS) {
      if (!row.has(field)) {
        if (field === 'name' || field === 'base_price') group.errors.push(row.error(field, `${fieldHeader(field)} is required: no column is matched to it`));
        continue;
      }
      const parsed = PARSERS[field](row.cell(field));
      if (!parsed.ok) {
        group.errors.push(row.error(field, parsed.message));
        continue;
      }
      draft[field] = parsed.value;
      group.values.set(field, JSON.stringify(parsed.value));
    }
    if (row.has('name') && draft.name === null) group.errors.push(row.error('name', 'Name is required on the first row of each product'));
    if (row.has('base_price') && draft.base_price === null) group.errors.push(row.error('base_price', 'Price is required on the first row of each product, such as 24.99'));
    const base = draft.base_price as number | null | undefined;
    const sale = draft.sale_price as number | null | undefined;
    if (base != null && sale != null && sale >= base) group.errors.push(row.error('sale_price', 'Sale Price must be lower than Price'));
    group.draft = draft as unknown as ProductDraft;
    this.addVariant(group, row, true);
    return group;
  }

  private continueGroup(group: Group, row: Row) {
    for (const field of PRODUCT_FIELDS) {
      if (!row.has(field) || row.cell(field).trim() === '') continue;
      const parsed = PARSERS[field](row.cell(field));
      if (!parsed.ok) {
        group.errors.push(row.error(field, parsed.message));
        continue;
      }
      const first = group.values.get(field);
      if (first !== undefined && first !== JSON.stringify(parsed.value)) {
        group.errors.push(row.error(field, `${fieldHeader(field)} differs from line ${group.line} for the same SKU "${group.sku}": leave it empty on variant rows or make it the same`));
      }
    }
    if (row.cell('variant_sku').trim() === '') {
      group.errors.push(row.error('sku', `Duplicate SKU "${group.sku}": line ${group.line} already has this product. Give each variant row its own Variant SKU`));
      return;
    }
    this.addVariant(group, row, false);
  }

  private addVariant(group: Group, row: Row, firstRow: boolean) {
    const sku = row.cell('variant_sku').trim();
    const errorsBefore = group.errors.length;
    // Option names may be given once, on the product's first variant row, and left empty after.
    const options: { name: string; value: string }[] = [];
    OPTION_FIELDS.forEach(([nameField, valueField], i) => {
      const name = parseText(row.cell(nameField), fieldHeader(nameField), 40);
      const value = parseText(row.cell(valueField), fieldHeader(valueField), 80);
      if (!name.ok) return group.errors.push(row.error(nameField, name.message));
      if (!value.ok) return group.errors.push(row.error(valueField, value.message));
      if (name.value !== null) {
        const known = group.optionNames[i];
        if (known !== null && known !== name.value) return group.errors.push(row.error(nameField, `${fieldHeader(nameField)} differs from the product’s first variant ("${known}")`));
        group.optionNames[i] = name.value;
      }
      const optionName = group.optionNames[i];
      if (value.value !== null && optionName === null) return group.errors.push(row.error(nameField, `${fieldHeader(nameField)} is required when ${fieldHeader(valueField)} is given`));
      if (value.value === null && optionName !== null && sku !== '') return group.errors.push(row.error(valueField, `${fieldHeader(valueField)} is required: the product has the option ${optionName}`));
      if (value.value !== null && optionName !== null) options.push({ name: optionName, value: value.value });
    });
    const price = parsePrice(row.cell('variant_price'), 'Variant Price');
    const salePrice = parsePrice(row.cell('variant_sale_price'), 'Variant Sale Price');
    const stock = parseStock(row.cell('variant_stock'), 'Variant Stock');
    if (!price.ok) group.errors.push(row.error('variant_price', price.message));
    if (!salePrice.ok) group.errors.push(row.error('variant_sale_price', salePrice.message));
    if (!stock.ok) group.errors.push(row.error('variant_stock', stock.message));
    if (sku === '') {
      const variantCells = (['variant_price', 'variant_sale_price', 'variant_stock'] as const).some((f) => row.cell(f).trim() !== '') || options.length > 0;
      if (variantCells && firstRow) group.errors.push(row.error('variant_sku', 'Variant SKU is required on a row with options or a variant price'));
      return;
    }
    const bad = parseText(sku, 'Variant SKU', 64);
    if (!bad.ok) return group.errors.push(row.error('variant_sku', bad.message));
    const earlier = this.seenVariantSkus.get(sku);
    if (earlier !== undefined) return group.errors.push(row.error('variant_sku', `Duplicate Variant SKU "${sku}": it is already used on line ${earlier}`));
    this.seenVariantSkus.set(sku, row.record.line);
    const draft = group.draft;
    if (!draft || group.errors.length > errorsBefore || !price.ok || !salePrice.ok || !stock.ok) return;
    if (draft.variants.length >= MAX_VARIANTS) return group.errors.push(row.error('variant_sku', `A product can have at most ${MAX_VARIANTS} variants`));
    const variantPrice = price.value ?? draft.base_price;
    if (salePrice.value !== null && variantPrice !== null && salePrice.value >= variantPrice) return group.errors.push(row.error('variant_sale_price', 'Variant Sale Price must be lower than the variant’s price'));
    draft.variants.push({ line: row.record.line, sku, price: variantPrice, sale_price: salePrice.value, stock_quantity: stock.value, options });
  }
}

/** Every product of a record stream, in order, as the grouper builds them. */
export async function* groupProducts(records: AsyncIterable<CsvRecord>, headers: readonly string[], mapping: ColumnMapping): AsyncGenerator<GroupedProduct> {
  const grouper = new ProductGrouper(headers, mapping);
  for await (const record of records) yield* grouper.add(record);
  const last = grouper.finish();
  if (last) yield last;
}
