import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { tenants } from './tenants';

// Tables of the media module (src/server/modules/media): the store's media library (issue 14).

/**
 * A file in the store's media library (admin spec §3 "Media"): every upload writes one. The file itself
 * is in the storage adapter under tenants/{tenantId}/media/ (storage_path is its key; url is where it
 * is served). A library row keeps its file alive: removing a product picture or a page image that uses
 * it never deletes the file; only deleting the library row does, and only when nothing uses it.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The name the file was uploaded with (shown and searched); never used as a storage key. */
    filename: text('filename').notNull(),
    storagePath: text('storage_path').notNull(),
    url: text('url').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    altText: text('alt_text'),
    metadataJson: jsonb('metadata_json').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_files_tenant_path_uq').on(t.tenantId, t.storagePath),
    index('media_files_tenant_url_idx').on(t.tenantId, t.url),
    index('media_files_tenant_created_idx').on(t.tenantId, t.createdAt),
    check(
      'media_files_sizes_check',
      sql`length(filename) between 1 and 255 and length(storage_path) <= 300 and length(url) <= 2048 and length(mime_type) <= 100 and file_size >= 0 and (alt_text is null or length(alt_text) <= 250) and length(metadata_json::text) <= 4000`,
    ),
  ],
);
