import type { CsvRow } from '../csv/parse';
import { csvLine, escapeCsvField } from '../../../../shared/import/csv-cells';

// The rejected rows as a CSV file to fix and upload again (issue 15 item 3, View Details): the file's
// own header and cells as they were (so the fixed file imports like the first), and an "Import errors"
// column last with what was wrong. Only that column is ours, so only it is guarded against formulas.

export const REJECTED_ERRORS_HEADER = 'Import errors';

const rawLine = (cells: readonly string[]) => cells.map((c) => escapeCsvField(c)).join(',');

export async function* rejectedRowsCsv(headers: readonly string[], rows: AsyncIterable<CsvRow>, problems: ReadonlyMap<number, string>): AsyncGenerator<string> {
  // The byte order mark makes Excel read the file as UTF-8.
  yield `\uFEFF${rawLine(headers)},${csvLine([REJECTED_ERRORS_HEADER])}`;
  let chunk = '';
  for await (const row of rows) {
    const problem = problems.get(row.line);
    if (problem === undefined) continue;
    // A row that could not be read keeps all its cells, however many (the merchant fixes it).
    const cells = row.values.length >= headers.length ? row.values : headers.map((_, i) => row.values[i] ?? '');
    chunk += `${rawLine(cells)},${csvLine([problem])}`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
