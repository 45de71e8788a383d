import { z } from 'zod';
import { IMPORT_FILENAME_MAX, IMPORT_MESSAGES, IMPORT_STATUSES, isCsvName } from './imports';
import { PRODUCT_CSV_COLUMNS, type ProductCsvField } from './product-csv';

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

export const importRowErrorSchema = z.object({ line: z.number().int(), column: z.string().nullable(), field: z.string().nullable(), message: z.string() });

/** What a dry run found (decision 024). */
export const importDryRunSchema = z.object({
  summary: z.object({ rows_total: z.number().int(), products_to_create: z.number().int(), products_to_update: z.number().int(), rows_rejected: z.number().int() }),
  errors: z.array(importRowErrorSchema),
  errors_total: z.number().int(),
  checked_at: z.string(),
  pictures: z.object({ listed: z.number().int(), checked: z.number().int(), failed: z.array(z.object({ line: z.number().int(), url: z.string(), message: z.string() })) }).optional(),
  examples: z.object({ count: z.number().int(), names: z.array(z.string()) }).optional(),
});
export type ImportDryRunResult = z.infer<typeof importDryRunSchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  file_size: z.number().int().nullable(),
  stats: importStatsSchema,
  error: z.string().nullable(),
  /** The field mapping saved for this batch (column index -> field or null), once Map Fields is saved. */
  mapping: z.record(z.string(), z.string().nullable()).nullable(),
  /** The last dry run's result, if the file was checked. */
  dry_run: importDryRunSchema.nullable(),
  /** Processing's progress and counts, once it has started. */
  result: z
    .object({
      rows_done: z.number().int(),
      products_created: z.number().int(),
      products_updated: z.number().int(),
      products_unchanged: z.number().int(),
      images_saved: z.number().int(),
      images_failed: z.number().int(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When processing started and ended; null before. */
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importBatchListResponse = z.object({ batches: z.array(importBatchSchema) });
export const importBatchResponse = z.object({ batch: importBatchSchema });
export const createImportBatchResponse = z.object({ batch: importBatchSchema, uploadPath: z.string() });

// Map Fields and the dry run (issue 15 items 2-3, decision 024).

const fieldNames = PRODUCT_CSV_COLUMNS.map((c) => c.field) as [ProductCsvField, ...ProductCsvField[]];
export const productCsvFieldSchema = z.enum(fieldNames, { error: 'Choose a product field from the list' });

/** A column index as a JSON key ("0" .. "199"). */
const columnKey = z.string().regex(/^(0|[1-9]\d{0,2})$/, 'Column numbers start at 0');

/** PUT /api/imports/products/batches/{id}/mapping: the field each column feeds, or null to leave it out. */
export const importMappingSchema = z.strictObject({
  mapping: z.record(columnKey, productCsvFieldSchema.nullable(), { error: 'Send the mapping as an object of column number to field' }),
});
export type ImportMappingBody = z.infer<typeof importMappingSchema>;

export const importColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  /** The first non-empty values in this column (at most 3). */
  samples: z.array(z.string()),
  /** The field the header matches by name, or null. */
  suggested_field: productCsvFieldSchema.nullable(),
  /** The field this store chose last time for a column with this header (undefined when never chosen). */
  saved_field: productCsvFieldSchema.nullable().optional(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const importFieldSchema = z.object({ field: productCsvFieldSchema, header: z.string(), hint: z.string(), required: z.boolean() });
export type ImportField = z.infer<typeof importFieldSchema>;

export const importMappingRecordSchema = z.record(z.string(), productCsvFieldSchema.nullable());

export const importColumnsResponse = z.object({
  columns: z.array(importColumnSchema),
  fields: z.array(importFieldSchema),
  mapping: importMappingRecordSchema,
  /** Where the mapping came from: this batch's saved one, or the store's defaults and header names. */
  mapping_source: z.enum(['batch', 'store']),
});
export type ImportColumnsResponse = z.infer<typeof importColumnsResponse>;


export const importDryRunResponse = importDryRunSchema.extend({ batch: importBatchSchema });
export const importMappingResponse = z.object({ batch: importBatchSchema, mapping: importMappingRecordSchema });

// Processing and View Details (issue 15 item 3, decision 025).

/** POST /api/imports/products/batches/{id}/process: start the import. */
export const processImportSchema = z.strictObject({
  /** Needed when the last check rejected rows: import the valid products and skip those rows. */
  skip_rejected: z.boolean({ error: 'skip_rejected must be true or false' }).optional(),
});
export type ProcessImportBody = z.infer<typeof processImportSchema>;

/** GET /api/imports/products/batches/{id}/errors?page= */
export const importErrorsQuery = z.strictObject({
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page starts at 1').max(100_000, 'Page is too large').default(1),
});
export const importErrorsResponse = z.object({
  /** rejected: false for a warning on a row that was imported (a picture that could not be fetched). */
  errors: z.array(importRowErrorSchema.extend({ rejected: z.boolean() })),
  /** Problems listed across all pages. */
  total: z.number().int(),
  /** Rows rejected (a row may have several problems). */
  rows_rejected: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ImportErrorsResponse = z.infer<typeof importErrorsResponse>;
