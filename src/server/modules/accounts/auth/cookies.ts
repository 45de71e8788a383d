import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../../../shared/auth';
import { deviceFor, parseDeviceCookie, withDeviceEntry } from './device-cookie';
import { issueChallenge, readChallenge } from '../two-step/service';
import { TWO_STEP_CHALLENGE_MINUTES } from '../../../../shared/two-step';
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
    storeTenantId: req.tenant?.id ?? null,
  };
}

/** Between the password and the code of a two-step sign-in (issue 26): whose, signed, for 5 minutes. */
const TWO_STEP_COOKIE = 'two_step';

export function setTwoStepChallenge(req: FastifyRequest, reply: FastifyReply, userId: string): void {
  reply.setCookie(TWO_STEP_COOKIE, issueChallenge(req.server.deps.secrets.cookieSecret, userId), { ...cookieOptions(req), maxAge: TWO_STEP_CHALLENGE_MINUTES * 60 });
}

/** The account the browser's challenge is for, or null when there is none or it expired. */
export function readTwoStepChallenge(req: FastifyRequest): string | null {
  return readChallenge(req.server.deps.secrets.cookieSecret, req.cookies[TWO_STEP_COOKIE]);
}

export function clearTwoStepChallenge(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TWO_STEP_COOKIE, cookieOptions(req));
}
