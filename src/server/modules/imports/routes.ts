import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { asMemberWith } from '../../http/guards';
import { uuidParams } from '../../http/params';
import { tenantKey } from '../../adapters/storage/storage';
import { storageUnavailable } from '../media';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../shared/imports';
import {
  createImportBatchResponse,
  createImportBatchSchema,
  importBatchListResponse,
  importBatchResponse,
  importColumnsResponse,
  importDryRunResponse,
  importMappingResponse,
  importMappingSchema,
  importErrorsQuery,
  importErrorsResponse,
  patchImportBatchSchema,
  processImportSchema,
} from '../../../shared/import-schemas';
import { IMPORT_ERRORS_PAGE_SIZE } from '../../../shared/imports';
import { pageOfRowErrors, rejectedLines } from './process/errors-repo';
import { rejectedRowsCsv } from './process/rejected-csv';
import { startProcessing } from './process/start';
import { existingSkus } from '../catalogue';
import { openCsv } from './csv/parse';
import { dryRun } from './dry-run';
import * as mapping from './mapping-service';
import * as service from './service';
import { productImportTemplate, TEMPLATE_FILENAME } from './template';
import { CsvUploadGuard, csvTooLarge } from './upload-guard';

const BATCHES = '/api/imports/products/batches';
const idParam = uuidParams('id', IMPORT_MESSAGES.notFound);
export const uploadPathOf = (id: string) => `${BATCHES}/${id}/file`;

/** What a CSV upload may declare: browsers send text/csv, or application/vnd.ms-excel on Windows. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];
const declaredType = (req: FastifyRequest) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/**
 * Product CSV import (admin spec §2, §7; issue 15): the import history, a batch created before its
 * file is sent, the file streamed to storage under tenants/<tenantId>/imports/, the browser's report
 * of a failed upload, and the sample template. Store managers only; another store's batch is the same
 * 404 as a missing one.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/imports/products/template.csv', async (req, reply) => {
    await asMemberWith(req, 'products', async () => undefined);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILENAME}"`)
      .header('cache-control', 'no-cache')
      .send(productImportTemplate());
  });

  app.get(BATCHES, { schema: { response: { 200: importBatchListResponse } } }, async (req) => ({
    batches: await asMemberWith(req, 'products', (ctx) => service.listBatches(ctx)),
  }));

  app.get(`${BATCHES}/:id`, { schema: { params: idParam, response: { 200: importBatchResponse } } }, async (req) => ({
    batch: service.toImportBatch(await asMemberWith(req, 'products', (ctx) => service.getBatch(ctx, req.params.id))),
  }));

  app.post(BATCHES, { schema: { body: createImportBatchSchema, response: { 201: createImportBatchResponse } } }, async (req, reply) => {
    const batch = await asMemberWith(req, 'products', (ctx) => service.createBatch(ctx, req.body.filename));
    return reply.status(201).send({ batch, uploadPath: uploadPathOf(batch.id) });
  });

  app.patch(`${BATCHES}/:id`, { schema: { params: idParam, body: patchImportBatchSchema, response: { 200: importBatchResponse } } }, async (req) => ({
    batch: await asMemberWith(req, 'products', (ctx) => service.failUpload(ctx, req.params.id)),
  }));

  // Map Fields (decision 024): the file's columns, sample values and the mapping to start from.
  app.get(`${BATCHES}/:id/columns`, { schema: { params: idParam, response: { 200: importColumnsResponse } } }, async (req) => {
    const row = await asMemberWith(req, 'products', (ctx) => service.getBatch(ctx, req.params.id));
    const sample = await mapping.sampleOf(app.deps.storage, mapping.assertMappable(row));
    return asMemberWith(req, 'products', (ctx) => mapping.columnsFor(ctx, row, sample));
  });

  app.put(`${BATCHES}/:id/mapping`, { schema: { params: idParam, body: importMappingSchema, response: { 200: importMappingResponse } } }, async (req) => {
    const row = await asMemberWith(req, 'products', (ctx) => service.getBatch(ctx, req.params.id));
    const { headers } = await mapping.sampleOf(app.deps.storage, mapping.assertMappable(row));
    const chosen = mapping.mappingFromBody(headers, req.body);
    const saved = await asMemberWith(req, 'products', (ctx) => mapping.saveMapping(ctx, req.params.id, headers, chosen));
    return { batch: service.toImportBatch(saved), mapping: service.mappingRecord(chosen) };
  });

  // The dry run reads the whole file in the request for now (streamed, at most the 50 MB upload);
  // the background job comes with processing. Nothing is written to the catalogue.
  app.post(`${BATCHES}/:id/dry-run`, { schema: { params: idParam, response: { 200: importDryRunResponse } } }, async (req) => {
    const { id } = req.params;
    const row = await asMemberWith(req, 'products', (ctx) => service.getBatch(ctx, id));
    const key = mapping.assertMappable(row);
    const chosen = row.mapping;
    if (row.status === 'uploaded' || !chosen) throw service.invalidTransition(IMPORT_MESSAGES.mapFirst);
    const stream = await mapping.openStored(app.deps.storage, key);
    let result;
    try {
      const csv = await openCsv(stream);
      try {
        if (csv.headers.length !== chosen.length) throw service.invalidTransition(IMPORT_MESSAGES.columnCount);
        result = await dryRun(csv.rows, csv.headers, chosen, (skus) => asMemberWith(req, 'products', (ctx) => existingSkus(ctx.tx, ctx.tenantId, skus)));
      } finally {
        csv.close();
      }
    } catch (err) {
      throw mapping.fileProblem(err);
    } finally {
      stream.destroy();
    }
    const checked = result;
    const saved = await asMemberWith(req, 'products', (ctx) => mapping.recordDryRun(ctx, id, chosen, checked));
    return { ...checked, batch: service.toImportBatch(saved) };
  });

  // Processing (decision 025): the batch becomes 'processing' and its job is queued; this instance
  // starts on it once that has committed (any other instance may take it over if this one stops).
  app.post(`${BATCHES}/:id/process`, { schema: { params: idParam, body: processImportSchema, response: { 202: importBatchResponse } } }, async (req, reply) => {
    const batch = await asMemberWith(req, 'products', async (ctx) => {
      const started = await startProcessing(ctx, req.params.id, req.body ?? {});
      ctx.afterCommit(() => app.jobs.kick());
      return started;
    });
    return reply.status(202).send({ batch });
  });

  // View Details: every rejected row and warning, a page at a time, in line order.
  app.get(`${BATCHES}/:id/errors`, { schema: { params: idParam, querystring: importErrorsQuery, response: { 200: importErrorsResponse } } }, async (req) =>
    asMemberWith(req, 'products', async (ctx) => {
      await service.getBatch(ctx, req.params.id);
      const { page } = req.query;
      const { rows, total, rejectedRows } = await pageOfRowErrors(ctx, req.params.id, page, IMPORT_ERRORS_PAGE_SIZE);
      return { errors: rows, total, rows_rejected: rejectedRows, page, pages: Math.max(1, Math.ceil(total / IMPORT_ERRORS_PAGE_SIZE)) };
    }),
  );

  // The rejected rows as a CSV to fix and upload again: the stored file streamed, its rejected lines kept.
  app.get(`${BATCHES}/:id/rejected.csv`, { schema: { params: idParam } }, async (req, reply) => {
    const { row, problems } = await asMemberWith(req, 'products', async (ctx) => ({ row: await service.getBatch(ctx, req.params.id), problems: await rejectedLines(ctx, req.params.id) }));
    if (problems.size === 0 || !row.storagePath) throw new AppError(404, 'not_found', IMPORT_MESSAGES.noRejectedRows);
    const stream = await mapping.openStored(app.deps.storage, row.storagePath);
    let csv;
    try {
      csv = await openCsv(stream);
    } catch (err) {
      stream.destroy();
      throw mapping.fileProblem(err);
    }
    const opened = csv;
    const body = Readable.from(rejectedRowsCsv(opened.headers, opened.rows, problems), { objectMode: false });
    body.on('close', () => {
      opened.close();
      stream.destroy();
    });
    body.on('error', (err) => req.log.error({ err }, 'rejected rows file failed part way'));
    const name = row.originalFilename.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-').slice(0, 100) || 'import';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-rejected-rows.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  await app.register(fileUploadRoute);
};

/**
 * PUT /api/imports/products/batches/{id}/file: the CSV itself is the request body. Its own plugin, so
 * its body parser (which hands the handler the stream, unread) and its limit apply to it alone.
 */
