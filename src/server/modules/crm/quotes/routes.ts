import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Quotes: list with revenue, get, create, update, delete (issue 16). */
export const quoteRoutes: FastifyPluginAsyncZod = async () => {};
