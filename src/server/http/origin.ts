import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for state-changing calls: a browser always sends Origin on a
 * cross-origin POST/PUT/DELETE, so a present Origin must name this very host. Requests without Origin
 * (server-to-server, webhooks, tests) are judged by their credentials alone.
 */
export function checkOrigin(req: FastifyRequest): void {
  if (SAFE.has(req.method)) return;
  if (req.headers['sec-fetch-site'] === 'cross-site') throw badOrigin();
  const origin = req.headers.origin;
  if (!origin) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    throw badOrigin();
  }
  if (originHost !== (req.headers.host ?? '').toLowerCase()) throw badOrigin();
}

const badOrigin = () => new AppError(403, 'bad_origin', 'This request came from another site and was refused.');

/**
 * This request's own origin (scheme and Host), for links the server hands out that must lead back to
 * the same store: checkout's success page, payment onboarding's return. Never a URL the client sent;
 * a Host that does not make a plain origin is refused.
 */
export function requestOrigin(req: FastifyRequest): string {
  const candidate = `${req.protocol}://${req.headers.host ?? ''}`;
  const url = URL.canParse(candidate) ? new URL(candidate) : null;
  if (!url || url.username || url.password || url.pathname !== '/' || url.search || url.hash || candidate.length > 300) {
    throw new AppError(400, 'bad_request', 'The Host header does not name a valid host.');
  }
  return url.origin;
}
