import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../../../shared/auth';

/** HttpOnly so scripts cannot read it, SameSite=Lax against cross-site posts, Secure behind HTTPS. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.server.deps.config.cookieSecure ?? req.protocol === 'https',
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.server.deps.config.cookieSecure ?? req.protocol === 'https',
    path: '/',
  });
}

export function sessionToken(req: FastifyRequest): string | null {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : null;
}
