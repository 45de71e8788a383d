import { and, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { StoreTx } from '../../http/context';
import { mediaFiles, pictureVariants } from '../../db/schema/index';
import { mediaPrefix, tenantOfKey } from '../../adapters/storage/storage';
import { usagesOf } from './service';
import type { MediaUsageFinder } from './usages';

// The daily housekeeping's part here (decision 056): stored files of a store's media folder that
// nothing refers to. Every upload and imported picture gets its library row as it is stored, and a
// library row keeps its file (decision 020), so such files are only ever left over: an upload whose
// process died between storing the file and writing its row, a delete whose file removal failed after
// the commit, resized copies of a picture deleted while they were being made, a `.partial` write.

/** A file younger than this is never removed: it may be an upload whose row is being written. */
export const ORPHAN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** The folders a store's media files are stored under: the current layout, and the one before it. */
export const mediaFolders = (tenantId: string) => [mediaPrefix(tenantId), `${tenantId}/media/`];

/** A resized copy (decision 052): `<stem>.w640.webp` beside its original `<stem>.<ext>`. */
const COPY = /\.w\d+\.(avif|webp)$/;

/** What an original and its copies share: the key without its extension, or without a copy's width and format. */
export function stemOf(key: string): string {
  const copy = COPY.exec(key);
  if (copy) return key.slice(0, copy.index);
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? key.slice(0, dot) : key;
}

const likeStem = (stem: string) => `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/**
 * Of these stored keys (a batch of at most a few hundred, of this store's media folders), the ones
 * nothing refers to. A file is kept, with every file of its stem (an original and its copies), when
 * its stem has a library row or a picture row (the copies' record), when the library holds its URL,
 * or when anything else shows its URL: a product, a category, a page, a menu (the finders the library
 * itself asks before a delete). Keys of another store or folder are never answered.
 */
export async function unreferencedMediaKeys(ctx: StoreTx, keys: readonly string[], urlsOf: (key: string) => string[], finders: readonly MediaUsageFinder[]): Promise<string[]> {
  const folders = mediaFolders(ctx.tenantId);
  const own = [...new Set(keys)].filter((k) => tenantOfKey(k) === ctx.tenantId && folders.some((f) => k.startsWith(f)));
  if (own.length === 0) return [];
  const stems = [...new Set(own.map(stemOf))];
  const originals = own.filter((k) => !COPY.test(k));
  const urls = originals.flatMap(urlsOf);
  const stemMatch = (column: typeof mediaFiles.storagePath | typeof pictureVariants.storageKey): SQL => or(...stems.map((s) => like(column, likeStem(s))))!;
  const library = await ctx.tx
    .select({ key: mediaFiles.storagePath, url: mediaFiles.url })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.tenantId, ctx.tenantId), urls.length ? or(stemMatch(mediaFiles.storagePath), inArray(mediaFiles.url, urls)) : stemMatch(mediaFiles.storagePath)));
  const pictures = await ctx.tx
    .select({ key: pictureVariants.storageKey })
    .from(pictureVariants)
    .where(and(eq(pictureVariants.tenantId, ctx.tenantId), stemMatch(pictureVariants.storageKey)));
  const kept = new Set([...library, ...pictures].map((r) => stemOf(r.key)));
  // A library row found by its URL keeps the original that URL names.
  const libraryUrls = new Set(library.map((r) => r.url));
  for (const key of originals) {
    const stem = stemOf(key);
    if (kept.has(stem)) continue;
    for (const url of urlsOf(key)) {
      if (libraryUrls.has(url) || (await usagesOf(ctx, url, finders)).length > 0) {
        kept.add(stem);
        break;
      }
    }
  }
  return own.filter((k) => !kept.has(stemOf(k)));
}
