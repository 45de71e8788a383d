import { Transform, type TransformCallback } from 'node:stream';
import { AppError, badRequest } from '../../http/errors';
import { IMPORT_MESSAGES } from '../../../shared/imports';

export const csvTooLarge = () => new AppError(413, 'file_too_large', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
export const notCsvContent = () => new AppError(415, 'unsupported_file_type', IMPORT_MESSAGES.binary, { file: IMPORT_MESSAGES.binary });
export const emptyCsv = () => badRequest(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });

/** File signatures of things people upload by mistake instead of a CSV export. */
const SIGNATURES: Buffer[] = [
  Buffer.from('PK\x03\x04', 'latin1'), // zip, and so .xlsx, .numbers, .ods
  Buffer.from('%PDF', 'latin1'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // png
  Buffer.from([0xff, 0xd8, 0xff]), // jpeg
  Buffer.from('GIF8', 'latin1'),
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // old Office files (.xls)
  Buffer.from('{\\rtf', 'latin1'),
];
const SNIFF_BYTES = 8;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** True when the bytes hold something besides a byte-order mark and white space. */
function hasText(chunk: Buffer, start: number): boolean {
  for (let i = start; i < chunk.length; i++) {
    const b = chunk[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  }
  return false;
}

/**
 * Passes an uploaded CSV through, chunk by chunk, and stops it with a typed error as soon as it is not
 * one: a known binary signature in its first bytes, a NUL byte anywhere (binary, or UTF-16 text),
 * more than `maxBytes`, or nothing but white space. Holds at most SNIFF_BYTES back.
 */
export class CsvUploadGuard extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private sniffed = false;
  private sawText = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  private sniff(head: Buffer): Error | null {
    if (SIGNATURES.some((sig) => head.length >= sig.length && head.subarray(0, sig.length).equals(sig))) return notCsvContent();
    return null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(csvTooLarge());
    if (chunk.includes(0)) return callback(notCsvContent());
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < SNIFF_BYTES) return callback();
      return this.release(callback);
    }
    if (!this.sawText) this.sawText = hasText(chunk, 0);
    callback(null, chunk);
  }

  private release(callback: TransformCallback): void {
    this.sniffed = true;
    const refused = this.sniff(this.head);
    if (refused) return callback(refused);
    const start = this.head.subarray(0, 3).equals(BOM) ? 3 : 0;
    this.sawText = hasText(this.head, start);
    const head = this.head;
    this.head = Buffer.alloc(0);
    callback(null, head);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.sniffed) {
      return this.release((err, data) => {
        if (err) return callback(err);
        if (!this.sawText) return callback(emptyCsv());
        callback(null, data);
      });
    }
    if (!this.sawText) return callback(emptyCsv());
    callback();
  }
}
