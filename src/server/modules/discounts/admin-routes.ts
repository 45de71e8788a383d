import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith, asStoreManager } from '../../http/guards';
import { uuidParams } from '../../http/params';
import { parsePage } from '../../../shared/catalog';
import {
  adminDiscountListResponse,
  adminDiscountResponse,
  adminDiscountSwitchedOffResponse,
  DISCOUNT_MESSAGES,
  discountActiveBody,
  discountBody,
  discountListQuery,
} from '../../../shared/admin-discounts';
import * as service from './admin-service';

const idParam = uuidParams('id', DISCOUNT_MESSAGES.notFound);

/**
 * Admin > Discounts (issue 28 item 1). Every member who sees orders reads the codes and their
 * figures; owners and admins alone create, edit, switch off and delete them. Another store's code is
 * the same 404 as a missing one.
 */
export const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/discounts', { schema: { querystring: discountListQuery, response: { 200: adminDiscountListResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return asMemberWith(req, 'orders.view', (ctx) => service.listDiscounts(ctx, { q: req.query.q, status: req.query.status, page: parsePage(req.query.page) }));
  });

  app.get('/api/admin/discounts/:id', { schema: { params: idParam, response: { 200: adminDiscountResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { discount: await asMemberWith(req, 'orders.view', (ctx) => service.getDiscount(ctx, req.params.id)) };
  });

  app.post('/api/admin/discounts', { schema: { body: discountBody, response: { 201: adminDiscountResponse } } }, async (req, reply) => {
    const discount = await asStoreManager(req, (ctx) => service.createDiscount(ctx, req.body));
    return reply.status(201).send({ discount });
  });

  app.put('/api/admin/discounts/:id', { schema: { params: idParam, body: discountBody, response: { 200: adminDiscountResponse } } }, async (req) => ({
    discount: await asStoreManager(req, (ctx) => service.updateDiscount(ctx, req.params.id, req.body)),
  }));

  app.put('/api/admin/discounts/:id/active', { schema: { params: idParam, body: discountActiveBody, response: { 200: adminDiscountResponse } } }, async (req) => ({
    discount: await asStoreManager(req, (ctx) => service.setDiscountActive(ctx, req.params.id, req.body.is_active)),
  }));

  // 204 when it was deleted; a code a checkout took is switched off instead: 200 with the code.
  app.delete('/api/admin/discounts/:id', { schema: { params: idParam, response: { 200: adminDiscountSwitchedOffResponse, 204: z.null() } } }, async (req, reply) => {
    const kept = await asStoreManager(req, (ctx) => service.deleteDiscount(ctx, req.params.id));
    if (!kept) return reply.status(204).send(null);
    return reply.status(200).send({ discount: kept, switched_off: true as const });
  });
};
