import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { adminCategoryListResponse, adminCategoryResponse, categoryListQuery, createCategoryBody, updateCategoryBody } from '../../../../shared/admin-categories';
import * as service from './service';
import { uuidParams } from '../../../http/params';

const idParam = uuidParams('id', 'Category not found');

/**
 * Admin > Catalogue > Categories (admin spec §7): store managers only; staff get 403, another store's
 * category the same 404 as a missing one. Every write clears the tenant's storefront catalogue cache
 * once its transaction has committed, so the shop's navigation shows the change at once.
 */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/categories', { schema: { querystring: categoryListQuery, response: { 200: adminCategoryListResponse } } }, async (req) =>
    asMemberWith(req, 'products', async (ctx) =>
      req.query.tree === 'true'
        ? { categories: await service.categoryTree(ctx, req.query.depth === '1' ? 1 : 2) }
        : { categories: await service.listCategories(ctx) },
    ),
  );

  app.post('/api/admin/categories', { schema: { body: createCategoryBody, response: { 201: adminCategoryResponse } } }, async (req, reply) => {
    const category = await asMemberWith(req, 'products', (ctx) => service.createCategory(ctx, req.body));
    return reply.status(201).send({ category });
  });

  app.put('/api/admin/categories/:id', { schema: { params: idParam, body: updateCategoryBody, response: { 200: adminCategoryResponse } } }, async (req) => {
    const category = await asMemberWith(req, 'products', (ctx) => service.updateCategory(ctx, req.params.id, req.body));
    return { category };
  });

  app.delete('/api/admin/categories/:id', { schema: { params: idParam } }, async (req, reply) => {
    await asMemberWith(req, 'products', (ctx) => service.deleteCategory(ctx, req.params.id));
    return reply.status(204).send();
  });
};
