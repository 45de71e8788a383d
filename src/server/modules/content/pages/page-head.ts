import type { FastifyRequest } from 'fastify';

/** The head (and status) of /pages/{slug}; null for any other path. */
export async function renderContentPageHead(_req: FastifyRequest, _html: string): Promise<{ html: string; status: number } | null> {
  return null;
}
