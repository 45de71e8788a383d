import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvLine } from '../../../../shared/import/csv-cells';
import { CsvFileError } from './decode';
import { CSV_MESSAGES, countLineBreaks, detectDelimiter, openCsv, readCsvSample, type CsvRow } from './parse';

async function* chunked(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function parse(input: string | Buffer, size = 65536) {
  const csv = await openCsv(chunked(Buffer.isBuffer(input) ? input : Buffer.from(input), size));
  const rows: CsvRow[] = [];
  for await (const row of csv.rows) rows.push(row);
  return { headers: csv.headers, delimiter: csv.delimiter, encoding: csv.encoding(), rows };
}

describe('openCsv', () => {
  it('reads comma, semicolon and tab separated files', async () => {
    for (const [d, name] of [[',', ','], [';', ';'], ['\t', '\t']] as const) {
      const out = await parse(`SKU${d}Name${d}Price\nA${d}Mug${d}12\n`);
      expect(out.delimiter).toBe(name);
      expect(out.headers).toEqual(['SKU', 'Name', 'Price']);
      expect(out.rows).toEqual([{ line: 2, values: ['A', 'Mug', '12'] }]);
    }
  });

  it('picks the delimiter from the header outside quotes', () => {
    expect(detectDelimiter('"Name, full";Price;"Size; cm"')).toBe(';');
    expect(detectDelimiter('SKU,Name')).toBe(',');
    expect(detectDelimiter('SKU')).toBe(',');
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and gives each row its first physical line', async () => {
    const text = 'SKU,Name,Description\r\nA,"Mug, blue","Holds ""350ml""\r\nDishwasher safe\r\nMade in UK"\r\n\r\nB,Plate,"x\ny"\r\nC,Bowl,z\r\n';
    const out = await parse(text);
    expect(out.rows).toEqual([
      { line: 2, values: ['A', 'Mug, blue', 'Holds "350ml"\r\nDishwasher safe\r\nMade in UK'] },
      { line: 6, values: ['B', 'Plate', 'x\ny'] },
      { line: 8, values: ['C', 'Bowl', 'z'] },
    ]);
  });

  it('reads old Mac line endings (CR only) and skips blank lines before the header', async () => {
    const out = await parse('\r\rSKU,Name\rA,x\rB,y');
    expect(out.headers).toEqual(['SKU', 'Name']);
    expect(out.rows).toEqual([{ line: 4, values: ['A', 'x'] }, { line: 5, values: ['B', 'y'] }]);
  });

  it('reads an Excel file: Windows-1252, semicolons, £ and European decimals', async () => {
    const bytes = Buffer.from('SKU;Name;Price\r\nA;Caf\xe9 mug;\xa31.234,50\r\n', 'latin1');
    const out = await parse(bytes, 7);
    expect(out).toMatchObject({ delimiter: ';', encoding: 'windows-1252', rows: [{ line: 2, values: ['A', 'Café mug', '£1.234,50'] }] });
  });

  it('reads Excel’s "Unicode text": UTF-16 with tabs', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU\tName\tPrice\r\nA\t"Mug\tbig"\t£5\r\n', 'utf16le')]);
    expect(await parse(bytes, 5)).toMatchObject({ delimiter: '\t', encoding: 'utf-16le', rows: [{ line: 2, values: ['A', 'Mug\tbig', '£5'] }] });
  });

  it('ends the rows with the encoding error when a UTF-8 file has invalid bytes further on', async () => {
    const bytes = Buffer.concat([Buffer.from(`SKU,Name\nA,café\n${'B,x\n'.repeat(5000)}`), Buffer.from([0x43, 0x2c, 0xa3, 0x0a])]);
    await expect(parse(bytes, 1024)).rejects.toMatchObject({ code: 'encoding' });
  });

  it('strips a UTF-8 byte order mark from the first header', async () => {
    expect((await parse('\uFEFFSKU,Name\nA,b\n')).headers).toEqual(['SKU', 'Name']);
  });

  it('reports ragged rows with their line, and tolerates extra empty cells', async () => {
    const out = await parse('SKU,Name,Price\nA,x\nB,y,1,extra\nC,z,2,,\n,,\n');
    expect(out.rows).toEqual([
      { line: 2, values: ['A', 'x'], error: 'This row has 2 cells but the header has 3. Check for a missing separator or a quote that is not closed' },
      { line: 3, values: ['B', 'y', '1', 'extra'], error: 'This row has 4 cells but the header has 3. A value with a comma or semicolon in it must be in double quotes' },
      { line: 4, values: ['C', 'z', '2'] },
    ]);
  });

  it('refuses an empty file and a file with only a header', async () => {
    for (const text of ['', '   ', '\n\r\n', '\uFEFF']) {
      await expect(parse(text)).rejects.toEqual(new CsvFileError('empty', CSV_MESSAGES.empty));
    }
    for (const text of ['SKU,Name', 'SKU,Name\n', 'SKU,Name\r\n\r\n,,\r\n']) {
      await expect(parse(text)).rejects.toEqual(new CsvFileError('header_only', CSV_MESSAGES.headerOnly));
    }
  });

  it('refuses binary files, headers without an end and too many columns', async () => {
    await expect(parse(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x0a]))).rejects.toMatchObject({ code: 'binary' });
    await expect(parse('x'.repeat(70_000))).rejects.toMatchObject({ code: 'header_too_long' });
    await expect(parse(`${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\n1\n`)).rejects.toMatchObject({ code: 'too_many_columns' });
  });

  it('reads records as they are asked for: a large file is not read ahead (flat memory)', async () => {
    let pulled = 0;
    async function* lazy() {
      yield Buffer.from('SKU,Name\n');
      for (let i = 0; i < 100_000; i += 1) {
        pulled += 1;
        yield Buffer.from(`S${i},${'x'.repeat(100)}\n`);
      }
    }
    const csv = await openCsv(lazy());
    let n = 0;
    for await (const row of csv.rows) {
      expect(row.line).toBe(n + 2);
      n += 1;
      if (n === 10) break;
    }
    await new Promise((r) => setTimeout(r, 50));
    // Only stream buffers' worth was read: not the 10 MB file.
    expect(pulled).toBeLessThan(2000);
  });

  it('gives back any table written with csvLine, in any chunk size, with its line numbers (property)', async () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', ';', '"', '\n', '\r\n', '£', 'é', '|', "'"), maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }).chain((width) => fc.tuple(fc.constant(width), fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }))), fc.integer({ min: 1, max: 13 }), async ([width, table], size) => {
        const headers = Array.from({ length: width }, (_, i) => `H${i}`);
        const rows = table.filter((r) => r.some((c) => c.trim() !== ''));
        if (rows.length === 0) return;
        const text = [headers, ...rows].map((r) => csvLine(r)).join('');
        const out = await parse(text, size);
        const unguarded = rows.map((r) => r.map((c) => (/^'*[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
        expect(out.rows.map((r) => r.values)).toEqual(unguarded);
        let line = 2;
        const lines = rows.map((r) => {
          const at = line;
          line += 1 + countLineBreaks(r.join(''));
          return at;
        });
        expect(out.rows.map((r) => r.line)).toEqual(lines);
      }),
      { numRuns: 150 },
    );
  });
});

describe('readCsvSample', () => {
  it('answers the header and the first rows and says whether there are more', async () => {
    const text = `SKU,Name\n${Array.from({ length: 20 }, (_, i) => `S${i},N${i}`).join('\n')}\n`;
    const sample = await readCsvSample([Buffer.from(text)], 3);
    expect(sample).toEqual({
      headers: ['SKU', 'Name'], delimiter: ',', encoding: 'utf-8', more: true,
      rows: [{ line: 2, values: ['S0', 'N0'] }, { line: 3, values: ['S1', 'N1'] }, { line: 4, values: ['S2', 'N2'] }],
    });
    expect((await readCsvSample([Buffer.from('SKU\nA\n')], 3)).more).toBe(false);
    await expect(readCsvSample([Buffer.from('SKU\n')], 3)).rejects.toMatchObject({ code: 'header_only' });
  });
});
