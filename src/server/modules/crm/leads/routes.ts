import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Leads: list, create, update, status, real-time events, Bark import (issue 16). */
export const leadRoutes: FastifyPluginAsyncZod = async () => {};
