import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/errors';
import { BUSY_RETRY_AFTER_SECONDS } from './errors';

/**
 * How long /readyz lets the database take to answer a trivial query. Short, so the probe itself
 * answers within a second during a flood (on PGlite it may first wait out the one transaction running).
 */
export const READINESS_DEADLINE_MS = 500;

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** The probes need no store, no session and no database beyond /readyz's own query. */
export const isHealthCheck = (url: string): boolean => HEALTH_PATHS.has(url.split('?', 1)[0]);

/**
 * `/healthz`: liveness. The process answers; nothing is read, so a busy database never fails it (a
 * restart would not help a flood). `/readyz`: readiness. 503 while one more request would be refused
 * (every connection busy and the queue full) or the database does not answer within
 * READINESS_DEADLINE_MS, so a load balancer sends new requests elsewhere until it recovers.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = await app.deps.scopes.probe(READINESS_DEADLINE_MS);
    if (readiness.ready) return { status: 'ready' };
    req.log.warn({ reason: readiness.reason }, 'not ready');
    const body: ApiErrorBody = { error: { code: 'not_ready', message: `Not ready: ${readiness.reason}.` } };
    return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(body);
  });
}
