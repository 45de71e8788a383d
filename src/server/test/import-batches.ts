import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ImportBatch } from '../../shared/import-schemas';
import { call, DEMO_HOST } from './harness';

export const IMPORT_BATCHES = '/api/imports/products/batches';

/** A new import batch with this file uploaded (status uploaded), as the import page makes one. */
export async function uploadedBatch(app: FastifyInstance, csv: string | Buffer, cookie: string, host = DEMO_HOST): Promise<ImportBatch> {
  const created = await call(app, 'POST', IMPORT_BATCHES, { cookie, host, body: { filename: 'products.csv' } });
  expect(created.statusCode, created.body).toBe(201);
  const { batch, uploadPath } = created.json() as { batch: ImportBatch; uploadPath: string };
  const res = await app.inject({ method: 'PUT', url: uploadPath, headers: { host, cookie, 'content-type': 'text/csv' }, payload: csv });
  expect(res.statusCode, res.body).toBe(200);
  return batch;
}
