import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors';
import { tenantOfKey } from './storage';

/**
 * GET /files/<key>: a store's public files, only on that store's own host, so one store's host never
 * serves another's files. Stored names are unique, so they are cached for a year. With S3-compatible
 * storage and no S3_PUBLIC_URL, this route is how files reach browsers (the bucket can stay private).
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/files/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!req.tenant || tenantOfKey(key) !== req.tenant.id) throw notFound('File not found');
    const file = await app.deps.storage.get(key);
    if (!file) throw notFound('File not found');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      // A stored SVG opened on its own must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .send(file.body);
  });
};
