import { Readable, pipeline, type Duplex } from 'node:stream';
import Papa from 'papaparse';
import { CsvFileError, decodeCsv, type CsvEncoding } from './decode';

// CSV records from an uploaded file, streamed (issue 15 item 4, decision 023). Bytes are decoded
// (decode.ts), the delimiter is chosen from the header row (comma, semicolon or tab: whichever occurs
// most outside quotes), and papaparse splits records, quoted fields with commas, quotes and line breaks
// included. Records are read one at a time with backpressure (papaparse pauses while the reader is
// behind), so memory stays flat whatever the file's size.
//
// Each record carries the 1-based physical line of the file it starts on (a record with a line break
// inside quotes spans several lines), which is what row errors name. Blank lines, and rows whose cells
// are all empty (",,,," as spreadsheets leave at the end), are skipped but counted.

export type CsvDelimiter = ',' | ';' | '\t';

export const CSV_MAX_COLUMNS = 200;
/** The header row must end within this many characters (it is read before papaparse starts). */
export const CSV_MAX_HEADER_CHARS = 64 * 1024;

export const CSV_MESSAGES = {
  empty: 'The file is empty. It needs a header row with column names and a row for each product',
  headerOnly: 'The file has a header row but no products below it',
  headerTooLong: 'The first row is too long to be a header row. Check that the file is a CSV file',
  tooManyColumns: `The file has more than ${CSV_MAX_COLUMNS} columns. Remove the ones you do not need`,
  binary: 'This does not look like a CSV file. Save it from your spreadsheet as "CSV UTF-8" and upload it again',
  tooFew: (got: number, want: number) => `This row has ${got} ${got === 1 ? 'cell' : 'cells'} but the header has ${want}. Check for a missing separator or a quote that is not closed`,
  tooMany: (got: number, want: number) => `This row has ${got} cells but the header has ${want}. A value with a comma or semicolon in it must be in double quotes`,
} as const;

/** A data row: its values (one per header column), or why it could not be read. */
export type CsvRow = { line: number; values: string[]; error?: undefined } | { line: number; values: string[]; error: string };

export interface OpenedCsv {
  /** The header row's cells, trimmed. */
  headers: string[];
  /** The header's line (after any blank lines at the top). */
  headerLine: number;
  delimiter: CsvDelimiter;
  encoding(): CsvEncoding;
  /** The data rows in file order. Ends with CsvFileError('header_only') when there are none. */
  rows: AsyncGenerator<CsvRow>;
  /** Stops reading (the rows generator's return() does too). */
  close(): void;
}

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];

/** The delimiter that occurs most outside quotes in the header row; comma on a tie or none. */
export function detectDelimiter(headerRow: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerRow) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as CsvDelimiter)) counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Where the first non-blank record ends (its unquoted line break), or -1 if not within the text yet. */
function firstRecordEnd(text: string): { start: number; end: number } | null {
  let quoted = false;
  let lineStart = 0;
  let content = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (quoted) {
      content = true;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      if (content) return { start: lineStart, end: i };
      lineStart = i + 1;
    } else if (ch !== ' ' && ch !== '\t' && ch !== '\uFEFF') content = true;
  }
  return null;
}

