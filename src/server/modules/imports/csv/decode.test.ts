import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvFileError, decodeCsv, ENCODING_MESSAGE } from './decode';

async function* chunked(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function decode(bytes: Buffer, size = 65536) {
  const decoded = decodeCsv(chunked(bytes, size));
  let text = '';
  for await (const part of decoded.text) text += part;
  return { text, encoding: decoded.encoding() };
}

const cp1252 = (text: string) => Buffer.from([...text].map((ch) => (ch === '£' ? 0xa3 : ch === '€' ? 0x80 : ch === 'é' ? 0xe9 : ch === '’' ? 0x92 : ch.charCodeAt(0))));

describe('decodeCsv', () => {
  it('reads UTF-8 and drops its byte order mark', async () => {
    expect(await decode(Buffer.from('\uFEFFSKU,Price\nA,£5\n'))).toEqual({ text: 'SKU,Price\nA,£5\n', encoding: 'utf-8' });
    expect(await decode(Buffer.from('SKU,Price\nA,£5 café\n'))).toEqual({ text: 'SKU,Price\nA,£5 café\n', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 for Excel files (£ as the byte A3)', async () => {
    expect(await decode(cp1252('SKU,Price\nA,£5 €3 café\n'))).toEqual({ text: 'SKU,Price\nA,£5 €3 café\n', encoding: 'windows-1252' });
  });

  it('decides on the first non-ASCII byte, however far into the file it is', async () => {
    const text = `SKU,Price\n${'A,1\n'.repeat(50_000)}B,£2\n`;
    expect(await decode(cp1252(text), 4096)).toEqual({ text, encoding: 'windows-1252' });
    expect(await decode(Buffer.from(text), 4096)).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads UTF-16 with its byte order mark, little or big endian', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU\tPrice\nA\t£5\n', 'utf16le')]);
    expect(await decode(le, 3)).toEqual({ text: 'SKU\tPrice\nA\t£5\n', encoding: 'utf-16le' });
    const be = Buffer.from(le);
    be.swap16();
    expect(await decode(be, 5)).toEqual({ text: 'SKU\tPrice\nA\t£5\n', encoding: 'utf-16be' });
  });

  it('refuses a UTF-8 file with invalid bytes further on', async () => {
    const bytes = Buffer.concat([Buffer.from(`SKU,Name\nA,café\n${'B,x\n'.repeat(2000)}`), Buffer.from([0x43, 0xa3, 0x0a])]);
    await expect(decode(bytes, 1024)).rejects.toEqual(new CsvFileError('encoding', ENCODING_MESSAGE));
  });

  it('gives the same text whatever the chunk sizes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.integer({ min: 1, max: 17 }), fc.boolean(), async (text, size, bom) => {
        const body = text.replace(/^\uFEFF/, '');
        const bytes = Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(body)]);
        expect((await decode(bytes, size)).text).toBe(body);
      }),
    );
  });

  it('reads any Windows-1252 text whatever the chunk sizes (property)', async () => {
    // £ (A3) and € (80) are never the first byte of a UTF-8 sequence, so the file cannot pass for UTF-8
    // ("é£€" is E9 A3 80, which is valid UTF-8 for 飀: such a file is genuinely ambiguous).
    const chars = fc.constantFrom('a', 'Z', ',', '"', '\n', '£', '€', '’', ' ', '1');
    await fc.assert(
      fc.asyncProperty(fc.array(chars, { maxLength: 200 }), fc.integer({ min: 1, max: 9 }), async (list, size) => {
        const text = list.join('');
        const out = await decode(cp1252(text), size);
        expect(out.text).toBe(text);
      }),
    );
  });
});
