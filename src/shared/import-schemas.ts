import { z } from 'zod';
import { IMPORT_FILENAME_MAX, IMPORT_MESSAGES, IMPORT_STATUSES, isCsvName } from './imports';

/** POST /api/imports/products/batches */
export const createImportBatchSchema = z.strictObject({
  filename: z
    .string({ error: 'Send the file name' })
    .trim()
    .min(1, 'Send the file name')
    .max(IMPORT_FILENAME_MAX, `The file name must be at most ${IMPORT_FILENAME_MAX} characters`)
    .refine(isCsvName, IMPORT_MESSAGES.notCsv),
});

/** PATCH /api/imports/products/batches/{id}: the browser reports a failed upload (spec §4). */
export const patchImportBatchSchema = z.strictObject({
  status: z.literal('failed', { error: 'Status must be failed' }),
});

export const importStatsSchema = z.object({
  rows_total: z.number().int(),
  rows_ok: z.number().int(),
  rows_failed: z.number().int(),
});

export const importBatchSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  file_size: z.number().int().nullable(),
  stats: importStatsSchema,
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importBatchListResponse = z.object({ batches: z.array(importBatchSchema) });
export const importBatchResponse = z.object({ batch: importBatchSchema });
export const createImportBatchResponse = z.object({ batch: importBatchSchema, uploadPath: z.string() });
