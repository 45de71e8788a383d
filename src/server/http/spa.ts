import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerFavicon } from './favicon';
import { acceptedEncoding, type ServedPage } from './first-view';

/**
 * Serves the built React app from webDir: hashed assets cached for a year, index.html for every other
 * page route (the client router decides), and JSON 404s for unknown API paths. index.html is re-read
 * when a rebuild changes it, so a new build never points at assets that no longer exist.
 */
/**
 * Fills in the page's head (title, meta, JSON-LD) for crawlers, and for store pages their first view;
 * may answer 404 for a missing record, and may hand the page over already compressed.
 */
export type RenderHead = (req: FastifyRequest, html: string) => Promise<ServedPage>;

/** How often index.html is looked at for a new build. */
const INDEX_CHECK_MS = 1000;

export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  renderHead?: RenderHead,
  /** Busy page routes (e.g. '/p/:slug') answered at once, not after the static wildcard's file lookup. */
  pageRoutes: string[] = [],
): Promise<void> {
  registerFavicon(app);
  if (webDir) {
    mkdirSync(webDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: true,
      // scripts/compress-assets.mjs writes .br/.gz beside each asset at build time.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  let cached: { mtimeMs: number; html: string; checkedAt: number } | null = null;
  const indexHtml = (): string | null => {
    if (!indexFile) return null;
    // A stat per page request measured 5% of a cached page's CPU: a rebuild is noticed within a second.
    const now = Date.now();
    if (cached && now - cached.checkedAt < INDEX_CHECK_MS) return cached.html;
    try {
      const { mtimeMs } = statSync(indexFile);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8'), checkedAt: now };
      else cached.checkedAt = now;
      return cached.html;
    } catch {
      cached = null;
      return null;
    }
  };

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const html = indexHtml();
    if (!html) return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    const page: ServedPage = renderHead ? await renderHead(req, html) : { html, status: 200 };
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (page.made) reply.header('server-timing', serverTiming(page.made));
    if (!page.encoded) return reply.send(page.html);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const encoded = encoding && page.encoded[encoding];
    if (!encoded) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoded);
  };

  registerServiceWorker(app, webDir);

  // The static wildcard would answer the site root with 403 (a directory listing is off), so the root
  // gets the app explicitly.
  if (indexFile) app.get('/', (req, reply) => sendIndex(req, reply));
  // Otherwise a page URL first goes to the static wildcard, which looks for such a file on disk (a stat
  // and a directory read per request) before falling through to the not-found handler below.
  if (indexFile) for (const route of pageRoutes) app.get(route, (req, reply) => sendIndex(req, reply));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !path.extname(url);
    if (wantsPage && indexFile) return sendIndex(req, reply);
    return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
  });
}

/** `first-view;desc=kept`, or `first-view;desc=rendered;dur=12.3`: how the page was made, for DevTools and benches. */
function serverTiming(made: NonNullable<ServedPage['made']>): string {
  return `first-view;desc=${made.how}${made.ms === undefined ? '' : `;dur=${made.ms.toFixed(1)}`}`;
}

/**
 * /sw.js, the push service worker the build writes at the root (vite.config.ts): JavaScript, allowed to
 * control the whole site (scope '/'), and revalidated on every check so a new build reaches browsers at
 * once (the static files' year-long cache is for hashed assets only).
 */
function registerServiceWorker(app: FastifyInstance, webDir: string | undefined): void {
  const file = webDir ? path.join(webDir, 'sw.js') : null;
  let cached: { mtimeMs: number; code: string } | null = null;
  app.get('/sw.js', { config: { anonymous: true } }, async (_req, reply) => {
    try {
      const { mtimeMs } = statSync(file ?? '');
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, code: readFileSync(file!, 'utf8') };
    } catch {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('service-worker-allowed', '/')
      .header('cache-control', 'no-cache')
      .send(cached.code);
  });
}
