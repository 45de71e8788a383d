import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';
import type { ImportStats, ImportStatus } from '../../../shared/imports';

// import_batches is owned by the imports module (src/server/modules/imports). Issue 15.

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
  },
  (t) => [
    index('import_batches_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('import_batches_status_check', sql`status in ('uploading', 'uploaded', 'mapping', 'validating', 'ready', 'processing', 'succeeded', 'failed')`),
    check('import_batches_file_check', sql`status in ('uploading', 'failed') or (storage_path is not null and file_size is not null)`),
    check(
      'import_batches_sizes_check',
      sql`length(original_filename) between 1 and 255 and (storage_path is null or length(storage_path) <= 300) and (file_size is null or file_size >= 0) and (error is null or length(error) <= 2000) and jsonb_typeof(stats) = 'object'`,
    ),
  ],
);
