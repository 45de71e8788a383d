import type { FileStorage } from '../../adapters/storage/storage';
import type { ImportedImage } from '../catalogue';

// Pictures named in an import file, fetched into storage (issue 15 item 3): FRAME, filled in by the
// image-fetch helper (SSRF guards in src/server/adapters/http/safe-fetch.ts).

export interface ImportImageDeps {
  storage: FileStorage;
  /** May the fetch reach private and loopback addresses (tests only: config IMPORT_FETCH_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export type FetchedImage = ImportedImage | { sourceUrl: string; error: string };

/** Fetches each address (a few at a time) into storage; one failure never stops the others. */
export async function fetchImportImages(deps: ImportImageDeps, tenantId: string, urls: readonly string[]): Promise<Map<string, FetchedImage>> {
  void deps;
  void tenantId;
  return new Map(urls.map((url) => [url, { sourceUrl: url, error: 'Picture fetching is not written yet' }]));
}
