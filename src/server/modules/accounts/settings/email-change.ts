import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CHANGE_LINK_HOURS } from '../../../../shared/account-settings';

// The "confirm your new email" link (issue 26 item 2). Like the email confirmation link it carries no
// secret of the account and nothing is stored: an HMAC of the account, its current email, the new
// email and an expiry. Once the email has changed the current email differs, so the link works once;
// a newer request for another address leaves this one valid only until either is used.

export const EMAIL_CHANGE_PATH = '/api/auth/confirm-email-change';
export const EMAIL_CHANGE_QUERY_MAX = { u: 64, n: 254, e: 20, t: 100, r: 5 } as const;

function signature(secret: string, userId: string, currentEmail: string, newEmail: string, expires: number): string {
  return createHmac('sha256', secret).update(`email-change\u0000${userId}\u0000${currentEmail}\u0000${newEmail}\u0000${expires}`).digest('base64url');
}

export function emailChangeLink(secret: string, origin: string, change: { userId: string; currentEmail: string; newEmail: string; returnTo: 'store' | 'admin' }, now = Date.now()): string {
  const expires = now + EMAIL_CHANGE_LINK_HOURS * 3600_000;
  const params = new URLSearchParams({
    u: change.userId,
    n: change.newEmail,
    e: String(expires),
    t: signature(secret, change.userId, change.currentEmail, change.newEmail, expires),
    r: change.returnTo === 'admin' ? 'admin' : 'store',
  });
  return `${origin}${EMAIL_CHANGE_PATH}?${params}`;
}

/** Whether the link's signature is genuine for the account's current email and still in time. */
export function emailChangeLinkValid(secret: string, query: { u: string; n: string; e: string; t: string }, currentEmail: string, now = Date.now()): boolean {
  const expires = Number(query.e);
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  const want = Buffer.from(signature(secret, query.u, currentEmail, query.n, expires));
  const got = Buffer.from(query.t);
  return want.length === got.length && timingSafeEqual(want, got);
}