const uploadStreams = new WeakMap<FastifyRequest, Readable>();

const fileUploadRoute: FastifyPluginAsyncZod = async (app) => {
  // The body stays a stream, kept aside: as req.body the input guard would walk the stream object itself.
  app.addContentTypeParser(CSV_TYPES, (req, payload, done) => {
    uploadStreams.set(req, payload as Readable);
    done(null, undefined);
  });

  app.put(
    `${BATCHES}/:id/file`,
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: { params: idParam, response: { 200: importBatchResponse } },
      // Before any of the body is read: who may upload, what was declared, and how big it says it is.
      onRequest: async (req) => {
        await asMemberWith(req, 'products', async () => undefined);
        if (!CSV_TYPES.includes(declaredType(req))) {
          throw new AppError(415, 'unsupported_file_type', `${IMPORT_MESSAGES.notCsv}. Send the file itself as the request body, as text/csv.`, { file: IMPORT_MESSAGES.notCsv });
        }
        const length = req.headers['content-length'];
        if (length === undefined && req.headers['transfer-encoding'] !== undefined) throw new AppError(411, 'bad_request', 'Send the file with its length (Content-Length).');
        if (Number(length) > IMPORT_MAX_BYTES) throw csvTooLarge();
      },
    },
    async (req) => {
      const { id } = req.params;
      const row = await asMemberWith(req, 'products', (ctx) => service.getBatch(ctx, id));
      // No body at all (no length, not chunked): an empty file.
      const source = uploadStreams.get(req) ?? Readable.from([]);
      if (row.status !== 'uploading') {
        source.resume();
        throw service.invalidTransition(IMPORT_MESSAGES.alreadyUploaded);
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
      const { storage } = app.deps;
      const failed = async (err: unknown): Promise<never> => {
        await storage.delete(key).catch((cleanup: unknown) => req.log.warn({ err: cleanup, key }, 'removing a refused import file'));
        const refusal = err instanceof AppError ? err : null;
        if (!refusal) req.log.error({ err, key }, 'storing an import file failed');
        const error = refusal ? refusal.message : 'File storage failed while the file was being stored.';
        await asMemberWith(req, 'products', (ctx) => service.markUploadFailed(ctx, id, error)).catch((e: unknown) => req.log.warn({ err: e, id }, 'marking an import failed'));
        throw refusal ?? storageUnavailable(err);
      };
      const stored = await storage.putStream(key, guard, 'text/csv', Number(req.headers['content-length'] ?? 0)).catch(failed);
      const batch = await asMemberWith(req, 'products', (ctx) => service.markUploaded(ctx, id, key, stored.size));
      if (!batch) {
        await storage.delete(key).catch((err: unknown) => req.log.warn({ err, key }, 'removing an import file its batch no longer wants'));
        throw service.invalidTransition(IMPORT_MESSAGES.alreadyUploaded);
      }
      return { batch };
    },
  );
};
