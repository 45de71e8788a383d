import { randomBytes } from 'node:crypto';
import type { TenantCtx } from '../../../http/context';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailButton } from '../../../adapters/email/layout';
import { sendTemplatedEmail } from '../../emails';
import { spendPlatformAllowance, spendStoreAllowance, type Limit } from '../../limits';
import { ACCESS_TEXT, INVITE_EMAIL_WINDOW_MS, INVITE_EMAILS_PER_ACCOUNT, INVITE_EMAILS_PER_STORE, INVITE_TTL_MS, type InviteRole } from '../../../../shared/crm/access';
import { invitationPagePath } from '../../../../shared/crm/routes';
import { hashToken } from '../auth/tokens';

/** How a store's own address is reached: the caller's scheme and port, the store's primary domain. */
export type OriginFor = (domain: string | null) => string;

// Issue 24 item 4: every invitation email (new link, resend, approval) counts, per store and per
// sending account. Accounts span stores, so theirs is a platform counter.
const STORE_LIMIT: Limit = { bucket: 'invite_email', max: INVITE_EMAILS_PER_STORE, windowMs: INVITE_EMAIL_WINDOW_MS, message: ACCESS_TEXT.rateLimitedStore };
const ACCOUNT_LIMIT: Limit = { bucket: 'invite_email_account', max: INVITE_EMAILS_PER_ACCOUNT, windowMs: INVITE_EMAIL_WINDOW_MS, message: ACCESS_TEXT.rateLimitedAccount };

/** A new single-use link: the token goes out once, only its hash is kept. */
export function newLink() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS) };
}

/**
 * Spends one email of the store's and the caller's allowances (429 with Retry-After past either),
 * then records the store's 'invite' email with the link. In ctx's transaction: a refusal later in the
 * same request rolls the counts back with everything else, and the email goes out only on commit.
 */
export async function sendInviteEmail(
  ctx: TenantCtx,
  mail: EmailSender,
  originFor: OriginFor,
  store: { name: string; domain: string | null },
  invite: { email: string; role: InviteRole },
  token: string,
): Promise<string> {
  await spendStoreAllowance(ctx.tx, ctx.tenantId, STORE_LIMIT, 'store');
  await spendPlatformAllowance(ctx.tx, ACCOUNT_LIMIT, ctx.actor.userId);
  const link = `${originFor(store.domain)}${invitationPagePath(token)}`;
  await sendTemplatedEmail({ ...ctx, tenantId: ctx.tenantId }, mail, {
    key: 'invite',
    to: invite.email,
    shopName: store.name,
    values: {
      invited_by: ctx.actor.email,
      role: invite.role,
      invite_url: link,
      invite_button: renderEmailButton({ label: 'Accept invitation', url: link }),
    },
  });
  return link;
}
