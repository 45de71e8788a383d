// Bytes of an uploaded CSV to text, streamed (issue 15 item 4, decision 023).
//
// - UTF-8, with or without a byte order mark (the mark is dropped).
// - UTF-16 LE or BE when the file starts with its byte order mark (Excel's "Unicode text").
// - Windows-1252 (Excel's "CSV" on Windows, where £ is the single byte 0xA3) otherwise: the decision is
//   put off while the bytes are plain ASCII (the same in both), and made at the first byte above 0x7F by
//   checking the bytes from there as UTF-8. So a large Excel file whose first £ is on row 5,000 is still
//   read correctly, and nothing is held but one chunk.
// - A file that looked like UTF-8 and later has a byte sequence UTF-8 does not allow is refused with
//   CsvFileError('encoding'): it mixes encodings, and guessing would corrupt text silently.

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type CsvFileErrorCode = 'encoding' | 'empty' | 'header_only' | 'header_too_long' | 'too_many_columns' | 'binary';

/** A problem with the file as a whole (not one row): answered to the merchant as it is. */
export class CsvFileError extends Error {
  constructor(
    readonly code: CsvFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CsvFileError';
  }
}

export const ENCODING_MESSAGE = 'The file mixes text encodings, so some characters cannot be read. Save it from your spreadsheet as "CSV UTF-8" and upload it again';

/** How many bytes after the first non-ASCII byte are checked before deciding between UTF-8 and Windows-1252. */
const SNIFF_BYTES = 4096;

export interface DecodedText {
  /** Known once the generator has decided; 'utf-8' until then (an all-ASCII file is both). */
  encoding(): CsvEncoding;
  text: AsyncGenerator<string>;
}

/**
 * Windows-1252's bytes 0x80-0x9F (€, curly quotes, dashes...); the rest is Latin-1. Written out because
 * Node's TextDecoder('windows-1252') decodes as Latin-1 in some versions (0x80 becomes U+0080, not €).
 * Bytes 1252 leaves undefined (81, 8D, 8F, 90, 9D) keep their Latin-1 control code, as browsers do.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** A single-byte decoder with TextDecoder's decode() shape. */
class Windows1252Decoder {
  decode(buf: Uint8Array): string {
    let out = '';
    for (let i = 0; i < buf.length; i += 1) {
      const b = buf[i];
      out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    }
    return out;
  }
}

const toBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array));

function firstNonAscii(buf: Buffer): number {
  for (let i = 0; i < buf.length; i += 1) if (buf[i] > 0x7f) return i;
  return -1;
}

function looksLikeUtf8(sample: Buffer, last: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !last });
    return true;
  } catch {
    return false;
  }
}

/** Decodes a byte stream to text chunks, choosing the encoding as described above. */
export function decodeCsv(source: AsyncIterable<unknown> | Iterable<unknown>): DecodedText {
  let encoding: CsvEncoding = 'utf-8';
  async function* run(): AsyncGenerator<string> {
    let decoder: Pick<TextDecoder, 'decode'> | null = null;
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    const iterator = (async function* () {
      // A Node stream, an async generator or a plain array of chunks.
      for await (const chunk of source) yield chunk;
    })();
    const decide = (name: CsvEncoding) => {
      encoding = name;
      decoder = name === 'windows-1252' ? new Windows1252Decoder() : new TextDecoder(name, { fatal: name === 'utf-8' });
    };
    const decodeWith = (d: Pick<TextDecoder, 'decode'>, buf: Buffer, last: boolean): string => {
      try {
        return d.decode(buf, { stream: !last });
      } catch {
        throw new CsvFileError('encoding', ENCODING_MESSAGE);
      }
    };
    for (;;) {
      const next = await iterator.next();
      const done = next.done === true;
      let buf: Buffer = done ? pending : pending.length ? Buffer.concat([pending, toBuffer(next.value)]) : toBuffer(next.value);
      pending = Buffer.alloc(0);
      if (!started) {
        // Byte order marks need the first 3 bytes.
        if (buf.length < 3 && !done) {
          pending = buf;
          continue;
        }
        started = true;
        if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
          decide('utf-8');
          buf = buf.subarray(3);
        } else if (buf[0] === 0xff && buf[1] === 0xfe) {
          decide('utf-16le');
          buf = buf.subarray(2);
        } else if (buf[0] === 0xfe && buf[1] === 0xff) {
          decide('utf-16be');
          buf = buf.subarray(2);
        }
      }
      if (decoder) {
        const out = decodeWith(decoder, buf, done);
        if (out) yield out;
        if (done) return;
        continue;
      }
      // Undecided: pass ASCII through, decide at the first byte above 0x7F.
      const at = firstNonAscii(buf);
      if (at === -1) {
        if (buf.length) yield buf.toString('latin1');
        if (done) return;
        continue;
      }
      if (at > 0) yield buf.subarray(0, at).toString('latin1');
      const rest = buf.subarray(at);
      if (rest.length < 4 && !done) {
        pending = Buffer.from(rest);
        continue;
      }
      decide(looksLikeUtf8(rest.subarray(0, SNIFF_BYTES), done && rest.length <= SNIFF_BYTES) ? 'utf-8' : 'windows-1252');
      const out = decodeWith(decoder!, rest, done);
      if (out) yield out;
      if (done) return;
    }
  }
  return { encoding: () => encoding, text: run() };
}
