import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportDryRun, ImportResult, ImportStats, ImportStatus } from '../../../shared/imports';
import type { ProductCsvField } from '../../../shared/product-csv';
import { users } from './accounts';
import { tenants } from './tenants';

// Tables of the imports module (src/server/modules/imports): product CSV imports (issue 15).

/**
 * One product CSV import (admin spec §3 "Import batch"): the file a store manager uploaded (stored
 * under tenants/<tenantId>/imports/), its status through mapping and processing, and its row counts.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    originalFilename: text('original_filename').notNull(),
    storagePath: text('storage_path'),
    fileSize: bigint('file_size', { mode: 'number' }),
    status: text('status').$type<ImportStatus>().notNull().default('uploading'),
    stats: jsonb('stats').$type<ImportStats>().notNull().default(sql`'{"rows_total":0,"rows_ok":0,"rows_failed":0}'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    /** The field each file column feeds (index -> field or null), saved from Map Fields. */
    mapping: jsonb('mapping').$type<(ProductCsvField | null)[]>(),
    /** The last dry run's result: counts and the first errors. */
    dryRun: jsonb('dry_run').$type<ImportDryRun>(),
    /** What processing did so far: rows read, products created, updated, unchanged, pictures fetched. */
    result: jsonb('result').$type<ImportResult>(),
    /** When processing was started, and when it ended (succeeded or failed). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_batches_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('import_batches_status_check', sql`status in ('uploading', 'uploaded', 'mapping', 'validating', 'ready', 'processing', 'succeeded', 'failed')`),
    check('import_batches_file_check', sql`status in ('uploading', 'failed') or (storage_path is not null and file_size is not null)`),
    check(
      'import_batches_sizes_check',
      sql`length(original_filename) between 1 and 255 and (storage_path is null or length(storage_path) <= 300) and (file_size is null or file_size >= 0) and (error is null or length(error) <= 2000) and jsonb_typeof(stats) = 'object' and (mapping is null or jsonb_typeof(mapping) = 'array') and (dry_run is null or jsonb_typeof(dry_run) = 'object')`,
    ),
  ],
);

/**
 * A store's saved field mapping (issue 15 item 2): the field last chosen for a column header
 * (normalised as the automatic matching compares it), applied to the next file with that header.
 */
export const importFieldMappings = pgTable(
  'import_field_mappings',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    /** Null: the merchant chose "Don't import" for this header. */
    field: text('field').$type<ProductCsvField>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.headerKey] }),
    check('import_field_mappings_sizes_check', sql`length(header_key) between 1 and 200 and (field is null or length(field) <= 40)`),
  ],
);

/**
 * Every rejected row of a processed import (issue 15 item 3, View Details): one entry per problem, and
 * one for a row rejected only because another row of its product has a problem. Written in the same
 * transaction as the products of the same chunk, so a resumed import never writes one twice.
 */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').notNull().references(() => importBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /** Problems on the same line, in order. */
    seq: integer('seq').notNull(),
    columnName: text('column_name'),
    field: text('field'),
    message: text('message').notNull(),
    /** False for a warning on a row that was imported (a picture that could not be fetched). */
    rejected: boolean('rejected').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.line, t.seq] }),
    check('import_row_errors_sizes_check', sql`line >= 1 and seq >= 0 and (column_name is null or length(column_name) <= 300) and (field is null or length(field) <= 40) and length(message) between 1 and 1000`),
  ],
);
