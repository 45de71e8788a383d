import { PRODUCT_CSV_COLUMNS, matchColumn, type ProductCsvField } from '../product-csv';

// Which file column feeds which product field (issue 15 item 2). A mapping is one entry per column of
// the file, in order: the field it feeds or null (ignored). The automatic mapping matches headers by
// name (matchColumn: the header or an alias); the mapping screen lets the merchant change it, and
// checkMapping tells both what is still wrong.

export type ColumnMapping = (ProductCsvField | null)[];

export const REQUIRED_FIELDS: ProductCsvField[] = PRODUCT_CSV_COLUMNS.filter((c) => c.required).map((c) => c.field);

const HEADER_OF = new Map(PRODUCT_CSV_COLUMNS.map((c) => [c.field, c.header]));
/** The header the template writes for a field ("base_price" -> "Price"). */
export const fieldHeader = (field: ProductCsvField): string => HEADER_OF.get(field) ?? field;

export interface MappingProblem {
  /** The column index the problem is about, or null for a missing field. */
  column: number | null;
  field: ProductCsvField;
  message: string;
}

/**
 * Headers matched to fields by name, one field per column: when two columns match the same field the
 * first one (from the left) takes it and the later one is left unmapped.
 */
export function autoMap(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ProductCsvField>();
  return headers.map((header) => {
    const field = matchColumn(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** What stops this mapping from being used: a field fed by two columns, a required field not fed at all. */
export function checkMapping(headers: readonly string[], mapping: ColumnMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const first = new Map<ProductCsvField, number>();
  mapping.forEach((field, column) => {
    if (!field) return;
    const earlier = first.get(field);
    if (earlier === undefined) first.set(field, column);
    else problems.push({ column, field, message: `Columns "${headers[earlier] ?? ''}" and "${headers[column] ?? ''}" are both matched to ${fieldHeader(field)}: choose one` });
  });
  for (const field of REQUIRED_FIELDS) {
    if (!first.has(field)) problems.push({ column: null, field, message: `Choose the column that holds ${fieldHeader(field)}: it is required` });
  }
  return problems;
}

/** The fields a mapping leaves without a column, required ones first. */
export function unmappedRequired(mapping: ColumnMapping): ProductCsvField[] {
  const mapped = new Set(mapping.filter((f): f is ProductCsvField => f !== null));
  return REQUIRED_FIELDS.filter((f) => !mapped.has(f));
}
