import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { sendCachedJson } from '../../catalogue';
import {
  PAGES_TEXT,
  adminPageListResponse,
  adminPageResponse,
  createPageBody,
  pageContentBody,
  publicPageResponse,
  sanitizePreviewBody,
  sanitizePreviewResponse,
} from '../../../../shared/pages';
import { PAGE_LIMITS } from '../../../../shared/page-templates';
import { sanitizeRichText } from './sanitize';
import * as service from './service';

const idParam = uuidParams('id', PAGES_TEXT.notFound);
const slugParam = z.strictObject({ slug: z.string().min(1).max(PAGE_LIMITS.slug, PAGES_TEXT.notFound) });

/**
 * Webstore > Pages (admin spec §7) for store managers, the staff preview of a draft, and the
 * storefront's read of a published page. Another store's page is the same 404 as a missing one. Every
 * write tells the storefront cache (catalogue.changed), so a publish shows at once.
 */
export const pageRoutes: FastifyPluginAsyncZod<{ starters: service.PageStarterHooks }> = async (app, { starters }) => {
  app.get('/api/admin/pages', { schema: { response: { 200: adminPageListResponse } } }, async (req) => ({
    pages: await asMemberWith(req, 'content', (ctx) => service.listPages(ctx)),
  }));

  app.post('/api/admin/pages', { schema: { body: createPageBody, response: { 201: adminPageResponse } } }, async (req, reply) => {
    const page = await asMemberWith(req, 'content', (ctx) => service.createPage(ctx, req.body, starters));
    return reply.status(201).send({ page });
  });

  app.get('/api/admin/pages/:id', { schema: { params: idParam, response: { 200: adminPageResponse } } }, async (req) => ({
    page: await asMemberWith(req, 'content', (ctx) => service.getPage(ctx, req.params.id)),
  }));

  app.put('/api/admin/pages/:id/content', { schema: { params: idParam, body: pageContentBody, response: { 200: adminPageResponse } } }, async (req) => ({
    page: await asMemberWith(req, 'content', (ctx) => service.saveDraft(ctx, req.params.id, req.body.content)),
  }));

  app.post('/api/admin/pages/:id/publish', { schema: { params: idParam, response: { 200: adminPageResponse } } }, async (req) => ({
    page: await asMemberWith(req, 'content', (ctx) => service.publishPage(ctx, req.params.id)),
  }));

  // The editor's live preview: rich text cleaned exactly as a save would clean it (nothing stored).
  app.post('/api/admin/pages/sanitize', { schema: { body: sanitizePreviewBody, response: { 200: sanitizePreviewResponse } } }, async (req) => {
    await asMemberWith(req, 'content', async () => undefined);
    return { html: sanitizeRichText(req.body.html) };
  });

  // The storefront's /pages/{slug}?preview: the draft, for signed-in store managers only.
  app.get('/api/admin/pages/by-slug/:slug/preview', { schema: { params: slugParam, response: { 200: publicPageResponse } } }, async (req, reply) => {
    const page = await asMemberWith(req, 'content', (ctx) => service.previewPage(ctx, req.params.slug));
    return reply.header('cache-control', 'no-store').send({ page });
  });

  // Public: published content only, cached with the catalogue; drafts and unknown slugs are 404.
  app.get('/api/pages/:slug', { config: { anonymous: true }, schema: { params: slugParam } }, async (req, reply) =>
    sendCachedJson(req, reply, `page:${req.params.slug}`, async (ctx) => ({ page: await service.publishedPage(ctx, req.params.slug) })),
  );
};
