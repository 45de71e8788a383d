// Writing and reading CSV cells safely (issue 15, decision 023).
//
// Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return
// before one) as a formula, so a product name like "=HYPERLINK(...)" in an export could act on the
// merchant's computer. The export puts a single quote before such a cell (OWASP's advice); Excel shows
// the text as it is. The import takes that one quote off again, so export -> edit -> import keeps
// "- Handmade in Devon" unchanged.

// Also a cell that already starts with quotes before such a character ("'-5"), so that taking one quote
// off on import gives back exactly what was exported.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as written to a file: quoted after a leading = + - @ tab or CR. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as read from a file: the export's guard quote removed. */
export function unguardFormula(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One CSV field: in double quotes (quotes doubled) when it holds the separator, a quote, a line break or edge spaces. */
export function escapeCsvField(value: string, delimiter = ','): string {
  const needsQuotes = value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value);
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record with CRLF (RFC 4180, what Excel writes), every cell guarded against formulas. */
export function csvLine(cells: readonly string[], delimiter = ','): string {
  return `${cells.map((c) => escapeCsvField(guardFormula(c), delimiter)).join(delimiter)}\r\n`;
}
