import type { FastifyRequest } from 'fastify';
import { renderPageHead } from '../catalogue';
import { renderContentPageHead } from './pages/page-head';
import { injectMenu } from './navigation/ssr-menu';

/**
 * The served index.html of a page route: its head (a content page's, or the catalogue's for every
 * other path) and, in a store, the store's menu as links for crawlers.
 */
export async function renderStorePage(req: FastifyRequest, html: string): Promise<{ html: string; status: number }> {
  const page = (await renderContentPageHead(req, html)) ?? (await renderPageHead(req, html));
  return req.tenant ? { ...page, html: await injectMenu(req, page.html) } : page;
}

/** Page routes answered at once (spa.ts), besides the catalogue's. */
export const CONTENT_PAGE_ROUTES = ['/pages/:slug'];
