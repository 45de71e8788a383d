import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors';
import { tenantOfKey } from './storage';

/** Shown in place; the stored name is server-made ([a-z0-9._-]), so it needs no escaping in the header. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml']);
const isInlinePicture = (type: string) => INLINE.has(type);

/**
 * GET /files/<key>: a store's public files, only on that store's own host, so one store's host never
 * serves another's files. Stored names are unique, so they are cached for a year. With S3-compatible
 * storage and no S3_PUBLIC_URL, this route is how files reach browsers (the bucket can stay private).
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/files/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!req.tenant || tenantOfKey(key) !== req.tenant.id) throw notFound('File not found');
    // Import files (product CSVs) are private to the store's admin: never served publicly.
    if (/^(?:tenants\/)?[^/]+\/imports\//.test(key)) throw notFound('File not found');
    const file = await app.deps.storage.get(key);
    if (!file) throw notFound('File not found');
    const name = key.slice(key.lastIndexOf('/') + 1);
    return (
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // The browser takes the type we send and never guesses another from the bytes.
        .header('x-content-type-options', 'nosniff')
        // A stored SVG opened on its own must not run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        // Only pictures are shown in place. A PDF (or anything else) is downloaded, never rendered on
        // the store's origin, where a viewer could run its scripts or forms (decision 020).
        .header('content-disposition', isInlinePicture(file.contentType) ? `inline; filename="${name}"` : `attachment; filename="${name}"`)
        .send(file.body)
    );
  });
};
