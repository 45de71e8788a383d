import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCrm } from '../../../http/guards';
import { AppError } from '../../../http/errors';
import { CRM_API, LEADS_CHANGED_EVENT } from '../../../../shared/crm/routes';
import { LeadsLiveHub, PLATFORM_BOOK, type LiveSubscriber } from './live-hub';

/** Seconds a refused board waits before trying again (503 Retry-After). */
const FULL_RETRY_SECONDS = 10;
/** The browser's reconnection pause after a dropped stream (the SSE `retry:` field). */
const RECONNECT_MS = 3000;

const EVENT = `event: ${LEADS_CHANGED_EVENT}\ndata: {}\n\n`;
const PING = ': keep-alive\n\n';

/**
 * A board's stream. Writes are tiny, but a client that stops reading must not make the server queue
 * for it: while the socket is backed up, changes fold into one event sent on drain, and a client still
 * backed up at the next keep-alive (some 25 s later) is cut off (EventSource reconnects on its own).
 */
function streamTo(res: ServerResponse): LiveSubscriber {
  let owed = false;
  res.on('drain', () => {
    if (owed && !res.writableNeedDrain) {
      owed = false;
      res.write(EVENT);
    }
  });
  return {
    changed: () => {
      if (res.writableNeedDrain) owed = true;
      else res.write(EVENT);
    },
    ping: () => {
      if (res.writableNeedDrain) res.destroy();
      else res.write(PING);
    },
    close: () => res.end(),
  };
}

/**
 * GET /api/crm/leads/events: "leads" whenever the caller's book changes, from any instance (decision
 * 027 "Real time"). The book is resolved once, through inCrm, at connect; events carry no data, and a
 * board reloads through the guarded list route, so a membership ended meanwhile reveals nothing.
 */
export const leadEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new LeadsLiveHub({ maxSubscribers: 1000, maxPerBook: 200, pingEveryMs: 25_000 });
  app.addHook('onClose', await hub.follow(app.deps.scopes, app.log));
  // Before the server stops: an open stream would keep server.close() (and so app.close()) waiting.
  // Graceful shutdown waits for in-flight requests before app.close(): the streams end as it stops
  // accepting (decision 057), and their boards reconnect to another instance.
  app.serving.whenAcceptingEnds(() => hub.closeAll());
  app.addHook('preClose', async () => hub.closeAll());

  // No query parameters: a stream is one thing, and a stray key is a client error rather than a stream.
  app.get(CRM_API.leadEvents, { schema: { querystring: z.strictObject({}) } }, async (req, reply) => {
    const book = await inCrm(req, async (ctx) => ctx.tenantId ?? PLATFORM_BOOK);
    const res = reply.raw;
    const unsubscribe = hub.subscribe(book, streamTo(res));
    if (!unsubscribe) {
      throw new AppError(503, 'busy', 'Too many live boards are open; trying again shortly.', undefined, { 'retry-after': String(FULL_RETRY_SECONDS) });
    }
    res.on('close', unsubscribe);
    reply.hijack();
    // The security headers are already on res (helmet sets them on the raw response at onRequest).
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    // The client may be gone already (closed while the guard ran): 'close' has fired, so remove now.
    if (req.raw.destroyed || res.destroyed) unsubscribe();
  });
};
