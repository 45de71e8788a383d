import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaUsageFinder } from './usages';

export interface MediaLibraryOptions {
  usages: MediaUsageFinder[];
}

/** The media library: upload (POST /api/admin/media), list, alt text and delete (issue 14 item 3). */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<MediaLibraryOptions> = async () => {};
