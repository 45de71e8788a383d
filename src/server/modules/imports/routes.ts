import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InScope, TenantCtx } from '../../http/context';
import { AppError } from '../../http/errors';
import { asMemberWith } from '../../http/guards';
import { uuidParams } from '../../http/params';
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
import { errorsPage, rejectedRowsFile } from './process/results';
import { startProcessing } from './process/start';
import { checkBatch } from './dry-run-service';
import * as mapping from './mapping-service';
import * as service from './service';
import { productImportTemplate, TEMPLATE_FILENAME } from './template';
import { csvTooLarge } from './upload-guard';
import { receiveFile } from './upload-service';

const BATCHES = '/api/imports/products/batches';
const idParam = uuidParams('id', IMPORT_MESSAGES.notFound);
export const uploadPathOf = (id: string) => `${BATCHES}/${id}/file`;

/** What a CSV upload may declare: browsers send text/csv, or application/vnd.ms-excel on Windows. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];
const declaredType = (req: FastifyRequest) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
/** The store's products managers, a transaction at a time, for the services that read the file between two. */
const asProductsManager = (req: FastifyRequest): InScope<TenantCtx> => (fn) => asMemberWith(req, 'products', fn);

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
  app.get(`${BATCHES}/:id/columns`, { schema: { params: idParam, response: { 200: importColumnsResponse } } }, async (req) =>
    mapping.batchColumns(asProductsManager(req), app.deps.storage, req.params.id),
  );

  app.put(`${BATCHES}/:id/mapping`, { schema: { params: idParam, body: importMappingSchema, response: { 200: importMappingResponse } } }, async (req) =>
    mapping.chooseMapping(asProductsManager(req), app.deps.storage, req.params.id, req.body),
  );

  // The dry run reads the whole file in the request; nothing is written to the catalogue.
  app.post(`${BATCHES}/:id/dry-run`, { schema: { params: idParam, response: { 200: importDryRunResponse } } }, async (req) =>
    checkBatch(asProductsManager(req), { storage: app.deps.storage, importFetch: app.deps.config.importFetch }, req.params.id),
  );

  // Processing (decision 025): the batch becomes 'processing' and its job is queued; this instance
  // starts on it once that has committed (any other instance may take it over if this one stops).
  app.post(`${BATCHES}/:id/process`, { schema: { params: idParam, body: processImportSchema, response: { 202: importBatchResponse } } }, async (req, reply) => {
    const batch = await asMemberWith(req, 'products', (ctx) => startProcessing(ctx, app.jobs, req.params.id, req.body ?? {}));
    return reply.status(202).send({ batch });
  });

  // View Details: every rejected row and warning, a page at a time, in line order.
  app.get(`${BATCHES}/:id/errors`, { schema: { params: idParam, querystring: importErrorsQuery, response: { 200: importErrorsResponse } } }, async (req) =>
    asMemberWith(req, 'products', (ctx) => errorsPage(ctx, req.params.id, req.query.page)),
  );

  // The rejected rows as a CSV to fix and upload again: the stored file streamed, its rejected lines kept.
  app.get(`${BATCHES}/:id/rejected.csv`, { schema: { params: idParam } }, async (req, reply) => {
    const file = await rejectedRowsFile(asProductsManager(req), { storage: app.deps.storage, log: req.log }, req.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
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
      // No body at all (no length, not chunked): an empty file.
      const source = uploadStreams.get(req) ?? Readable.from([]);
      const deps = { storage: app.deps.storage, log: req.log };
      return { batch: await receiveFile(asProductsManager(req), deps, req.params.id, source, Number(req.headers['content-length'] ?? 0)) };
    },
  );
};
