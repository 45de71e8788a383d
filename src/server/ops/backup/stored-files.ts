import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../adapters/storage/storage';
import type { ArchiveWriter } from './archive-writer';
import type { ArchiveEntry } from './archive-reader';
import { FILES_PREFIX, type ManifestEntry } from './manifest';

/**
 * Every stored file into the archive, through the storage adapter (the local folder or every object
 * in the bucket): listed page by page, read one at a time (a file is at most the upload limits, 50 MB
 * for a product CSV), each with the content type the storage gives it. A file listed but deleted
 * before it is read (a running server) is counted, not an error.
 */
export async function backUpFiles(storage: FileStorage, writer: ArchiveWriter): Promise<{ entries: ManifestEntry[]; bytes: number; vanished: number }> {
  const entries: ManifestEntry[] = [];
  let bytes = 0;
  let vanished = 0;
  for await (const listed of storage.list('')) {
    const stored = await storage.get(listed.key);
    if (!stored) {
      vanished += 1;
      continue;
    }
    const written = await writer.add(`${FILES_PREFIX}${listed.key}`, stored.body);
    entries.push({ ...written, content_type: stored.contentType });
    bytes += written.size;
  }
  return { entries, bytes, vanished };
}

/** Whether the storage holds any file at all (a restore fills only an empty one). */
export async function firstStoredFile(storage: FileStorage): Promise<string | null> {
  for await (const file of storage.list('')) return file.key;
  return null;
}

/** A body passed through unchanged while its SHA-256 is taken. */
export async function* hashed(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Writes one archived file back under its key, streamed; its checksum is checked against the manifest's. */
export async function restoreFile(storage: FileStorage, key: string, entry: ArchiveEntry, expected: ManifestEntry): Promise<void> {
  const hash = createHash('sha256');
  const type = expected.content_type ?? 'application/octet-stream';
  await storage.putStream(key, Readable.from(hashed(entry.body, hash)), type, entry.size);
  const got = hash.digest('hex');
  // The archive was verified before anything was written: a difference now means it changed meanwhile.
  if (got !== expected.sha256) throw new Error(`${entry.path} changed while it was being restored (checksum ${got}, manifest ${expected.sha256})`);
}
