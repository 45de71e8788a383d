import type { Readable } from 'node:stream';
import type { FileStorage } from '../../adapters/storage/storage';
import type { InScope, TenantCtx } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { storageUnavailable } from '../media';
import { autoMap, checkMapping, type ColumnMapping } from '../../../shared/import/mapping';
import { PRODUCT_CSV_COLUMNS, normaliseHeader, type ProductCsvField } from '../../../shared/product-csv';
import { EMPTY_IMPORT_STATS, IMPORT_MESSAGES, type ImportDryRun, type ImportStatus } from '../../../shared/imports';
import type { ImportBatch, ImportColumn, ImportColumnsResponse, ImportMappingBody } from '../../../shared/import-schemas';
import { CsvFileError } from './csv/decode';
import { readCsvSample, type CsvSample } from './csv/parse';
import * as repo from './repo';
import { getBatch, invalidTransition, mappingRecord, toImportBatch } from './service';

// Map Fields (issue 15 item 2, decision 024): the file's columns with sample values, the mapping this
// store used before for the same headers (else matched by name), and the chosen mapping checked,
// kept on the batch and saved as the store's default.

/** Statuses in which the mapping may be read and changed: the file is there, nothing is imported yet. */
export const MAPPABLE: readonly ImportStatus[] = ['uploaded', 'mapping', 'ready'];
/** Rows read for the sample values. */
const SAMPLE_ROWS = 20;
const SAMPLES_PER_COLUMN = 3;
const SAMPLE_MAX_CHARS = 120;
const HEADER_KEY_MAX = 200;

export function assertMappable(row: repo.ImportBatchRow): string {
  if (!MAPPABLE.includes(row.status) || !row.storagePath) throw invalidTransition(IMPORT_MESSAGES.notMappable);
  return row.storagePath;
}

/** A file problem (empty, header only, not text) as the 422 the screen shows. */
export function fileProblem(err: unknown): unknown {
  if (err instanceof CsvFileError) return new AppError(422, 'invalid_input', err.message, { file: err.message });
  return err;
}

/** The stored file as a stream (never read whole). */
export async function openStored(storage: FileStorage, key: string): Promise<Readable> {
  let stream: Readable | null;
  try {
    stream = await storage.getStream(key);
  } catch (err) {
    throw storageUnavailable(err);
  }
  if (!stream) throw new AppError(422, 'invalid_input', IMPORT_MESSAGES.fileMissing, { file: IMPORT_MESSAGES.fileMissing });
  return stream;
}

/** The header and first rows of the stored file; reading stops there. */
export async function sampleOf(storage: FileStorage, key: string): Promise<CsvSample> {
  const stream = await openStored(storage, key);
  try {
    return await readCsvSample(stream, SAMPLE_ROWS);
  } catch (err) {
    throw fileProblem(err);
  } finally {
    stream.destroy();
  }
}

export function columnsOf(sample: CsvSample): ImportColumn[] {
  const suggested = autoMap(sample.headers);
  return sample.headers.map((header, index) => {
    const samples: string[] = [];
    for (const row of sample.rows) {
      const value = (row.values[index] ?? '').trim();
      if (value !== '' && samples.length < SAMPLES_PER_COLUMN) samples.push(value.length > SAMPLE_MAX_CHARS ? `${value.slice(0, SAMPLE_MAX_CHARS - 1)}…` : value);
    }
    return { index, header, samples, suggested_field: suggested[index] };
  });
}

const headerKey = (header: string): string | null => {
  const key = normaliseHeader(header);
  return key && key.length <= HEADER_KEY_MAX ? key : null;
};

