import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin pages (list, create, edit, publish) and the storefront's published page read (issue 14 item 2). */
export const pageRoutes: FastifyPluginAsyncZod = async () => {};
