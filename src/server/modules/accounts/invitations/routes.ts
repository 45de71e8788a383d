import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Client Access: members and invitations per store, and accepting a magic link (issue 16). */
export const invitationRoutes: FastifyPluginAsyncZod = async () => {};
