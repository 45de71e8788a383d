import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { InScope, TenantCtx } from '../../http/context';
import { AppError } from '../../http/errors';
import { tenantKey, type FileStorage } from '../../adapters/storage/storage';
import { storageUnavailable } from '../media';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../shared/imports';
import type { ImportBatch } from '../../../shared/import-schemas';
import { getBatch, invalidTransition, markUploadFailed, markUploaded } from './service';
import { CsvUploadGuard } from './upload-guard';

export interface UploadDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * A batch's CSV (issue 15), streamed from the request into storage under tenants/<tenantId>/imports/
 * through the upload guard (size, and text rather than a binary file), with no transaction open while
 * it flows. A refused or failed file is removed and the batch marked failed with the reason; a batch
 * that took another file meanwhile keeps that one. `declaredSize` is the request's Content-Length (0
 * when it sent none).
 */
export async function receiveFile(inScope: InScope<TenantCtx>, deps: UploadDeps, id: string, source: Readable, declaredSize: number): Promise<ImportBatch> {
  const { storage, log } = deps;
  const row = await inScope((ctx) => getBatch(ctx, id));
  if (row.status !== 'uploading') {
    source.resume();
    throw invalidTransition(IMPORT_MESSAGES.alreadyUploaded);
  }
  // A new name for every attempt: two uploads racing for one batch never write the same file.
  const key = tenantKey(row.tenantId, 'imports', `${randomUUID()}.csv`);
  const guard = new CsvUploadGuard(IMPORT_MAX_BYTES);
  source.on('error', (err) => guard.destroy(err));
  guard.on('error', () => {
    // The rest of the refused body is read and dropped, so the answer can still be sent.
    source.unpipe(guard);
    source.resume();
  });
  source.pipe(guard);
  const failed = async (err: unknown): Promise<never> => {
    await storage.delete(key).catch((cleanup: unknown) => log.warn({ err: cleanup, key }, 'removing a refused import file'));
    const refusal = err instanceof AppError ? err : null;
    if (!refusal) log.error({ err, key }, 'storing an import file failed');
    const error = refusal ? refusal.message : 'File storage failed while the file was being stored.';
    await inScope((ctx) => markUploadFailed(ctx, id, error)).catch((e: unknown) => log.warn({ err: e, id }, 'marking an import failed'));
    throw refusal ?? storageUnavailable(err);
  };
  const stored = await storage.putStream(key, guard, 'text/csv', declaredSize).catch(failed);
  const batch = await inScope((ctx) => markUploaded(ctx, id, key, stored.size));
  if (!batch) {
    await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'removing an import file its batch no longer wants'));
    throw invalidTransition(IMPORT_MESSAGES.alreadyUploaded);
  }
  return batch;
}
