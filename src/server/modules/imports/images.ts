import { createHash } from 'node:crypto';
import { tenantKey, type FileStorage } from '../../adapters/storage/storage';
import { fetchRemoteFile, RemoteFetchError, sizeLabel, type ResolveAll } from '../../adapters/http/safe-fetch';
import { detectImageType, IMAGE_CONTENT_TYPES, looksLikeSvg, MAX_UPLOAD_BYTES } from '../../../shared/media';

type ImageType = NonNullable<ReturnType<typeof detectImageType>>;
import type { ImportedImage } from '../catalogue';

// Pictures named in an import file, fetched into storage (issue 15 item 3). The fetch itself and its
// SSRF guards live in adapters/http/safe-fetch.ts (decision 025); here: which bytes count as a picture,
// where they are kept, and the merchant's message when one is not imported.

export interface ImportImageDeps {
  storage: FileStorage;
  /** May the fetch reach private and loopback addresses (tests only: config IMPORT_FETCH_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** One picture's whole fetch, redirects included (config IMPORT_FETCH_TIMEOUT_MS, default 10 s). */
  timeoutMs?: number;
  /** Largest picture (config IMPORT_FETCH_MAX_BYTES); never above the media upload limit. */
  maxBytes?: number;
  /** Host name resolution (tests). */
  resolve?: ResolveAll;
}

export type FetchedImage = ImportedImage | { sourceUrl: string; error: string };

/** Pictures fetched at once for one chunk: enough to overlap slow servers, few enough to be polite. */
const CONCURRENCY = 4;
const PREFIX = 'Picture not imported: ';

/**
 * The storage key of an imported picture: the same address always lands on the same key, so a retried
 * import overwrites its earlier copy instead of leaving one more file behind.
 */
export function importImageKey(tenantId: string, url: string, ext: string): string {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 32);
  return tenantKey(tenantId, 'media', `import-${hash}.${ext}`);
}

/** Fetches each address (a few at a time) into storage; one failure never stops the others. */
export async function fetchImportImages(deps: ImportImageDeps, tenantId: string, urls: readonly string[]): Promise<Map<string, FetchedImage>> {
  const distinct = [...new Set(urls)];
  const results = await fewAtATime(distinct, (url) => fetchOne(deps, tenantId, url));
  // In the order given, whatever order the fetches finished in.
  return new Map(distinct.map((url, i) => [url, results[i]]));
}

/** Runs `fn` over `items`, `CONCURRENCY` at a time, answering in the order given. */
async function fewAtATime<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/**
 * One picture fetched and checked (through the SSRF-guarded fetch, the bytes deciding the type), or
 * why it cannot be used, in words a merchant reads ("the server answered 404").
 */
async function fetchPicture(deps: Omit<ImportImageDeps, 'storage'>, sourceUrl: string): Promise<{ bytes: Buffer; type: ImageType } | { problem: string }> {
  const maxBytes = Math.min(deps.maxBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  let file: { bytes: Buffer; contentType: string };
  try {
    file = await fetchRemoteFile(sourceUrl, { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs, maxBytes, resolve: deps.resolve, accept: 'image/*' });
  } catch (e) {
    return { problem: e instanceof RemoteFetchError ? e.message : 'the server could not be reached' };
  }
  if (!file.bytes.length) return { problem: 'the file is empty' };
  // The bytes decide, as for an upload (shared/media): a server's Content-Type is only a claim.
  const type = detectImageType(file.bytes);
  if (!type) return { problem: `not a picture (${looksLikeSvg(file.bytes) ? 'SVG is not accepted' : file.contentType || 'unknown type'})` };
  if (file.bytes.length > maxBytes) return { problem: `larger than ${sizeLabel(maxBytes)}` };
  return { bytes: file.bytes, type };
}

/** What the dry run allows each picture check: a picture that takes longer would hold the merchant up. */
export const PICTURE_CHECK_TIMEOUT_MS = 5_000;
const CHECK_PREFIX = 'Picture will not be imported: ';

/**
 * The dry run's picture check (issue 27 item 5): each address fetched as the import would fetch it
 * (same guards against private and loopback addresses; at most 5 s each, a few at a time) but not
 * kept. Answers, per address, null when it would be imported or the merchant's reason when not. Never
 * called with a transaction open.
 */
export async function checkImportImages(deps: Omit<ImportImageDeps, 'storage'>, urls: readonly string[]): Promise<Map<string, string | null>> {
  const distinct = [...new Set(urls)];
  const timeoutMs = Math.min(deps.timeoutMs ?? PICTURE_CHECK_TIMEOUT_MS, PICTURE_CHECK_TIMEOUT_MS);
  const outcomes = await fewAtATime(distinct, (url) => fetchPicture({ ...deps, timeoutMs }, url));
  return new Map(distinct.map((url, i) => {
    const outcome = outcomes[i];
    return [url, 'problem' in outcome ? CHECK_PREFIX + outcome.problem : null];
  }));
}

async function fetchOne(deps: ImportImageDeps, tenantId: string, sourceUrl: string): Promise<FetchedImage> {
  const picture = await fetchPicture(deps, sourceUrl);
  if ('problem' in picture) return { sourceUrl, error: PREFIX + picture.problem };
  const { bytes, type } = picture;
  const key = importImageKey(tenantId, sourceUrl, type);
  const contentType = IMAGE_CONTENT_TYPES[type];
  try {
    const url = await deps.storage.put(key, bytes, contentType);
    return { sourceUrl, url, key, contentType, size: bytes.length };
  } catch {
    return { sourceUrl, error: `${PREFIX}file storage is not available right now` };
  }
}
