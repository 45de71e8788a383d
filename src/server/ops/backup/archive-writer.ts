import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { Header, Pax } from 'tar';

/** What the manifest records of one entry: its size and SHA-256, as written. */
export interface WrittenEntry {
  path: string;
  size: number;
  sha256: string;
}

const BLOCK = 512;
const ZEROES = Buffer.alloc(BLOCK * 2);

/**
 * A tar archive written entry by entry, each body streamed in and hashed on the way, so a backup never
 * holds a second copy of the files or of the database dump (decision 056). Headers are node-tar's own
 * (ustar, with a pax header for a path longer than ustar holds), so `tar tf` and the reader here agree.
 * It writes to `<out>.partial` and only a complete archive takes the real name, never over an existing
 * file: a backup that fails half way leaves nothing that looks like a backup.
 */
export class ArchiveWriter {
  private readonly entries: WrittenEntry[] = [];

  private constructor(
    private readonly out: string,
    private readonly partial: string,
    private readonly handle: FileHandle,
  ) {}

  /** Refuses an `out` that exists (a backup is never overwritten). */
  static async create(out: string): Promise<ArchiveWriter> {
    if (await stat(out).then(() => true, () => false)) throw new Error(`${out} already exists: choose another name (a backup is never overwritten)`);
    const partial = `${out}.partial`;
    // Only its owner may read it: it holds every store's data and the server's secrets.
    const handle = await open(partial, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? new Error(`${partial} exists: a backup to this name is running, or one was cut off (then remove it)`) : err;
    });
    return new ArchiveWriter(out, partial, handle);
  }

  /** Entries written so far, in order. */
  get written(): readonly WrittenEntry[] {
    return this.entries;
  }

  add(path: string, body: Buffer): Promise<WrittenEntry> {
    return this.addStream(path, [body], body.length);
  }

  /** A file from disk (the database dump), streamed. */
  async addFile(path: string, source: string): Promise<WrittenEntry> {
    const { size } = await stat(source);
    return this.addStream(path, createReadStream(source, { highWaterMark: 1024 * 1024 }), size);
  }

  /** A body of exactly `size` bytes; a source that gives more or fewer is an error (the archive would be corrupt). */
  async addStream(path: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size: number): Promise<WrittenEntry> {
    const mtime = new Date();
    const header = new Header({ path, mode: 0o600, uid: 0, gid: 0, size, mtime, type: 'File' });
    if (header.encode()) await this.write(new Pax({ path, size, mtime }).encode());
    await this.write(header.block!);
    const hash = createHash('sha256');
    let seen = 0;
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > size) throw new Error(`${path} grew while it was being written (more than ${size} bytes)`);
      hash.update(chunk);
      await this.write(chunk);
    }
    if (seen !== size) throw new Error(`${path} gave ${seen} bytes, not the ${size} expected`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.write(ZEROES.subarray(0, padding));
    const entry = { path, size, sha256: hash.digest('hex') };
    this.entries.push(entry);
    return entry;
  }

  /** Ends the archive (two empty blocks), writes it to disk and gives it its name. */
  async finish(): Promise<void> {
    await this.write(ZEROES);
    await this.handle.sync();
    await this.handle.close();
    // link() refuses an existing name, where rename() would replace it.
    await link(this.partial, this.out);
    await rm(this.partial);
  }

  /** Drops the unfinished archive. */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.partial, { force: true });
  }

  private async write(data: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < data.length) {
      const { bytesWritten } = await this.handle.write(data, offset, data.length - offset);
      offset += bytesWritten;
    }
  }
}
