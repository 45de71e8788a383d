import type { StoreTx, TenantCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { isValidKey, mediaPrefix, tenantOfKey } from '../../adapters/storage/storage';
import { MEDIA_MESSAGES, type MediaFile, type MediaListResponse } from '../../../shared/media';
import type { MediaListQuery } from '../../../shared/media-schemas';
import * as repo from './repo';
import { forgetPicture, queuePictures } from './pictures/service';
import type { MediaUsage, MediaUsageFinder } from './usages';

export function toMediaFile(row: repo.MediaRow): MediaFile {
  const meta = row.metadataJson ?? {};
  return {
    id: row.id,
    tenant_id: row.tenantId,
    filename: row.filename,
    path: row.url,
    url: row.url,
    storage_path: row.storagePath,
    mime_type: row.mimeType,
    file_size: row.fileSize,
    alt_text: row.altText,
    metadata_json: {
      ...(typeof meta.originalName === 'string' ? { originalName: meta.originalName } : {}),
      ...(typeof meta.uploadedAt === 'string' ? { uploadedAt: meta.uploadedAt } : {}),
    },
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The name shown and searched: what the upload was called (its last path part, control characters
 * dropped), or the stored name when it gave none.
 */
export function displayName(original: string | undefined, key: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || key.slice(key.lastIndexOf('/') + 1);
}

/** The library row of a file just stored under this store's media folder. */
export async function recordUpload(ctx: TenantCtx, file: { key: string; url: string; contentType: string; size: number; originalName?: string }): Promise<MediaFile> {
  const filename = displayName(file.originalName, file.key);
  const row = await repo.insertFile(ctx, {
    filename,
    storagePath: file.key,
    url: file.url,
    mimeType: file.contentType,
    fileSize: file.size,
    metadataJson: { originalName: file.originalName?.slice(0, 255) || filename, uploadedAt: new Date().toISOString() },
  });
  // Its resized copies are made by a background job (decision 052); the caller kicks the runner.
  await queuePictures(ctx, [{ key: file.key, url: file.url }]);
  return toMediaFile(row);
}

export async function listMedia(ctx: TenantCtx, query: MediaListQuery): Promise<MediaListResponse> {
  const { rows, total } = await repo.listFiles(ctx, query);
  return {
    media: rows.map(toMediaFile),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

async function fileOr404(ctx: TenantCtx, id: string, lock = false) {
  const row = await repo.findFile(ctx, id, lock);
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return row;
}

export async function getMedia(ctx: TenantCtx, id: string): Promise<MediaFile> {
  return toMediaFile(await fileOr404(ctx, id));
}

export async function updateMediaAltText(ctx: TenantCtx, id: string, altText: string | null): Promise<MediaFile> {
  await fileOr404(ctx, id, true);
  const row = await repo.updateAltText(ctx, id, altText);
  return toMediaFile(row!);
}

/** Everywhere the file's URL is shown, by every module that shows files. */
export async function usagesOf(ctx: StoreTx, url: string, finders: readonly MediaUsageFinder[]): Promise<MediaUsage[]> {
  const found: MediaUsage[] = [];
  for (const find of finders) found.push(...(await find(ctx, url)));
  return found;
}

/** 'product "Red Mug", category "Kitchen" and page "about"' (the first five, then how many more). */
export function describeUsages(usages: MediaUsage[]): string {
  const names = usages.slice(0, 5).map((u) => `${u.kind} "${u.label}"`);
  if (usages.length > 5) names.push(`${usages.length - 5} more`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
}

export const inUseMessage = (usages: MediaUsage[]) => `This file is still used by ${describeUsages(usages)}. Remove it there first, then delete it.`;

/** key: the file to delete after the commit (null: not this store's upload), with its resized copies. */
export type DeleteOutcome = { deleted: true; key: string | null; copies: string[] } | { deleted: false; usages: MediaUsage[] };

/**
 * Deletes the library row unless something still shows the file. The row is locked first, so a use
 * being saved at the same time (which locks it FOR SHARE, libraryUrls) is either seen or waits. The
 * caller removes the stored file after the commit (key: only this store's media folder).
 */
export async function deleteMedia(ctx: TenantCtx, id: string, finders: MediaUsageFinder[]): Promise<DeleteOutcome> {
  const row = await fileOr404(ctx, id, true);
  const usages = await usagesOf(ctx, row.url, finders);
  if (usages.length) return { deleted: false, usages };
  await repo.deleteFile(ctx, id);
  const key = row.storagePath;
  const ours = isValidKey(key) && tenantOfKey(key) === ctx.tenantId && key.startsWith(mediaPrefix(ctx.tenantId));
  return { deleted: true, key: ours ? key : null, copies: ours ? await forgetPicture(ctx, key) : [] };
}

/**
 * Which of these URLs are library files of this store (for other modules: a library file is kept
 * when a picture showing it is removed). With `hold`, the rows stay locked FOR SHARE until the
 * transaction ends, so the file cannot be deleted from the library while a new use of it is saved.
 */
export async function libraryUrls(ctx: TenantCtx, urls: string[], opts: { hold?: boolean } = {}): Promise<Set<string>> {
  return repo.urlsInLibrary(ctx, [...new Set(urls)], opts.hold ?? false);
}

/** A file a product import fetched into this store's media folder. */
export interface ImportedFile {
  key: string;
  url: string;
  contentType: string;
  size: number;
  /** The address it was fetched from: its last path part names the file in the library. */
  sourceUrl: string;
}

/** The file name an address ends with ("mug.jpg" from https://x/a/mug.jpg?v=2), or undefined. */
function lastPathPart(address: string): string | undefined {
  try {
    return decodeURIComponent(new URL(address).pathname.split('/').pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Library rows for pictures an import stored, in one statement: every stored picture is in the
 * library (so it can be reused and is kept alive). A file already there (same key) is left as it is.
 */
export async function recordImportedFiles(ctx: TenantCtx, files: readonly ImportedFile[]): Promise<void> {
  if (files.length === 0) return;
  const uploadedAt = new Date().toISOString();
  await repo.insertFilesIfMissing(
    ctx,
    files.map((f) => {
      const original = lastPathPart(f.sourceUrl);
      const filename = displayName(original, f.key);
      return { filename, storagePath: f.key, url: f.url, mimeType: f.contentType, fileSize: f.size, metadataJson: { originalName: (original ?? filename).slice(0, 255), uploadedAt } };
    }),
  );
  // Their resized copies: jobs the import's own runner takes up once the import has ended (decision 052).
  await queuePictures(ctx, files);
}