/** The mapping to start from: this batch's own, else the store's saved fields by header, else by name. */
export async function columnsFor(ctx: TenantCtx, row: repo.ImportBatchRow, sample: CsvSample): Promise<ImportColumnsResponse> {
  const columns = columnsOf(sample);
  const keys = sample.headers.map(headerKey);
  const saved = await repo.savedFieldMappings(ctx, keys.filter((k): k is string => k !== null));
  for (const column of columns) {
    const key = keys[column.index];
    if (key !== null && saved.has(key)) column.saved_field = saved.get(key) ?? null;
  }
  const fields = PRODUCT_CSV_COLUMNS.map((c) => ({ field: c.field, header: c.header, hint: c.hint, required: c.required === true }));
  if (row.mapping && row.mapping.length === sample.headers.length) {
    return { columns, fields, mapping: mappingRecord(row.mapping), mapping_source: 'batch' };
  }
  const taken = new Set<ProductCsvField>();
  const mapping: ColumnMapping = columns.map((c) => {
    const field = c.saved_field !== undefined ? c.saved_field : c.suggested_field;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  return { columns, fields, mapping: mappingRecord(mapping), mapping_source: 'store' };
}

/** The body's mapping as one entry per column; a column it leaves out is not imported. */
export function mappingFromBody(headers: readonly string[], body: ImportMappingBody): ColumnMapping {
  const mapping: ColumnMapping = headers.map(() => null);
  for (const [key, field] of Object.entries(body.mapping)) {
    const index = Number(key);
    if (index >= headers.length) {
      throw badRequest(`The file has ${headers.length} columns: there is no column ${index + 1}.`, { [`mapping.${key}`]: IMPORT_MESSAGES.columnCount });
    }
    mapping[index] = field;
  }
  const problems = checkMapping(headers, mapping);
  if (problems.length > 0) {
    const fields: Record<string, string> = {};
    for (const p of problems) fields[p.column === null ? `fields.${p.field}` : `mapping.${p.column}`] = p.message;
    const message = problems.length === 1 ? problems[0].message : `${problems.length} problems with the mapping: ${problems.map((p) => p.message).join('; ')}`;
    throw badRequest(message, fields);
  }
  return mapping;
}

/** Keeps the mapping on the batch (any earlier check is void) and as this store's default. */
export async function saveMapping(ctx: TenantCtx, id: string, headers: readonly string[], mapping: ColumnMapping): Promise<repo.ImportBatchRow> {
  const moved = await repo.moveBatch(ctx, id, MAPPABLE, { status: 'mapping', mapping, dryRun: null, stats: EMPTY_IMPORT_STATS });
  if (!moved) throw invalidTransition(IMPORT_MESSAGES.notMappable);
  const entries = new Map<string, ProductCsvField | null>();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (key !== null && !entries.has(key)) entries.set(key, mapping[index]);
  });
  await repo.saveFieldMappings(ctx, [...entries].map(([key, field]) => ({ headerKey: key, field })));
  return moved;
}

/** The check's result on the batch: ready when nothing is rejected, else it stays in mapping. */
export async function recordDryRun(ctx: TenantCtx, id: string, mapping: ColumnMapping, result: ImportDryRun): Promise<repo.ImportBatchRow> {
  const current = await repo.findBatch(ctx, id);
  // The mapping changed (or processing started) while the file was read: this result no longer applies.
  if (!current || JSON.stringify(current.mapping) !== JSON.stringify(mapping)) throw invalidTransition(IMPORT_MESSAGES.mappingChanged);
  const { rows_total, rows_rejected } = result.summary;
  const moved = await repo.moveBatch(ctx, id, ['mapping', 'ready'], {
    status: rows_rejected === 0 ? 'ready' : 'mapping',
    dryRun: result,
    stats: { rows_total, rows_ok: rows_total - rows_rejected, rows_failed: rows_rejected },
  });
  if (!moved) throw invalidTransition(IMPORT_MESSAGES.mappingChanged);
  return moved;
}

// The steps of Map Fields, each a transaction of its own: the file is read between them, with none open.

/** The file's columns, sample values and the mapping to start from. */
export async function batchColumns(inScope: InScope<TenantCtx>, storage: FileStorage, id: string): Promise<ImportColumnsResponse> {
  const row = await inScope((ctx) => getBatch(ctx, id));
  const sample = await sampleOf(storage, assertMappable(row));
  return inScope((ctx) => columnsFor(ctx, row, sample));
}

/** The merchant's mapping, checked against the file's header, kept on the batch and as the store's default. */
export async function chooseMapping(
  inScope: InScope<TenantCtx>,
  storage: FileStorage,
  id: string,
  body: ImportMappingBody,
): Promise<{ batch: ImportBatch; mapping: Record<string, ProductCsvField | null> }> {
  const row = await inScope((ctx) => getBatch(ctx, id));
  const { headers } = await sampleOf(storage, assertMappable(row));
  const chosen = mappingFromBody(headers, body);
  const saved = await inScope((ctx) => saveMapping(ctx, id, headers, chosen));
  return { batch: toImportBatch(saved), mapping: mappingRecord(chosen) };
}
