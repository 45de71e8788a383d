import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import {
  adminShippingMethodListResponse,
  adminShippingMethodResponse,
  SHIPPING_MESSAGES,
  shippingActiveBody,
  shippingMethodBody,
  shippingOrderBody,
} from '../../../../shared/admin-shipping';
import * as service from './service';

const idParam = uuidParams('id', SHIPPING_MESSAGES.notFound);

/**
 * Settings > Shipping (issue 13 item 5): the store's delivery options, which checkout offers (GET
 * /api/shipping-methods lists the active ones). Store managers only: staff 403, another store's
 * option the same 404 as a missing one, nobody signed in 401.
 */
export const adminShippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/shipping-methods', { schema: { response: { 200: adminShippingMethodListResponse } } }, async (req) => ({
    shipping_methods: await asMemberWith(req, 'settings', (ctx) => service.listMethods(ctx)),
  }));

  app.post('/api/admin/shipping-methods', { schema: { body: shippingMethodBody, response: { 201: adminShippingMethodResponse } } }, async (req, reply) => {
    const method = await asMemberWith(req, 'settings', (ctx) => service.createMethod(ctx, req.body));
    return reply.status(201).send({ shipping_method: method });
  });

  // Registered before /:id routes so "order" is never read as an id.
  app.put('/api/admin/shipping-methods/order', { schema: { body: shippingOrderBody, response: { 200: adminShippingMethodListResponse } } }, async (req) => ({
    shipping_methods: await asMemberWith(req, 'settings', (ctx) => service.reorderMethods(ctx, req.body.ids)),
  }));

  app.put('/api/admin/shipping-methods/:id', { schema: { params: idParam, body: shippingMethodBody, response: { 200: adminShippingMethodResponse } } }, async (req) => ({
    shipping_method: await asMemberWith(req, 'settings', (ctx) => service.updateMethod(ctx, req.params.id, req.body)),
  }));

  app.put('/api/admin/shipping-methods/:id/active', { schema: { params: idParam, body: shippingActiveBody, response: { 200: adminShippingMethodResponse } } }, async (req) => ({
    shipping_method: await asMemberWith(req, 'settings', (ctx) => service.setActive(ctx, req.params.id, req.body.is_active)),
  }));

  app.delete('/api/admin/shipping-methods/:id', { schema: { params: idParam } }, async (req, reply) => {
    await asMemberWith(req, 'settings', (ctx) => service.deleteMethod(ctx, req.params.id));
    return reply.status(204).send();
  });
};
