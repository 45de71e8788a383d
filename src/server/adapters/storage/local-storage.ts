import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { contentTypeOf, fileUrl, isValidKey, isValidPrefix, keyOfFileUrl, type FileStorage, type ListedFile, type StoredFile } from './storage';

/** Errors that mean "no such file" rather than a failing disk. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** The built-in store: files under DATA_DIR/files, needing no account and no network. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | string, _contentType: string): Promise<string> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return fileUrl(key);
  }

  /** Written to a temporary name beside the file and renamed when complete: a failed stream leaves nothing. */
  async putStream(key: string, body: Readable, _contentType: string, _size?: number): Promise<{ url: string; size: number }> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    const out = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(body, out);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { url: fileUrl(key), size: out.bytesWritten };
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      return { body: await readFile(this.pathOf(key)), contentType: contentTypeOf(key) };
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    if (!isValidKey(key)) return null;
    const file = this.pathOf(key);
    const found = await stat(file).then((s) => s.isFile(), (err: NodeJS.ErrnoException) => {
      if (MISSING.has(err.code ?? '')) return false;
      throw err;
    });
    return found ? createReadStream(file) : null;
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    return stat(this.pathOf(key)).then((s) => s.isFile(), () => false);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Walks the folders under the prefix's own folder, one directory read at a time. Only files named as
   * keys are listed (a stray file a person left there could not be addressed anyway); a streamed write
   * in progress shows as its `.partial` file, as on disk.
   */
  async *list(prefix: string): AsyncIterable<ListedFile> {
    if (!isValidPrefix(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    yield* this.walk(path.join(this.root, ...folder.split('/').filter(Boolean)), folder, prefix);
  }

  private async *walk(dir: string, keyPrefix: string, wanted: string): AsyncIterable<ListedFile> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        // Only folders on the way to the prefix, or inside it.
        if (key.startsWith(wanted) || wanted.startsWith(`${key}/`)) yield* this.walk(path.join(dir, entry.name), `${key}/`, wanted);
      } else if (entry.isFile() && key.startsWith(wanted) && isValidKey(key)) {
        // A file deleted since the folder was read is not listed.
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  urlOf(key: string): string {
    return fileUrl(key);
  }

  keyOf(url: string): string | null {
    return keyOfFileUrl(url);
  }
}