/** Physical line breaks in a string: \r\n, \n and \r each count once. */
export function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 10) n += 1;
    else if (ch === 13) {
      n += 1;
      if (text.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  return n;
}

const isBlankRow = (values: string[]) => values.every((v) => v.trim() === '');

/**
 * Opens an uploaded CSV: reads up to the end of the header row and answers the headers and a generator
 * of data rows. File-level problems (empty file, encoding, no header) are thrown as CsvFileError.
 */
export async function openCsv(source: AsyncIterable<unknown> | Iterable<unknown>): Promise<OpenedCsv> {
  const decoded = decodeCsv(source);
  let buffered = '';
  let found: { start: number; end: number } | null = null;
  let ended = false;
  while (!found) {
    const next = await decoded.text.next();
    if (next.done) {
      ended = true;
      break;
    }
    buffered += next.value;
    found = firstRecordEnd(buffered);
    // The character after the header's line break tells "\r" from "\r\n".
    if (found && found.end + 1 >= buffered.length) found = null;
    if (!found && buffered.length > CSV_MAX_HEADER_CHARS) throw new CsvFileError('header_too_long', CSV_MESSAGES.headerTooLong);
  }
  if (!found && ended) found = firstRecordEnd(buffered);
  const headerText = found ? buffered.slice(found.start, found.end) : buffered;
  const newline = found && buffered[found.end] === '\r' ? (buffered[found.end + 1] === '\n' ? '\r\n' : '\r') : '\n';
  if (headerText.trim() === '') throw new CsvFileError('empty', CSV_MESSAGES.empty);
  if (headerText.includes('\u0000')) throw new CsvFileError('binary', CSV_MESSAGES.binary);
  const delimiter = detectDelimiter(headerText);

  const input = Readable.from(
    (async function* () {
      yield buffered;
      if (!ended) yield* decoded.text;
    })(),
    { objectMode: false, encoding: 'utf8' },
  );
  const papa = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, newline, quoteChar: '"', escapeChar: '"', skipEmptyLines: false, header: false }) as unknown as Duplex;
  pipeline(input, papa, () => {});
  const close = () => {
    input.destroy();
    papa.destroy();
  };

  const iterator = papa[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  let line = 1;
  let headers: string[] | null = null;
  let headerLine = 1;
  // Read up to the header record (blank lines before it are counted).
  while (!headers) {
    const next = await iterator.next();
    if (next.done) throw new CsvFileError('empty', CSV_MESSAGES.empty);
    const values = next.value;
    const span = 1 + countLineBreaks(values.join(''));
    if (isBlankRow(values)) {
      line += span;
      continue;
    }
    headers = values.map((v) => v.trim());
    headerLine = line;
    line += span;
  }
  if (headers.length > CSV_MAX_COLUMNS) {
    close();
    throw new CsvFileError('too_many_columns', CSV_MESSAGES.tooManyColumns);
  }
  const width = headers.length;

  async function* rows(): AsyncGenerator<CsvRow> {
    let count = 0;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        const values = next.value;
        const start = line;
        line += 1 + countLineBreaks(values.join(''));
        if (isBlankRow(values)) continue;
        count += 1;
        if (values.length < width) {
          yield { line: start, values, error: CSV_MESSAGES.tooFew(values.length, width) };
        } else if (values.length > width && !isBlankRow(values.slice(width))) {
          yield { line: start, values, error: CSV_MESSAGES.tooMany(values.length, width) };
        } else {
          yield { line: start, values: values.length > width ? values.slice(0, width) : values };
        }
      }
    } finally {
      close();
    }
    if (count === 0) throw new CsvFileError('header_only', CSV_MESSAGES.headerOnly);
  }

  return { headers, headerLine, delimiter, encoding: decoded.encoding, rows: rows(), close };
}

export interface CsvSample {
  headers: string[];
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  /** The first rows (at most the number asked for). */
  rows: CsvRow[];
  /** True when the file has more rows than the sample. */
  more: boolean;
}

/** The header and the first `limit` rows, for the mapping screen; stops reading there. */
export async function readCsvSample(source: AsyncIterable<unknown> | Iterable<unknown>, limit = 5): Promise<CsvSample> {
  const csv = await openCsv(source);
  const rows: CsvRow[] = [];
  let more = false;
  try {
    for await (const row of csv.rows) {
      if (rows.length >= limit) {
        more = true;
        break;
      }
      rows.push(row);
    }
  } finally {
    csv.close();
  }
  return { headers: csv.headers, delimiter: csv.delimiter, encoding: csv.encoding(), rows, more };
}
