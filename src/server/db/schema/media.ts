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

export const PICTURE_STATES = ['pending', 'done', 'failed'] as const;
export type PictureState = (typeof PICTURE_STATES)[number];

/**
 * A stored picture the storefront shows (an upload, an imported picture, a seeded one), and its
 * resized copies (decision 052). The copies are made once, by a background job, beside the original
 * (shared/pictures.ts names them); `widths` lists the widths made, each in AVIF and WebP, and is set
 * only when all of them are stored (state done). width and height are the original's pixel size, so
 * the storefront reserves the picture's space before it loads. The original is never changed.
 */
export const pictureVariants = pgTable(
  'picture_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The original's key in the storage adapter, and the URL pages show it by. */
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    state: text('state').$type<PictureState>().notNull().default('pending'),
    width: integer('width'),
    height: integer('height'),
    widths: integer('widths').array().notNull().default(sql`'{}'::integer[]`),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('picture_variants_tenant_key_uq').on(t.tenantId, t.storageKey),
    index('picture_variants_tenant_url_idx').on(t.tenantId, t.url),
    check('picture_variants_state_check', sql`state in ('pending', 'done', 'failed')`),
    check(
      'picture_variants_sizes_check',
      sql`length(storage_key) <= 300 and length(url) <= 2048 and (width is null or width between 1 and 100000) and (height is null or height between 1 and 100000) and cardinality(widths) <= 10 and (error is null or length(error) <= 500)`,
    ),
  ],
);
