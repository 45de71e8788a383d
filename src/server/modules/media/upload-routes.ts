import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTenantId, asMemberWith } from '../../http/guards';
import { AppError, badRequest } from '../../http/errors';
import { mediaPrefix } from '../../adapters/storage/storage';
import { detectUploadType, MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_MESSAGES, uploadRefusal, type UploadedFile } from '../../../shared/media';
import { uploadQuerySchema, uploadResponse } from '../../../shared/media-schemas';
import { storageUnavailable } from './storage-errors';
import { recordUpload } from './service';
import { PICTURES } from './access';

const tooLarge = () => new AppError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
const wrongType = (message: string) => new AppError(415, 'unsupported_file_type', message, { file: message });

/** The raw body types an upload may declare; the real type is read from the bytes anyway. */
const UPLOAD_TYPE = /^(image\/[a-z0-9.+-]+|application\/octet-stream|application\/pdf)\s*(;|$)/i;

/**
 * POST /api/admin/media?filename=...&kind=all|images: the file itself is the request body (no
 * multipart parser is installed), Content-Type image/*, application/pdf or application/octet-stream.
 * The bytes decide what it is: a picture, or (kind all, the default) a PDF document (decision 020).
 * Stores it under tenants/{tenantId}/media/ with a server-made name and writes its library row.
 * Answers 201 { file, media, filename? }. Registered as its own plugin so its body parser and limit
 * apply to this route only.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads the body up to the limit and stops there: a larger body answers 413 with the upload's own
  // message (also when no Content-Length was sent), without holding more than the limit in memory.
  const readLimited = (_req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        payload.removeAllListeners('data');
        payload.resume(); // drain the rest so the reply can be sent
        return finish(tooLarge());
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (err: Error) => finish(err));
  };
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, readLimited);
  app.addContentTypeParser('application/octet-stream', readLimited);
  app.addContentTypeParser('application/pdf', readLimited);

  app.post(
    '/api/admin/media',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      schema: { querystring: uploadQuerySchema, response: { 201: uploadResponse } },
      // Before the body is read: who may upload, what was declared and how big it says it is.
      onRequest: async (req) => {
        await asMemberWith(req, PICTURES, async () => undefined);
        const type = req.headers['content-type'];
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > MAX_UPLOAD_BYTES) throw tooLarge();
        const imagesOnly = (req.query as { kind?: unknown } | undefined)?.kind === 'images';
        if (type !== undefined && (!UPLOAD_TYPE.test(type) || (imagesOnly && /^application\/pdf/i.test(type)))) {
          const refusal = imagesOnly ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.unsupported;
          throw wrongType(/^image\/svg/i.test(type) ? UPLOAD_MESSAGES.svg : `${refusal} Send the file itself as the request body with its own Content-Type.`);
        }
      },
    },
    async (req, reply) => {
      const tenantId = adminTenantId(req)!;
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (body.length === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
      const type = detectUploadType(body, req.query.kind);
      if (!type) throw wrongType(uploadRefusal(body, req.query.kind));
      const key = `${mediaPrefix(tenantId)}${randomUUID()}.${type}`;
      const contentType = UPLOAD_CONTENT_TYPES[type];
      const { storage } = app.deps;
      let url: string;
      try {
        url = await storage.put(key, body, contentType);
      } catch (err) {
        req.log.error({ err, key }, 'storing an upload failed');
        throw storageUnavailable(err);
      }
      const file: UploadedFile = { key, url, content_type: contentType, size: body.length };
      // The file is stored before its row is written (a slow upload holds no transaction open); a row
      // that fails to be written takes the file with it, so no file is left that the library cannot show.
      const media = await asMemberWith(req, PICTURES, (ctx) => recordUpload(ctx, { key, url, contentType, size: body.length, originalName: req.query.filename })).catch(async (err: unknown) => {
        await storage.delete(key).catch((cleanup: unknown) => req.log.warn({ err: cleanup, key }, 'removing an upload whose library row failed'));
        throw err;
      });
      // The picture's resized copies were queued with its row: start on them now (decision 052).
      app.jobs.kick();
      return reply.status(201).send({ file, media, ...(req.query.filename ? { filename: req.query.filename } : {}) });
    },
  );
};
