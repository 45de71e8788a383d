import { open, type FileHandle } from 'node:fs/promises';
import { Header, Pax } from 'tar';

/** One file of the archive. Its body is read from disk as it is consumed, never held whole. */
export interface ArchiveEntry {
  path: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** The archive is not one this platform wrote, or it is damaged (cut short, a header that does not add up). */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** A pax header holds a path and a size here; anything this large is not ours. */
const MAX_PAX_BYTES = 64 * 1024;

const padded = (size: number) => size + ((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * The entries of a tar archive, one after another, read with positioned reads from the file: the
 * caller consumes (or skips) one entry's body before asking for the next, so a restore writes each
 * file to storage as it reads it, with bounded memory. Only regular files (and the pax headers the
 * writer adds for long paths) are accepted: links, folders and devices have no place in a backup,
 * and refusing them means no entry can point outside what restore writes.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const handle = await open(file, 'r');
  try {
    let position = 0;
    let extended: Pax | undefined;
    for (;;) {
      const block = await readExactly(handle, position, BLOCK);
      if (!block) throw new ArchiveError(`${file} ends without the end-of-archive blocks: it is cut short`);
      position += BLOCK;
      const header = new Header(block, 0, extended);
      if (header.nullBlock) return;
      if (!header.cksumValid) throw new ArchiveError(`${file} is not a tar archive (a header at byte ${position - BLOCK} does not check out)`);
      const size = header.size ?? 0;
      if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError(`${file} has an entry with an impossible size`);
      if (header.type === 'ExtendedHeader' || header.type === 'GlobalExtendedHeader') {
        if (size > MAX_PAX_BYTES) throw new ArchiveError(`${file} has an extended header of ${size} bytes: not an archive this platform wrote`);
        const body = await readExactly(handle, position, size);
        if (!body) throw new ArchiveError(`${file} is cut short inside an extended header`);
        // A global header (another tool's) applies to nothing we read; ours are per entry.
        if (header.type === 'ExtendedHeader') extended = Pax.parse(body.toString('utf8'), extended, false);
        position += padded(size);
        continue;
      }
      if (header.type !== 'File' && header.type !== 'OldFile') throw new ArchiveError(`${file} holds ${header.path} as a ${header.type}: a backup holds plain files only`);
      extended = undefined;
      const start = position;
      yield { path: header.path ?? '', size, body: readBody(handle, start, size, file) };
      position = start + padded(size);
    }
  } finally {
    await handle.close();
  }
}

async function* readBody(handle: FileHandle, start: number, size: number, file: string): AsyncIterable<Buffer> {
  for (let offset = 0; offset < size; ) {
    const length = Math.min(CHUNK, size - offset);
    const chunk = await readExactly(handle, start + offset, length);
    if (!chunk) throw new ArchiveError(`${file} is cut short: an entry stops before its end`);
    offset += length;
    yield chunk;
  }
}

/** `length` bytes at `position`, or null when the file ends first. */
async function readExactly(handle: FileHandle, position: number, length: number): Promise<Buffer | null> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) return null;
    filled += bytesRead;
  }
  return buffer;
}
