import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { contentTypeOf, fileUrl, isValidKey, keyOfFileUrl, type FileStorage, type StoredFile } from './storage';

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

  urlOf(key: string): string {
    return fileUrl(key);
  }

  keyOf(url: string): string | null {
    return keyOfFileUrl(url);
  }
}
