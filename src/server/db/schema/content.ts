import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { tenants } from './tenants';

// Tables of the content module (src/server/modules/content): the store's menu and pages (issue 14).

/**
 * A store's menu (admin spec §3 "Navigation menu"): one row per key ('primary'), its groups and their
 * items kept as one JSON document, because the editor saves the whole menu at once (PUT {key, groups})
 * and the storefront reads it whole. The shape is checked by the shared navigation rules before it is
 * written; targets are ids, resolved to links when the storefront reads the menu, so a renamed
 * category or product keeps its place.
 */
export const navigationMenus = pgTable(
  'navigation_menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    groups: jsonb('groups').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('navigation_menus_tenant_key_uq').on(t.tenantId, t.key),
    check('navigation_menus_sizes_check', sql`length(key) <= 32 and jsonb_typeof(groups) = 'array' and length(groups::text) <= 200000`),
  ],
);

/**
 * A content page (admin spec §3 "Page"): the slots of its template as JSON. Staff edit the draft;
 * publishing copies the draft to content_published, which is all the storefront ever reads, so a
 * draft never shows publicly and a published page keeps showing while its next draft is edited.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    templateKey: text('template_key').notNull(),
    status: text('status', { enum: ['draft', 'published'] }).notNull().default('draft'),
    contentDraft: jsonb('content_draft').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    contentPublished: jsonb('content_published').$type<Record<string, unknown>>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_pages_tenant_slug_uq').on(t.tenantId, t.slug),
    index('content_pages_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    check('content_pages_status_check', sql`status in ('draft', 'published')`),
    check('content_pages_published_check', sql`status = 'draft' or content_published is not null`),
    check(
      'content_pages_sizes_check',
      sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100 and length(template_key) <= 40 and length(content_draft::text) <= 100000 and (content_published is null or length(content_published::text) <= 100000)`,
    ),
  ],
);
