import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cachedStoreRead } from '../storefront/catalogue-cache';
import { inStore } from '../../../http/guards';
import type { StoreCtx } from '../../../http/context';
import { escapeHtml } from '../../../../shared/html-escape';
import { injectHead } from './html';
import { promiseSentence } from '../../../../shared/promise-sentence';
import { isStorePagePath } from '../../../../shared/store-paths';
import { isCataloguePage, platformMeta, sitemapPaths, storeMeta, storePageMeta } from './seo-service';

/**
 * The origin pages are addressed by: the store's own matched domain (or the configured platform host),
 * never the raw Host header, so a forged Host cannot plant links in canonical tags or the sitemap.
 */
export function originOf(req: FastifyRequest): string {
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  const host = req.tenant?.domain ?? req.server.deps.config.platformHost;
  return `${req.protocol}://${host}${port ? `:${port}` : ''}`;
}

/** index.html with the page's title, description, canonical, Open Graph and JSON-LD filled in. */
export async function renderPageHead(req: FastifyRequest, html: string): Promise<{ html: string; status: number }> {
  const url = { origin: originOf(req), path: req.url.split('?')[0] };
  if (!req.tenant) return { html: injectHead(html, platformMeta(url)), status: 200 };
  const storeName = req.tenant.name;
  // What the store promises (its policies and delivery options), for descriptions it has not written.
  const promise = promiseSentence(req.tenant.promises);
  if (!isCataloguePage(url.path)) {
    // A path no store page answers is missing: its status says so, as the page's "Page not found" does.
    if (!isStorePagePath(url.path)) return { html: injectHead(html, { ...storePageMeta(storeName, url, null, promise), title: `Page not found | ${storeName}`, noindex: true }), status: 404 };
    return { html: injectHead(html, storePageMeta(storeName, url, req.tenant.details.description, promise)), status: 200 };
  }
  // Category and product heads (or their 404) are cached with the catalogue; the key holds everything
  // the head is built from besides the tenant's catalogue.
  const { meta, status } = await cachedStoreRead(req, `head:${url.origin}|${storeName}|${promise}|${url.path}`, (ctx) => storeMeta(ctx, storeName, url, promise));
  return { html: injectHead(html, meta), status };
}

/** Paths shoppers never need a search engine to find. */
const PRIVATE_PATHS = ['/admin', '/login', '/logout', '/cart', '/checkout', '/my-orders', '/order/', '/quote/', '/email/', '/api/'];

export interface SeoRoutesOptions {
  /**
   * More public store pages for the sitemap (content's published pages): given by app.ts, since the
   * catalogue knows no module above it. Runs in the same store transaction as the catalogue's paths.
   */
  extraSitemapPaths?: (ctx: StoreCtx) => Promise<{ path: string; updated_at: string | Date }[]>;
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, opts) => {
  app.get('/robots.txt', async (req, reply) => {
    const lines = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${originOf(req)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = originOf(req);
    const entries: { loc: string; lastmod?: string }[] = [{ loc: `${origin}/` }];
    if (req.tenant) {
      const rows = await inStore(req, async (ctx) => [...(await sitemapPaths(ctx)), ...(opts.extraSitemapPaths ? await opts.extraSitemapPaths(ctx) : [])]);
      entries.push({ loc: `${origin}/products` });
      for (const r of rows) entries.push({ loc: `${origin}${r.path}`, lastmod: new Date(r.updated_at).toISOString().slice(0, 10) });
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map((e) => `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
};
