import { createHash } from 'node:crypto';
import { tenantKey, type FileStorage } from '../../adapters/storage/storage';
import { fetchRemoteFile, RemoteFetchError, sizeLabel, type ResolveAll } from '../../adapters/http/safe-fetch';
import { detectImageType, IMAGE_CONTENT_TYPES, looksLikeSvg, MAX_UPLOAD_BYTES } from '../../../shared/media';
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
  const results = new Map<string, FetchedImage>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const url = distinct[next++];
      results.set(url, await fetchOne(deps, tenantId, url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, distinct.length) }, worker));
  // In the order given, whatever order the fetches finished in.
  return new Map(distinct.map((url) => [url, results.get(url)!]));
}

async function fetchOne(deps: ImportImageDeps, tenantId: string, sourceUrl: string): Promise<FetchedImage> {
  const maxBytes = Math.min(deps.maxBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  let file: { bytes: Buffer; contentType: string };
  try {
    file = await fetchRemoteFile(sourceUrl, { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs, maxBytes, resolve: deps.resolve, accept: 'image/*' });
  } catch (e) {
    return { sourceUrl, error: PREFIX + (e instanceof RemoteFetchError ? e.message : 'the server could not be reached') };
  }
  if (!file.bytes.length) return { sourceUrl, error: `${PREFIX}the file is empty` };
  // The bytes decide, as for an upload (shared/media): a server's Content-Type is only a claim.
  const type = detectImageType(file.bytes);
  if (!type) {
    const what = looksLikeSvg(file.bytes) ? 'SVG is not accepted' : file.contentType || 'unknown type';
    return { sourceUrl, error: `${PREFIX}not a picture (${what})` };
  }
  if (file.bytes.length > maxBytes) return { sourceUrl, error: `${PREFIX}larger than ${sizeLabel(maxBytes)}` };
  const key = importImageKey(tenantId, sourceUrl, type);
  const contentType = IMAGE_CONTENT_TYPES[type];
  try {
    const url = await deps.storage.put(key, file.bytes, contentType);
    return { sourceUrl, url, key, contentType, size: file.bytes.length };
  } catch {
    return { sourceUrl, error: `${PREFIX}file storage is not available right now` };
  }
}
