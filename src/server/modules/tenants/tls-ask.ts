import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { tlsAllowQuery, tlsAllowResponse } from '../../../shared/tenants';
import { forbidden, notFound } from '../../http/errors';

/** Where Caddy's on-demand TLS asks before it gets a certificate (deploy/Caddyfile, decision 057). */
export const TLS_ASK_PATH = '/internal/tls/allow';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether this caller may ask. With TLS_ASK_TOKEN set, whoever sends it (Caddy on another machine puts
 * it in its ask URL). Without, only a caller on this machine talking to the app directly: the socket's
 * own peer is loopback and no proxy forwarded the request (Caddy's reverse_proxy always adds
 * X-Forwarded-For, so a public request that came through it is refused even though Caddy connects
 * from loopback). The answer itself is no secret (which hosts the platform serves is public through
 * DNS); this keeps an internal endpoint internal.
 */
export function mayAskForCertificates(req: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } }, token: string | null, given: string | undefined): boolean {
  if (token !== null) return given !== undefined && sameSecret(given, token);
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/** Compared as digests, so neither the time taken nor a length difference tells how close a guess was. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * GET /internal/tls/allow?domain=: 200 for the platform host and for any domain of a store that is not
 * suspended (launched or not: an unlaunched store's "Opening soon" page and admin need HTTPS too);
 * 404 for anything else, so Caddy gets no certificate for a host no store answers at. The host cache
 * (TenantResolver) answers, so a burst of handshakes for one domain costs one query.
 */
export const tlsAskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(TLS_ASK_PATH, { schema: { querystring: tlsAllowQuery, response: { 200: tlsAllowResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { domain, token } = req.query;
    if (!mayAskForCertificates(req.raw, app.deps.config.tlsAskToken, token)) {
      throw forbidden('Only Caddy on this machine, or a caller with TLS_ASK_TOKEN, may ask for certificates.');
    }
    if (domain === app.deps.config.platformHost) return { domain, allowed: true as const };
    const store = await app.deps.tenants.resolve(domain);
    if (!store || store.suspended) throw notFound('No store answers at this domain.');
    return { domain, allowed: true as const };
  });
};
