import type { FastifyRequest } from 'fastify';

/** The store's menu as plain links in the served page, for crawlers that run no JavaScript. */
export async function injectMenu(_req: FastifyRequest, html: string): Promise<string> {
  return html;
}
