import type { InScope, TenantCtx } from '../../http/context';
import type { FileStorage } from '../../adapters/storage/storage';
import { attachedImageSources, existingSkus } from '../catalogue';
import { IMPORT_MESSAGES, type ImportDryRun } from '../../../shared/imports';
import type { ImportBatch } from '../../../shared/import-schemas';
import { openCsv } from './csv/parse';
import { dryRun } from './dry-run';
import { checkImportImages, type ImportImageDeps } from './images';
import { assertMappable, fileProblem, openStored, recordDryRun } from './mapping-service';
import { getBatch, invalidTransition, toImportBatch } from './service';

export interface DryRunDeps {
  storage: FileStorage;
  /** How pictures are fetched (the same guards as the import's own fetch). */
  importFetch: Omit<ImportImageDeps, 'storage'>;
}

/**
 * The check of a mapped batch (decision 024): the whole stored file read in the request (streamed, at
 * most the 50 MB upload), its result kept on the batch. Nothing is written to the catalogue. Pictures
 * are checked at the end, as the import would fetch them (SSRF guards included), with no transaction
 * open: only the SKU look-ups run in one, each on its own.
 */
export async function checkBatch(inScope: InScope<TenantCtx>, deps: DryRunDeps, id: string): Promise<ImportDryRun & { batch: ImportBatch }> {
  const row = await inScope((ctx) => getBatch(ctx, id));
  const key = assertMappable(row);
  const chosen = row.mapping;
  if (row.status === 'uploaded' || !chosen) throw invalidTransition(IMPORT_MESSAGES.mapFirst);
  const stream = await openStored(deps.storage, key);
  let result;
  try {
    const csv = await openCsv(stream);
    try {
      if (csv.headers.length !== chosen.length) throw invalidTransition(IMPORT_MESSAGES.columnCount);
      result = await dryRun(
        csv.rows,
        csv.headers,
        chosen,
        (skus) => inScope((ctx) => existingSkus(ctx.tx, ctx.tenantId, skus)),
        new Date(),
        async (pictures) => {
          // Pictures a product has already are not fetched again by the import: not checked either.
          const skus = [...new Set(pictures.map((p) => p.sku))];
          const known = await inScope((ctx) => attachedImageSources(ctx, skus));
          const wanted = pictures.filter((p) => !known.get(p.sku)?.has(p.url)).map((p) => p.url);
          return checkImportImages(deps.importFetch, wanted);
        },
      );
    } finally {
      csv.close();
    }
  } catch (err) {
    throw fileProblem(err);
  } finally {
    stream.destroy();
  }
  const checked = result;
  const saved = await inScope((ctx) => recordDryRun(ctx, id, chosen, checked));
  return { ...checked, batch: toImportBatch(saved) };
}
