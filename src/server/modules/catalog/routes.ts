import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asStoreManager, inStore } from '../../http/guards';
import { parsePage, productListQuery, reviewBody } from '../../../shared/catalog';
import * as storefront from './storefront-service';
import * as reviews from './reviews-service';

const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });
const idParam = z.strictObject({ id: z.string().min(1).max(64) });

/** Storefront catalogue (storefront spec §7; paths the spec leaves open are ours) and review moderation. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', async (req) => inStore(req, async (ctx) => ({ categories: await storefront.categoryTree(ctx) })));

  app.get('/api/categories/:slug', { schema: { params: slugParam } }, async (req) =>
    inStore(req, async (ctx) => ({ category: await storefront.getCategory(ctx, req.params.slug) })),
  );

  app.get('/api/products', { schema: { querystring: productListQuery } }, async (req) => inStore(req, (ctx) => storefront.listProducts(ctx, req.query)));

  app.get('/api/products/by-slug/:slug', { schema: { params: slugParam } }, async (req, reply) => {
    const product = await inStore(req, (ctx) => storefront.getProduct(ctx, { slug: req.params.slug }));
    // Storefront spec §9: product data may be 30 s old.
    reply.header('cache-control', 'public, max-age=30');
    return { product };
  });

  app.get('/api/products/:id/related', { schema: { params: idParam } }, async (req) =>
    inStore(req, async (ctx) => ({ items: await storefront.relatedProducts(ctx, req.params.id) })),
  );

  app.get('/api/products/:id/reviews', { schema: { params: idParam } }, async (req) => inStore(req, (ctx) => reviews.listReviews(ctx, req.params.id)));

  app.post('/api/products/:id/reviews', { schema: { params: idParam, body: reviewBody } }, async (req, reply) => {
    const result = await inStore(req, (ctx) => reviews.submitReview(ctx, req.params.id, req.ip, req.body));
    return reply.status(201).send(result);
  });

  // Admin: Catalogue > Reviews moderation (store managers only).
  const moderationQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'), page: z.unknown().optional() });
  app.get('/api/admin/reviews', { schema: { querystring: moderationQuery } }, async (req) =>
    asStoreManager(req, (ctx) => reviews.listForModeration(ctx, req.query.status === 'all' ? null : req.query.status, parsePage(req.query.page), 20)),
  );

  const moderation = z.strictObject({ status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected' }) });
  app.patch('/api/admin/reviews/:id', { schema: { params: idParam, body: moderation } }, async (req) =>
    asStoreManager(req, (ctx) => reviews.moderate(ctx, req.params.id, req.body.status)),
  );
};
