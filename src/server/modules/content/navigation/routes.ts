import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { badRequest, fieldsFromIssues } from '../../../http/errors';
import { cachedStoreRead, searchProducts } from '../../catalogue';
import { NAV_SEARCH, adminSearchQuery, adminSearchResponse, firstMessage, navigationPutBody, navigationQuery } from '../../../../shared/navigation';
import * as service from './service';
import { searchPages } from './page-links';

/** The cache entry of a store's menu; the catalogue cache drops it on any catalogue or content write. */
export const storeMenuCacheKey = (key: string) => `navigation:${key}`;

/**
 * Admin spec §7 "Navigation and media": GET and PUT /api/admin/navigation (store managers; staff 403),
 * the link pickers' search (GET /api/admin/search?type=product|page), and the storefront's public read
 * of the menu with its links resolved (GET /api/navigation?key=primary), served from the catalogue cache.
 */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/navigation', { schema: { querystring: navigationQuery } }, async (req) => asMemberWith(req, 'content', (ctx) => service.adminMenu(ctx, req.query.key)));

  // Checked here rather than by the route schema, so the answer's message is the first rule broken
  // (the editor shows it in its toast) and every field carries the spec's own words.
  app.put('/api/admin/navigation', async (req) => {
    const parsed = navigationPutBody.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      throw badRequest(firstMessage(fields) ?? 'Some fields are missing or invalid.', fields);
    }
    return asMemberWith(req, 'content', (ctx) => service.saveMenu(ctx, parsed.data));
  });

  app.get('/api/admin/search', { schema: { querystring: adminSearchQuery, response: { 200: adminSearchResponse } } }, async (req) =>
    asMemberWith(req, 'content', async (ctx) => {
      const { type, q, limit } = req.query;
      if (type === 'page') return { items: await searchPages(ctx, q, limit ?? NAV_SEARCH.pageLimit) };
      return searchProducts(ctx, q, limit ?? NAV_SEARCH.productLimit);
    }),
  );

  app.get('/api/navigation', { config: { anonymous: true }, schema: { querystring: navigationQuery } }, async (req) => ({
    menu: await cachedStoreRead(req, storeMenuCacheKey(req.query.key), (ctx) => service.storeMenu(ctx, req.query.key)),
  }));
};
