import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith, inStore } from '../../http/guards';
import { uuidParams } from '../../http/params';
import { parsePage } from '../../../shared/catalog';
import { moderationPageResponse, reviewBody, reviewListResponse, reviewModeratedResponse, reviewModerationBody, reviewSubmittedResponse } from '../../../shared/catalog-schemas';
import * as reviews from './service';

const idParam = z.strictObject({ id: z.string().min(1).max(64) });
const moderationQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'), page: z.unknown().optional() });

/** Product reviews on the storefront, and their moderation (Catalogue > Reviews, store managers only). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products/:id/reviews', { schema: { params: idParam, response: { 200: reviewListResponse } } }, async (req) => inStore(req, (ctx) => reviews.listReviews(ctx, req.params.id)));

  app.post('/api/products/:id/reviews', { schema: { params: idParam, body: reviewBody, response: { 201: reviewSubmittedResponse } } }, async (req, reply) => {
    const result = await inStore(req, (ctx) => reviews.submitReview(ctx, req.params.id, req.ip, req.body));
    return reply.status(201).send(result);
  });

  app.get('/api/admin/reviews', { schema: { querystring: moderationQuery, response: { 200: moderationPageResponse } } }, async (req) =>
    asMemberWith(req, 'products', (ctx) => reviews.listForModeration(ctx, req.query.status === 'all' ? null : req.query.status, parsePage(req.query.page), 20)),
  );

  app.patch('/api/admin/reviews/:id', { schema: { params: uuidParams('id', 'Review not found'), body: reviewModerationBody, response: { 200: reviewModeratedResponse } } }, async (req) => {
    return asMemberWith(req, 'products', (ctx) => reviews.moderate(ctx, req.params.id, req.body.status));
  });
};
