import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      return { body: await readFile(this.pathOf(key)), contentType: contentTypeOf(key) };
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
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
