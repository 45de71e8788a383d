import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html-escape';
import { STORE_CLOSED_TEXT } from '../../shared/tenants';

/**
 * What a suspended store's host still answers: its admin and sign-in (owners manage the store while
 * it is closed), the calls they make, payment webhooks (money already moving must still be recorded),
 * built assets and files. Everything else, every storefront page and call present or future, is closed.
 */
const OPEN_TREES = ['/admin', '/login', '/logout', '/assets', '/files', '/api/admin', '/api/auth', '/api/ai', '/api/webhooks', '/api/stripe', '/api/functions', '/api/imports'];
const OPEN_PATHS = new Set(['/healthz', '/readyz', '/favicon.ico', '/sw.js', '/api/tenant/current', '/api/is-owner']);

export function isOpenWhileSuspended(url: string): boolean {
  const path = url.split('?', 1)[0];
  return OPEN_PATHS.has(path) || OPEN_TREES.some((tree) => path === tree || path.startsWith(`${tree}/`));
}

/** Seconds a crawler or client is told to wait: a suspension is not a blip, but it may be lifted. */
const RETRY_AFTER = '3600';

export function renderClosedPage(storeName: string): string {
  const name = escapeHtml(storeName);
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${STORE_CLOSED_TEXT.title} · ${name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafafa; color: #18181b;
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border: 1px solid #e4e4e7; border-radius: 12px; text-align: center; }
  p.store { margin: 0 0 .5rem; color: #71717a; font-size: .875rem; text-transform: uppercase; letter-spacing: .05em; }
  h1 { margin: 0 0 .75rem; font-size: 1.5rem; letter-spacing: -.01em; }
  p { margin: 0; color: #52525b; }
</style></head>
<body><main><p class="store">${name}</p><h1>${STORE_CLOSED_TEXT.title}</h1><p>${STORE_CLOSED_TEXT.body}</p></main></body></html>`;
}

function closed(req: FastifyRequest, reply: FastifyReply, storeName: string) {
  reply.header('retry-after', RETRY_AFTER).header('cache-control', 'no-store');
  if (req.url.startsWith('/api/')) {
    return reply.status(503).send({ error: { code: 'store_closed', message: STORE_CLOSED_TEXT.title } });
  }
  return reply.status(503).type('text/html; charset=utf-8').send(renderClosedPage(storeName));
}

/** Registered after the hook that resolves the host's store (hooks run in the order they are added). */
export function registerStoreClosed(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.tenant?.suspended || isOpenWhileSuspended(req.url)) return;
    return closed(req, reply, req.tenant.name);
  });
}
