import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/errors';
import { BUSY_RETRY_AFTER_SECONDS } from './errors';
import { ServingState } from './serving-state';

/**
 * How long /readyz lets the database take to answer its one query. Short, so the probe itself
 * answers within a second during a flood (on PGlite it may first wait out the one transaction running).
 */
export const READINESS_DEADLINE_MS = 500;

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** The probes need no store, no session and no database beyond /readyz's own query. */
export const isHealthCheck = (url: string): boolean => HEALTH_PATHS.has(url.split('?', 1)[0]);

/**
 * What the infrastructure asks (the probes; under /internal/, Caddy's TLS ask): no store is resolved
 * from the Host (the caller names an address, not a store) and no session is read.
 */
export const isInfrastructureCall = (url: string): boolean => isHealthCheck(url) || url.startsWith('/internal/');

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process takes requests (listening, not shutting down): /readyz, and shutdown stops it. */
    serving: ServingState;
  }
}

/**
 * `/healthz`: liveness. The process answers; nothing is read, so a busy database never fails it (a
 * restart would not help a flood). `/readyz`: readiness. 503 while the instance shuts down or its
 * socket is not listening (app.serving), while one more request would be refused (every connection
 * busy and the queue full), while a LISTEN connection is down, or when the database does not answer
 * within READINESS_DEADLINE_MS that this build's newest migration is applied; so a load balancer
 * sends new requests elsewhere until it recovers (decisions 032 and 057).
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.decorate('serving', new ServingState(app.server));
  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const notServing = app.serving.notServing();
    const readiness = notServing ? { ready: false as const, reason: notServing } : await app.deps.scopes.probe(READINESS_DEADLINE_MS);
    if (readiness.ready) return { status: 'ready' };
    // Shutting down is expected, not a warning; the others are.
    if (!app.serving.stopping) req.log.warn({ reason: readiness.reason }, 'not ready');
    const body: ApiErrorBody = { error: { code: 'not_ready', message: `Not ready: ${readiness.reason}.` } };
    return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(body);
  });
}
