import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TenantCtx } from '../../../http/context';
import { asMemberWith } from '../../../http/guards';
import { badRequest, fieldsFromIssues } from '../../../http/errors';
import { adminProductListResponse, adminProductResponse, featureBody, productBody, productListQuery, trackingBody } from '../../../../shared/admin-products';
import { unusedUploadKeys } from '../media/product-images-service';
import * as service from './service';
import { uuidParams } from '../../../http/params';
import { exportRoutes } from '../export/routes';

const idParam = uuidParams('id', 'Product not found');

/**
 * A catalogue write as a store manager. It tells catalogue.changed on its unit of work, so once the
 * transaction has committed the tenant's cached storefront answers are dropped (on every instance).
 */
async function catalogueWrite<T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  try {
    return await asMemberWith(req, 'products', async (ctx) => {
      const result = await fn(ctx);
      ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
      return result;
    });
  } catch (error) {
    throw service.uniqueViolationError(error) ?? error;
  }
}

/** A body checked against a schema by hand (PUT takes one of two shapes), answered like route validation. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest('Some fields are missing or invalid.', fieldsFromIssues(parsed.error.issues));
  return parsed.data;
}

/** Admin spec §7 "Catalogue": the products list, the product form and the list's toggles. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/products/export.csv (issue 15): the catalogue as CSV in the import's columns.
  await app.register(exportRoutes);

  app.get('/api/admin/products', { schema: { querystring: productListQuery, response: { 200: adminProductListResponse } } }, async (req) => asMemberWith(req, 'products', (ctx) => service.listProducts(ctx, req.query)));

  app.get('/api/admin/products/:id', { schema: { params: idParam, response: { 200: adminProductResponse } } }, async (req) =>
    asMemberWith(req, 'products', async (ctx) => ({ product: await service.getProduct(ctx, req.params.id) })),
  );

  app.post('/api/admin/products', { schema: { body: productBody, response: { 201: adminProductResponse } } }, async (req, reply) => {
    const product = await catalogueWrite(req, (ctx) => service.createProduct(ctx, app.deps.storage, req.body));
    return reply.status(201).send({ product });
  });

  // The whole form, or only { track_inventory } from the list's switch (spec §7 names both on this path).
  app.put('/api/admin/products/:id', { schema: { params: idParam, body: z.record(z.string(), z.unknown(), { error: 'Send the product as a JSON object' }), response: { 200: adminProductResponse } } }, async (req) => {
    const keys = Object.keys(req.body);
    if (keys.length === 1 && keys[0] === 'track_inventory') {
      const { track_inventory } = parseBody(trackingBody, req.body);
      return { product: await catalogueWrite(req, (ctx) => service.setTracking(ctx, req.params.id, track_inventory)) };
    }
    const body = parseBody(productBody, req.body);
    return { product: await catalogueWrite(req, (ctx) => service.updateProduct(ctx, req.params.id, body)) };
  });

  app.put('/api/admin/products/:id/feature', { schema: { params: idParam, body: featureBody, response: { 200: adminProductResponse } } }, async (req) => ({
    product: await catalogueWrite(req, (ctx) => service.setFeatured(ctx, req.params.id, req.body.is_featured)),
  }));

  app.delete('/api/admin/products/:id', { schema: { params: idParam } }, async (req, reply) => {
    const { storage } = app.deps;
    await catalogueWrite(req, async (ctx) => {
      const keys = await unusedUploadKeys(ctx, storage, (await service.deleteProduct(ctx, req.params.id)).imageUrls);
      // After the commit, as for one picture: a rolled-back delete keeps its files; a file that fails
      // to go is only wasted space and must not undo the delete.
      for (const key of keys) ctx.afterCommit(() => storage.delete(key).catch((err: unknown) => req.log.warn({ err, key }, 'deleting a deleted product’s picture file failed')));
    });
    return reply.status(204).send();
  });
};
