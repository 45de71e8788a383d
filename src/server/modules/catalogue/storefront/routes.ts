import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { productFilterQuery, productListQuery } from '../../../../shared/catalog-schemas';
import { SEARCH_MAX } from '../../../../shared/catalog';
import { SEARCH_RATE_LIMIT, SEARCH_TEXT, SUGGEST_RATE_LIMIT } from '../../../../shared/search';
import { AppError } from '../../../http/errors';
import * as storefront from './storefront-service';
import { sendCachedJson } from './catalogue-cache';

const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });
const idParam = z.strictObject({ id: z.string().min(1).max(64) });

/** A product list with a search in it (q present and not blank); plain lists are not counted. */
const isSearch = (req: FastifyRequest) => {
  const q = (req.query as { q?: unknown }).q;
  return q !== undefined && !(typeof q === 'string' && q.trim() === '');
};

/**
 * Searches per client address (req.ip; IPv6 by /64), counted in this process's memory: a coarse
 * per-route limit, as decision 001 allows, so a server of N instances lets an address N times the
 * budget (decision 008). Checked on arrival, before the catalogue cache: a script varying its search
 * to miss the cache is exactly what it stops. 429 with Retry-After, in the standard error body.
 */
const searchRateLimit = {
  max: SEARCH_RATE_LIMIT.max,
  timeWindow: SEARCH_RATE_LIMIT.windowSeconds * 1000,
  allowList: (req: FastifyRequest) => !isSearch(req),
  errorResponseBuilder: () => new AppError(429, 'rate_limited', SEARCH_TEXT.rateLimited),
};

/** Suggestions as a shopper types: a budget of their own per address, counted like searches. */
const suggestRateLimit = {
  max: SUGGEST_RATE_LIMIT.max,
  timeWindow: SUGGEST_RATE_LIMIT.windowSeconds * 1000,
  errorResponseBuilder: () => new AppError(429, 'rate_limited', SEARCH_TEXT.rateLimited),
};
const suggestQuery = z.object({ q: z.string().max(SEARCH_MAX, SEARCH_TEXT.tooLong).optional() });

/** Storefront catalogue (storefront spec §7; paths the spec leaves open are ours). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public catalogue reads go through the tenant's catalogue cache (catalogue-cache.ts): the same
  // answer for every shopper of the store, kept a few seconds, dropped when the catalogue changes. They
  // are anonymous: nobody's session is looked up for them.
  const anonymous = { anonymous: true };
  // Registered here, not globally: only the routes below that ask for a limit get one.
  await app.register(fastifyRateLimit, { global: false, addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false } });
  app.get('/api/categories', { config: anonymous }, async (req, reply) =>
    sendCachedJson(req, reply, 'categories', async (ctx) => ({ categories: await storefront.storefrontCategoryTree(ctx) })),
  );

  app.get('/api/categories/:slug', { config: anonymous, schema: { params: slugParam } }, async (req, reply) =>
    sendCachedJson(req, reply, `category:${req.params.slug}`, async (ctx) => ({ category: await storefront.getCategory(ctx, req.params.slug) })),
  );

  app.get('/api/products', { config: { ...anonymous, rateLimit: searchRateLimit }, schema: { querystring: productListQuery } }, async (req, reply) => {
    // Keyed by the parsed request, so tracking parameters and spellings of page 1 share one entry.
    const list = storefront.parseListQuery(req.query);
    return sendCachedJson(req, reply, `products:${JSON.stringify(list)}`, (ctx) => storefront.listProducts(ctx, list));
  });

  // Issue 27 item 8: what a category or search page can be filtered by, with counts. Cached like the list
  // it belongs to, and limited like a search when it carries one.
  app.get('/api/products/facets', { config: { ...anonymous, rateLimit: searchRateLimit }, schema: { querystring: productFilterQuery } }, async (req, reply) => {
    const facets = storefront.parseFacetQuery(req.query);
    return sendCachedJson(req, reply, `facets:${JSON.stringify(facets)}`, (ctx) => storefront.listFacets(ctx, facets));
  });

  // Issue 27 item 8: suggestions under the header's search box, cached per store and text like a list.
  app.get('/api/search/suggestions', { config: { ...anonymous, rateLimit: suggestRateLimit }, schema: { querystring: suggestQuery } }, async (req, reply) => {
    const q = (req.query.q ?? '').trim().toLocaleLowerCase('en-GB');
    return sendCachedJson(req, reply, `suggest:${q}`, (ctx) => storefront.suggest(ctx, q));
  });

  // Storefront spec §9: product data may be 30 s old, in the browser too.
  app.get('/api/products/by-slug/:slug', { config: anonymous, schema: { params: slugParam } }, async (req, reply) =>
    sendCachedJson(req, reply, `product:${req.params.slug}`, async (ctx) => ({ product: await storefront.getProduct(ctx, { slug: req.params.slug }) }), {
      'cache-control': 'public, max-age=30',
    }),
  );

  app.get('/api/products/:id/related', { config: anonymous, schema: { params: idParam } }, async (req, reply) =>
    sendCachedJson(req, reply, `related:${req.params.id}`, async (ctx) => ({ items: await storefront.relatedProducts(ctx, req.params.id) })),
  );
};
