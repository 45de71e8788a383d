import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import type { TenantCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import {
  addProductImageSchema,
  productImageListResponse,
  productImageResponse,
  productImagesResponse,
  reorderProductImagesSchema,
  updateProductImageSchema,
} from '../../../../shared/media-schemas';
import * as images from './product-images-service';
import { uuidParams } from '../../../http/params';

const productParam = uuidParams('id', 'Product not found');
const imageParam = productParam.extend(uuidParams('imageId', 'Image not found').shape);

/** The pictures of a product (admin spec §3 Product: product_images); uploads are the media module's. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A picture write: store managers only; catalogue.changed drops the storefront cache after the commit. */
  async function write<T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
    return asMemberWith(req, 'products', async (ctx) => {
      const result = await fn(ctx);
      ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
      return result;
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'storage_unavailable') req.log.error({ err: (err as { cause?: unknown }).cause }, 'file storage failed');
      throw err;
    });
  }

  const base = '/api/admin/products/:id/images';

  app.get(base, { schema: { params: productParam, response: { 200: productImagesResponse } } }, async (req) => asMemberWith(req, 'products', (ctx) => images.listProductImages(ctx, app.deps.storage, req.params.id)));

  app.post(base, { schema: { params: productParam, body: addProductImageSchema, response: { 201: productImageResponse } } }, async (req, reply) => {
    const image = await write(req, (ctx) => images.addProductImage(ctx, app.deps.storage, req.params.id, req.body));
    return reply.status(201).send({ image });
  });

  app.put(`${base}/order`, { schema: { params: productParam, body: reorderProductImagesSchema, response: { 200: productImageListResponse } } }, async (req) => ({
    images: await write(req, (ctx) => images.reorderProductImages(ctx, app.deps.storage, req.params.id, req.body.image_ids)),
  }));

  app.patch(`${base}/:imageId`, { schema: { params: imageParam, body: updateProductImageSchema, response: { 200: productImageResponse } } }, async (req) => ({
    image: await write(req, (ctx) => images.updateProductImage(ctx, app.deps.storage, req.params.id, req.params.imageId, req.body)),
  }));

  app.delete(`${base}/:imageId`, { schema: { params: imageParam } }, async (req, reply) => {
    const { storage } = app.deps;
    await write(req, async (ctx) => {
      const key = await images.deleteProductImage(ctx, storage, req.params.id, req.params.imageId);
      // After the commit, so a rolled-back delete never loses its file. A file left behind is only
      // wasted space; a failure here must not undo what the admin asked for.
      if (key) ctx.afterCommit(() => storage.delete(key).catch((err: unknown) => req.log.warn({ err, key }, 'deleting an unused picture file failed')));
    });
    return reply.status(204).send();
  });
};
