import type { TenantCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { EMPTY_IMPORT_STATS, IMPORT_HISTORY_LIMIT, IMPORT_MESSAGES, type ImportStats } from '../../../shared/imports';
import type { ImportBatch } from '../../../shared/import-schemas';
import type { ProductCsvField } from '../../../shared/product-csv';
import * as repo from './repo';

/** A mapping as the API sends it: column index -> field or null. */
export const mappingRecord = (mapping: readonly (string | null)[]): Record<string, ProductCsvField | null> =>
  Object.fromEntries(mapping.map((field, index) => [String(index), (field as ProductCsvField | null) ?? null]));

const count = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);

export function toImportBatch(row: repo.ImportBatchRow): ImportBatch {
  const stats: Partial<ImportStats> = row.stats ?? EMPTY_IMPORT_STATS;
  return {
    id: row.id,
    original_filename: row.originalFilename,
    status: row.status,
    file_size: row.fileSize,
    stats: { rows_total: count(stats.rows_total), rows_ok: count(stats.rows_ok), rows_failed: count(stats.rows_failed) },
    error: row.error,
    mapping: row.mapping ? mappingRecord(row.mapping) : null,
    dry_run: row.dryRun ?? null,
    result: row.result ?? null,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    started_at: row.startedAt ? new Date(row.startedAt).toISOString() : null,
    finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}

/** The name kept: the last part of what the browser called the file, control characters dropped. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

export const invalidTransition = (message: string) => new AppError(409, 'invalid_transition', message, { status: message });

export async function listBatches(ctx: TenantCtx): Promise<ImportBatch[]> {
  return (await repo.listBatches(ctx, IMPORT_HISTORY_LIMIT)).map(toImportBatch);
}

export async function createBatch(ctx: TenantCtx, filename: string): Promise<ImportBatch> {
  const name = cleanFilename(filename);
  return toImportBatch(await repo.insertBatch(ctx, name || 'products.csv'));
}

export async function getBatch(ctx: TenantCtx, id: string): Promise<repo.ImportBatchRow> {
  const row = await repo.findBatch(ctx, id);
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

/**
 * The browser reports that its upload failed (spec §4). Only a batch still waiting for its file can
 * fail this way; one already failed answers as it is (the server may have marked it first).
 */
export async function failUpload(ctx: TenantCtx, id: string): Promise<ImportBatch> {
  const row = await getBatch(ctx, id);
  if (row.status === 'failed') return toImportBatch(row);
  const moved = await repo.moveBatch(ctx, id, ['uploading'], { status: 'failed', error: row.error ?? IMPORT_MESSAGES.uploadIncomplete });
  if (!moved) throw invalidTransition(IMPORT_MESSAGES.cannotFail);
  return toImportBatch(moved);
}

/** The file is stored: the batch is 'uploaded' with its place and size, if it was still waiting for it. */
export async function markUploaded(ctx: TenantCtx, id: string, storagePath: string, fileSize: number): Promise<ImportBatch | null> {
  const moved = await repo.moveBatch(ctx, id, ['uploading'], { status: 'uploaded', storagePath, fileSize, error: null });
  return moved ? toImportBatch(moved) : null;
}

/** The server refused or could not store the file. */
export async function markUploadFailed(ctx: TenantCtx, id: string, error: string): Promise<void> {
  await repo.moveBatch(ctx, id, ['uploading'], { status: 'failed', error: error.slice(0, 2000) });
}
