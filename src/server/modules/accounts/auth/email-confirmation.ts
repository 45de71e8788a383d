import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { UnitOfWork } from '../../../db/unit-of-work';
import { users } from '../../../db/schema/index';
import type { EmailSender, MailWork } from '../../../adapters/email/email';
import { renderEmailLayout } from '../../../adapters/email/layout';

// "Confirm your email" (issue 25: a shop its owner opened themselves launches only once the owner's
// email is known to reach them). The link carries no secret of the account: an HMAC of the account, its
// current email and an expiry, so a link sent to an old address stops working once the email changes,
// and nothing needs storing.

export const CONFIRM_LINK_HOURS = 72;
export const CONFIRM_EMAIL_PATH = '/api/auth/confirm-email';

function signature(secret: string, userId: string, email: string, expires: number): string {
  return createHmac('sha256', secret).update(`confirm-email\u0000${userId}\u0000${email.toLowerCase()}\u0000${expires}`).digest('base64url');
}

/** The link, on `origin` (the platform's own address). */
export function confirmationLink(secret: string, origin: string, userId: string, email: string, now = Date.now()): string {
  const expires = now + CONFIRM_LINK_HOURS * 3600_000;
  const params = new URLSearchParams({ u: userId, e: String(expires), t: signature(secret, userId, email, expires) });
  return `${origin}${CONFIRM_EMAIL_PATH}?${params}`;
}

/** Whether the account's email has been confirmed; a missing account counts as not. */
export async function emailConfirmed(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/** The email with the link, in `work`'s transaction (sent once it commits), as the store's mail. */
export async function sendEmailConfirmation(work: MailWork, mail: EmailSender, message: { tenantId: string | null; shopName: string; to: string; link: string }): Promise<void> {
  const { html, text } = renderEmailLayout({
    shopName: message.shopName,
    heading: 'Confirm your email address',
    paragraphs: [
      `Please confirm that this address reaches you: we send your orders, payouts and account notices here.`,
      `Your shop can open to shoppers once you have confirmed it. The link works for ${CONFIRM_LINK_HOURS} hours.`,
      'If you did not open a shop, ignore this email.',
    ],
    button: { label: 'Confirm my email', url: message.link },
  });
  await mail.send(work, { tenantId: message.tenantId, to: message.to, subject: `${message.shopName}: confirm your email address`, html, text, kind: 'email_confirmation' });
}

/**
 * GET /api/auth/confirm-email: true when the link is genuine, in time and for the account's current
 * email (the account is then confirmed), false otherwise.
 */
export async function confirmEmail(scopes: UnitOfWork, secret: string, query: { u: string; e: string; t: string }, now = Date.now()): Promise<boolean> {
  const expires = Number(query.e);
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  return scopes.run({ tenantId: null, userId: query.u }, async ({ tx }) => {
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, query.u)).limit(1);
    if (!row) return false;
    const want = Buffer.from(signature(secret, query.u, row.email, expires));
    const got = Buffer.from(query.t);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    await tx.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, query.u));
    return true;
  });
}
