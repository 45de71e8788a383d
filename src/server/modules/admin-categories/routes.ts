import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asStoreManager } from '../../http/guards';
import { categoryListQuery, createCategoryBody, updateCategoryBody } from '../../../shared/admin-categories';
import * as service from './service';

const idParam = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * Admin > Catalogue > Categories (admin spec §7): store managers only; staff get 403, another store's
 * category the same 404 as a missing one. Every write clears the tenant's storefront catalogue cache
 * once its transaction has committed, so the shop's navigation shows the change at once.
 */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/categories', { schema: { querystring: categoryListQuery } }, async (req) =>
    asStoreManager(req, async (ctx) =>
      req.query.tree === 'true'
        ? { categories: await service.categoryTree(ctx, req.query.depth === '1' ? 1 : 2) }
        : { categories: await service.listCategories(ctx) },
    ),
  );

  app.post('/api/admin/categories', { schema: { body: createCategoryBody } }, async (req, reply) => {
    const { category, tenantId } = await asStoreManager(req, async (ctx) => ({ category: await service.createCategory(ctx, req.body), tenantId: ctx.tenantId }));
    app.deps.catalogueCache.invalidate(tenantId);
    return reply.status(201).send({ category });
  });

  app.put('/api/admin/categories/:id', { schema: { params: idParam, body: updateCategoryBody } }, async (req) => {
    const { category, tenantId } = await asStoreManager(req, async (ctx) => ({
      category: await service.updateCategory(ctx, req.params.id, req.body),
      tenantId: ctx.tenantId,
    }));
    app.deps.catalogueCache.invalidate(tenantId);
    return { category };
  });

  app.delete('/api/admin/categories/:id', { schema: { params: idParam } }, async (req, reply) => {
    const tenantId = await asStoreManager(req, async (ctx) => {
      await service.deleteCategory(ctx, req.params.id);
      return ctx.tenantId;
    });
    app.deps.catalogueCache.invalidate(tenantId);
    return reply.status(204).send();
  });
};
