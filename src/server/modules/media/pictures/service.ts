import type { StoreTx } from '../../../http/context';
import { CONTENT_TYPES, contentTypeOf, tenantOfKey, type FileStorage } from '../../../adapters/storage/storage';
import { enqueueJob } from '../../jobs';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantName } from '../../../../shared/pictures';
import * as repo from './repo';
import { pictureUrls } from '../repo';

/** Types whose copies are made, or whose size at least is read (SVG): what the storefront shows. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml']);

/** A stored file of this store that is a picture (by the server-made extension). */
export const isStoredPicture = (tenantId: string, key: string) => tenantOfKey(key) === tenantId && PICTURE_TYPES.has(contentTypeOf(key));

/**
 * Records new pictures of this store and queues one job per picture to read its size and make its
 * copies, in the caller's transaction (they exist only if it commits). A picture already recorded
 * is left as it is, so its copies are made once. Other files (PDFs, other stores' keys) are skipped.
 * The caller kicks the job runner after the commit (or is the runner: it drains what it queued).
 */
export async function queuePictures(ctx: StoreTx, files: readonly { key: string; url: string }[]): Promise<number> {
  const rows = await repo.insertPictures(ctx, files.filter((f) => isStoredPicture(ctx.tenantId, f.key)));
  for (const row of rows) await enqueueJob(ctx, 'picture_variants', row.id);
  return rows.length;
}

/** What the storefront needs to size a picture and build its srcset (decision 052). */
export interface PictureSize {
  width: number;
  height: number;
  /** Widths of the copies (each in AVIF and WebP); empty for a vector or an animation. */
  widths: number[];
}

/** The sizes of this store's pictures shown by these URLs, once read; other URLs are not in the map. */
export async function pictureSizes(ctx: StoreTx, urls: readonly string[]): Promise<Map<string, PictureSize>> {
  const rows = await repo.sizesByUrl(ctx, [...new Set(urls)]);
  const sizes = new Map<string, PictureSize>();
  for (const r of rows) if (r.width && r.height) sizes.set(r.url, { width: r.width, height: r.height, widths: r.widths });
  return sizes;
}

/** Every copy a picture may have (the widths it recorded, and the standard ones in case it was part way). */
export function copyKeys(key: string, widths: readonly number[] = []): string[] {
  const all = new Set<number>([...VARIANT_WIDTHS, ...widths]);
  return [...all].flatMap((w) => VARIANT_FORMATS.map((f) => variantName(key, w, f)));
}

/**
 * Forgets a picture whose file is being deleted, in the caller's transaction: answers the keys of its
 * copies, which the caller deletes with the original after the commit.
 */
export async function forgetPicture(ctx: StoreTx, key: string): Promise<string[]> {
  const widths = await repo.deletePictureByKey(ctx, key);
  return widths === null ? [] : copyKeys(key, widths);
}

/** Stores one copy beside its original; its content type is its format's. */
export const putCopy = (storage: FileStorage, key: string, body: Buffer) => storage.put(key, body, CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]);

/** The library's pictures, for the one-off backfill (decision 052). */
export const libraryPictureUrls = (ctx: StoreTx): Promise<string[]> => pictureUrls(ctx);
