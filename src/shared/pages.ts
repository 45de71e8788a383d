import { z } from 'zod';
import { PAGE_LIMITS, PAGE_MESSAGES, PAGE_SLUG_PATTERN, PAGE_TEMPLATE_KEYS, normalisePageSlug } from './page-templates';
import { PAGE_STARTER_KEYS } from './page-starters';
import type { PageContent } from './page-templates';

// Webstore > Pages (admin spec §2, §3 "Page", §5, §7). Admin-only: imports Zod, so the storefront must
// not import this file; it takes the public page type from page-types.ts (decision 004).

export type { PublicPage } from './page-types';

export const pageStatus = z.enum(['draft', 'published']);
export type PageStatus = z.infer<typeof pageStatus>;

/** A row of the pages list. */
export const adminPageSummary = z.object({
  id: z.string(),
  slug: z.string(),
  template_key: z.string(),
  status: pageStatus,
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** Published, and the draft has been saved since with something different. */
  has_unpublished_changes: z.boolean(),
});
export type AdminPageSummary = z.infer<typeof adminPageSummary>;

const contentValue = z.union([z.string(), z.boolean()]);

/** One page for the editor: the summary and the draft's slots (rich text as the server cleaned it). */
export const adminPage = adminPageSummary.extend({ content_draft: z.record(z.string(), contentValue) });
export type AdminPage = Omit<z.infer<typeof adminPage>, 'content_draft'> & { content_draft: PageContent };

export const adminPageListResponse = z.object({ pages: z.array(adminPageSummary) });
export const adminPageResponse = z.object({ page: adminPage });

export const pageSlugSchema = z
  .string()
  .transform(normalisePageSlug)
  .pipe(z.string().min(1, PAGE_MESSAGES.slugRequired).max(PAGE_LIMITS.slug, PAGE_MESSAGES.slugTooLong).regex(PAGE_SLUG_PATTERN, PAGE_MESSAGES.slugPattern));

/**
 * POST /api/admin/pages. The spec's {slug, template_key}, and (issue 27 item 7) a title the slug is
 * derived from when none is sent, and a starter that fills the page in for the store.
 */
export const createPageBody = z
  .strictObject({
    title: z.string().trim().max(PAGE_LIMITS.heroTitle, PAGE_MESSAGES.titleTooLong).optional(),
    slug: pageSlugSchema.optional(),
    template_key: z.enum(PAGE_TEMPLATE_KEYS, { error: PAGE_MESSAGES.templateUnknown }),
    starter: z.enum(PAGE_STARTER_KEYS, { error: PAGE_MESSAGES.starterUnknown }).optional(),
  })
  .superRefine((body, ctx) => {
    // The spec's slug stays required for a call that sends no title.
    if (!body.title && body.slug === undefined) ctx.addIssue({ code: 'custom', path: ['slug'], message: PAGE_MESSAGES.slugRequired });
    if (body.starter && !body.title) ctx.addIssue({ code: 'custom', path: ['title'], message: PAGE_MESSAGES.titleRequired });
  });
export type CreatePageBody = z.input<typeof createPageBody>;
export type CreatePageInput = z.output<typeof createPageBody>;

/**
 * PUT /api/admin/pages/{id}/content. The slots themselves are checked against the page's template
 * (validatePageContent); here only the shape and size: at most 20 keys of short names.
 */
export const pageContentBody = z.strictObject({
  content: z
    .record(z.string().max(40), z.union([z.string().max(20_000), z.boolean(), z.null()]))
    .refine((c) => Object.keys(c).length <= 20, 'Too many fields'),
});
export type PageContentBody = z.input<typeof pageContentBody>;

/** POST /api/admin/pages/sanitize: the editor's live preview of rich text, cleaned as a save would. */
export const sanitizePreviewBody = z.strictObject({ html: z.string().max(20_000) });
export const sanitizePreviewResponse = z.object({ html: z.string() });

export const publicPageResponse = z.object({
  page: z.object({
    slug: z.string(),
    template_key: z.string(),
    content: z.record(z.string(), contentValue),
    published_at: z.string().nullable(),
    preview: z.boolean(),
  }),
});

/** Admin spec §8. */
export const PAGES_TEXT = {
  loadListFailed: 'Failed to load pages',
  createFailed: 'Failed to create page',
  loadFailed: 'Failed to load page',
  saveFailed: 'Failed to save',
  publishFailed: 'Publish failed',
  created: 'Page created',
  saved: 'Draft saved',
  published: 'Page published',
  notFound: 'Page not found',
} as const;
