import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The public proposal page's data and deposit payment, no sign-in (issue 16). */
export const publicQuoteRoutes: FastifyPluginAsyncZod = async () => {};
