import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../http/guards';
import { uuidParams } from '../../http/params';
import { MEDIA_MESSAGES } from '../../../shared/media';
import { mediaFileResponse, mediaListQuery, mediaListResponse, updateMediaSchema } from '../../../shared/media-schemas';
import { uploadRoutes } from './upload-routes';
import * as service from './service';
import type { MediaUsageFinder } from './usages';
import { PICTURES } from './access';

export interface MediaLibraryOptions {
  usages: MediaUsageFinder[];
}

const idParam = uuidParams('id', MEDIA_MESSAGES.notFound);

/**
 * The media library (admin spec §2, §7 Media; issue 14 item 3): upload (POST /api/admin/media), list
 * with filename search and type filter, alt text, and delete. Store managers only; another store's
 * file is the same 404 as a missing one.
 */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<MediaLibraryOptions> = async (app, opts) => {
  await app.register(uploadRoutes);

  app.get('/api/admin/media', { schema: { querystring: mediaListQuery, response: { 200: mediaListResponse } } }, async (req) =>
    asMemberWith(req, PICTURES, (ctx) => service.listMedia(ctx, req.query)),
  );

  app.get('/api/admin/media/:id', { schema: { params: idParam, response: { 200: mediaFileResponse } } }, async (req) => ({
    media: await asMemberWith(req, PICTURES, (ctx) => service.getMedia(ctx, req.params.id)),
  }));

  app.patch('/api/admin/media/:id', { schema: { params: idParam, body: updateMediaSchema, response: { 200: mediaFileResponse } } }, async (req) => ({
    media: await asMemberWith(req, PICTURES, (ctx) => service.updateMediaAltText(ctx, req.params.id, req.body.alt_text)),
  }));

  /**
   * 204, or 409 { error, usages } naming every place that still shows the file. The stored file goes
   * only after the commit (DESIGN rule 10): a rolled-back delete keeps it; a file that fails to go is
   * wasted space and must not undo the delete.
   */
  app.delete('/api/admin/media/:id', { schema: { params: idParam } }, async (req, reply) => {
    const { storage } = app.deps;
    const outcome = await asMemberWith(req, PICTURES, async (ctx) => {
      const result = await service.deleteMedia(ctx, req.params.id, opts.usages);
      if (result.deleted && result.key) {
        // The original and its resized copies (decision 052).
        for (const key of [result.key, ...result.copies]) {
          ctx.afterCommit(() => storage.delete(key).catch((err: unknown) => req.log.warn({ err, key }, 'deleting a library file failed')));
        }
      }
      return result;
    });
    if (!outcome.deleted) {
      const message = service.inUseMessage(outcome.usages);
      return reply.status(409).send({ error: { code: 'media_in_use', message, fields: { file: message } }, usages: outcome.usages });
    }
    return reply.status(204).send();
  });
};
