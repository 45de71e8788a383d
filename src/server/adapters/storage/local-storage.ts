import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_TYPES, fileUrl, isValidKey, type FileStorage, type StoredFile } from './storage';

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
      const body = await readFile(this.pathOf(key));
      const ext = key.split('.').pop()?.toLowerCase() ?? '';
      return { body, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
