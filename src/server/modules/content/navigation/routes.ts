import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET and PUT /api/admin/navigation, and the storefront's menu read (issue 14 item 1). */
export const navigationRoutes: FastifyPluginAsyncZod = async () => {};
