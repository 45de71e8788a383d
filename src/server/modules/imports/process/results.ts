import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { InScope, TenantCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import type { FileStorage } from '../../../adapters/storage/storage';
import { IMPORT_ERRORS_PAGE_SIZE, IMPORT_MESSAGES } from '../../../../shared/imports';
import type { ImportErrorsResponse } from '../../../../shared/import-schemas';
import { openCsv } from '../csv/parse';
import { fileProblem, openStored } from '../mapping-service';
import { getBatch } from '../service';
import { pageOfRowErrors, rejectedLines } from './errors-repo';
import { rejectedRowsCsv } from './rejected-csv';

// What an import left to fix (spec §7, View Details): its rejected rows and warnings, and the rejected
// rows as a CSV to correct and upload again.

/** Every rejected row and warning, a page at a time, in line order. */
export async function errorsPage(ctx: TenantCtx, id: string, page: number): Promise<ImportErrorsResponse> {
  await getBatch(ctx, id);
  const { rows, total, rejectedRows } = await pageOfRowErrors(ctx, id, page, IMPORT_ERRORS_PAGE_SIZE);
  return { errors: rows, total, rows_rejected: rejectedRows, page, pages: Math.max(1, Math.ceil(total / IMPORT_ERRORS_PAGE_SIZE)) };
}

export interface RejectedRowsDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * The rejected rows file: the stored CSV streamed, its rejected lines kept with their reasons, under
 * the name of the file it came from. The body streams after the answer starts, with no transaction
 * open; a batch without rejected rows (or without its file) has none: 404.
 */
export async function rejectedRowsFile(inScope: InScope<TenantCtx>, deps: RejectedRowsDeps, id: string): Promise<{ filename: string; body: Readable }> {
  const { row, problems } = await inScope(async (ctx) => ({ row: await getBatch(ctx, id), problems: await rejectedLines(ctx, id) }));
  if (problems.size === 0 || !row.storagePath) throw new AppError(404, 'not_found', IMPORT_MESSAGES.noRejectedRows);
  const stream = await openStored(deps.storage, row.storagePath);
  let csv;
  try {
    csv = await openCsv(stream);
  } catch (err) {
    stream.destroy();
    throw fileProblem(err);
  }
  const opened = csv;
  const body = Readable.from(rejectedRowsCsv(opened.headers, opened.rows, problems), { objectMode: false });
  body.on('close', () => {
    opened.close();
    stream.destroy();
  });
  body.on('error', (err) => deps.log.error({ err }, 'rejected rows file failed part way'));
  const name = row.originalFilename.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-').slice(0, 100) || 'import';
  return { filename: `${name}-rejected-rows.csv`, body };
}
