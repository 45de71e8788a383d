import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../../../shared/auth';
import { deviceFor, parseDeviceCookie, withDeviceEntry } from './device-cookie';
import type { ClientMeta } from './service';

/** HttpOnly so scripts cannot read it, SameSite=Lax against cross-site posts, Secure behind HTTPS. */
function cookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', secure: req.server.deps.config.cookieSecure ?? req.protocol === 'https', path: '/' } as const;
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

export function sessionToken(req: FastifyRequest): string | null {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : null;
}

/**
 * After a successful sign-in to `email`, this browser is a known device of that account (decision
 * 031): long-lived, HttpOnly, and kept through sign-out (it proves a past sign-in, not a session).
 */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, email: string): void {
  const value = withDeviceEntry(req.server.deps.secrets.cookieSecret, parseDeviceCookie(req.cookies[DEVICE_COOKIE]), email);
  reply.setCookie(DEVICE_COOKIE, value, { ...cookieOptions(req), maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000) });
}

/** Who is asking, as sign-in and its limits see it. */
export function clientMeta(req: FastifyRequest): ClientMeta {
  const entries = parseDeviceCookie(req.cookies[DEVICE_COOKIE]);
  const secret = req.server.deps.secrets.cookieSecret;
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    previousToken: sessionToken(req),
    deviceFor: (email) => deviceFor(secret, entries, email),
  };
}
