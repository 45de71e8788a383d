import type { FastifyRequest } from 'fastify';
import { renderPageHead } from '../catalogue';
import { renderContentPageHead } from './pages/page-head';
import { injectMenu } from './navigation/ssr-menu';
import { firstViewPage, servesFirstView, type ServedPage } from '../../http/first-view';

/**
 * The served index.html of a page route: its head (a content page's, or the catalogue's for every
 * other path) and, in a store, the page's first view rendered on the server (issue 29) where it is the
 * same for every visitor; elsewhere, or if that fails, the store's menu as links for crawlers.
 */
export async function renderStorePage(req: FastifyRequest, html: string, webDir: string | null = null): Promise<ServedPage> {
  const render = req.server.deps.firstView;
  const shared = Boolean(render) && servesFirstView(req);
  if (render && shared) {
    const page = await firstViewPage(req, html, render, (index) => renderHead(req, index), webDir);
    if (page) return page;
  }
  const page = await renderHead(req, html);
  const served = req.tenant ? { ...page, html: await injectMenu(req, page.html) } : page;
  // A page that could have had its first view but did not (renders busy, or one failed) says so.
  return shared ? { ...served, made: { how: 'bare' } } : served;
}

const renderHead = async (req: FastifyRequest, html: string) => (await renderContentPageHead(req, html)) ?? (await renderPageHead(req, html));

/** Page routes answered at once (spa.ts), besides the catalogue's. */
export const CONTENT_PAGE_ROUTES = ['/pages/:slug'];
