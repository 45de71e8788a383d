import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Config } from '../../../config';
import type { EmailSender } from '../../../adapters/email/email';
import type { Actor } from '../../../http/context';
import { AppError, conflict, notFound } from '../../../http/errors';
import { isUniqueViolation } from '../../../db/unique-violation';
import { spendRecoveryEmailAllowance } from '../../limits';
import { ACCOUNT_TEXT, EMAIL_CHANGE_LINK_HOURS, type AccountResponse, type ChangeEmailBody, type ChangePasswordBody, type DevicesResponse } from '../../../../shared/account-settings';
import { RESET_TEXT } from '../../../../shared/account-recovery';
import { isUuid } from '../../../../shared/ids';
import { hashPassword } from '../auth/passwords';
import type { ClientMeta } from '../auth/service';
import { confirmCurrentPassword } from '../auth/reauthenticate';
import * as recoveryRepo from '../recovery/repo';
import { mailScope, sendSiteNotice, type MailSite } from '../mail-site';
import { emailChangeLink, emailChangeLinkValid, EMAIL_CHANGE_QUERY_MAX } from './email-change';
import { describeBrowser } from './devices';
import * as repo from './repo';

// Account settings (issue 26 item 2), for any signed-in person on any host: their password, their
// email and their signed-in devices. Each runs in the person's own scope: a user can see and change
// only their own account and sessions (the own_account and own_session policies).

export interface SettingsDeps {
  scopes: UnitOfWork;
  config: Config;
  mail: EmailSender;
  secret: string;
}

const own = (actor: Actor) => ({ tenantId: null, userId: actor.userId });

export async function accountOf(deps: SettingsDeps, actor: Actor): Promise<AccountResponse> {
  const row = await deps.scopes.run(own(actor), ({ tx }) => repo.accountRow(tx, actor.userId));
  if (!row) throw notFound('Account not found');
  return { email: row.email, email_confirmed: row.emailConfirmedAt !== null, created_at: row.createdAt.toISOString() };
}

/** POST /api/account/password: the new password; every other session of the account ends. */
export async function changePassword(deps: SettingsDeps, actor: Actor, body: ChangePasswordBody, meta: ClientMeta): Promise<{ message: string }> {
  if (body.new_password === body.current_password) throw new AppError(400, 'invalid_input', ACCOUNT_TEXT.samePassword, { new_password: ACCOUNT_TEXT.samePassword });
  await confirmCurrentPassword(deps, actor, body.current_password, meta);
  const passwordHash = await hashPassword(body.new_password);
  await deps.scopes.run(own(actor), async ({ tx }) => {
    await recoveryRepo.setPasswordHash(tx, actor.userId, passwordHash);
    await recoveryRepo.endSessions(tx, actor.userId, actor.sessionId);
  });
  return { message: ACCOUNT_TEXT.passwordChanged };
}

/**
 * POST /api/account/email: a link to the new address (the change happens when it is opened) and a
 * notice to the current one. Both count against the recovery email limits.
 */
export async function requestEmailChange(deps: SettingsDeps, site: MailSite, actor: Actor, body: ChangeEmailBody, meta: ClientMeta): Promise<{ message: string }> {
  const newEmail = body.new_email;
  if (newEmail === actor.email) throw new AppError(400, 'same_email', ACCOUNT_TEXT.sameEmail, { new_email: ACCOUNT_TEXT.sameEmail });
  await confirmCurrentPassword(deps, actor, body.current_password, meta);
  const taken = await deps.scopes.run(own(actor), ({ tx }) => recoveryRepo.userIdForEmail(tx, newEmail));
  if (taken) throw conflict('email_taken', ACCOUNT_TEXT.emailTaken, { new_email: ACCOUNT_TEXT.emailTaken });
  const link = emailChangeLink(deps.secret, site.origin, { userId: actor.userId, currentEmail: actor.email, newEmail, returnTo: body.return_to ?? 'store' });
  await deps.scopes.run(mailScope(site, actor.userId), async (work) => {
    const texts = { perAccount: RESET_TEXT.tooManyForAddress, perAddress: RESET_TEXT.tooManyForAddress, perStore: RESET_TEXT.tooManyForStore };
    await spendRecoveryEmailAllowance(work.tx, { tenantId: site.tenantId, accountId: actor.userId, address: newEmail }, texts);
    await sendSiteNotice(work, deps.mail, site, {
      to: newEmail,
      subject: 'confirm your new email address',
      kind: 'email_change',
      layout: {
        heading: 'Confirm your new email address',
        paragraphs: [
          `You asked to change the email of your ${site.shopName} account from ${actor.email} to this address.`,
          `Open the link below to confirm it. It works for ${EMAIL_CHANGE_LINK_HOURS} hours. Until then you keep signing in with ${actor.email}.`,
          'If you did not ask for this, ignore this email.',
        ],
        button: { label: 'Confirm my new email', url: link },
      },
    });
    await sendSiteNotice(work, deps.mail, site, {
      to: actor.email,
      subject: 'a change of email was asked for',
      kind: 'email_changed',
      layout: {
        heading: 'Someone asked to change your email',
        paragraphs: [
          `We were asked to change the email of your ${site.shopName} account to ${newEmail}. Nothing changes unless the link we sent there is opened.`,
          'If this was not you, change your password now: whoever asked knew it.',
        ],
      },
    });
  });
  return { message: ACCOUNT_TEXT.emailChangeSent(newEmail) };
}

export type EmailChangeOutcome = 'done' | 'invalid' | 'taken';

/** GET /api/auth/confirm-email-change: changes the email when the link is genuine and in time. */
export async function confirmEmailChange(deps: SettingsDeps, site: MailSite, query: { u: string; n: string; e: string; t: string }): Promise<EmailChangeOutcome> {
  if (!isUuid(query.u) || query.n.length > EMAIL_CHANGE_QUERY_MAX.n) return 'invalid';
  const scope = mailScope(site, query.u);
  try {
    return await deps.scopes.run(scope, async (work) => {
      const current = await recoveryRepo.accountEmail(work.tx, query.u);
      if (!current || !emailChangeLinkValid(deps.secret, query, current)) return 'invalid';
      await repo.setEmail(work.tx, query.u, query.n);
      await sendSiteNotice(work, deps.mail, site, {
        to: current,
        subject: 'your email address has changed',
        kind: 'email_changed',
        layout: {
          heading: 'Your email address has changed',
          paragraphs: [
            `The email of your ${site.shopName} account is now ${query.n}. Sign in with it from now on.`,
            'If you did not make this change, reply to this email or contact the shop at once.',
          ],
        },
      });
      return 'done';
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/** GET /api/account/sessions: the account's live sessions, the asking one first. */
export async function listDevices(deps: SettingsDeps, actor: Actor): Promise<DevicesResponse> {
  const rows = await deps.scopes.run(own(actor), ({ tx }) => repo.liveSessions(tx, actor.userId));
  const devices = rows.map((r) => ({
    id: r.id,
    browser: describeBrowser(r.userAgent),
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    current: r.id === actor.sessionId,
  }));
  devices.sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
  return { devices };
}

/** DELETE /api/account/sessions/:id: another of the account's sessions; anyone else's is 404. */
export async function signOutDevice(deps: SettingsDeps, actor: Actor, sessionId: string): Promise<{ message: string }> {
  const ended = await deps.scopes.run(own(actor), ({ tx }) => repo.endSession(tx, actor.userId, sessionId));
  if (!ended) throw notFound('Device not found');
  return { message: ACCOUNT_TEXT.signedOutDevice };
}

/** POST /api/account/sessions/sign-out-others */
export async function signOutOtherDevices(deps: SettingsDeps, actor: Actor): Promise<{ message: string }> {
  const n = await deps.scopes.run(own(actor), ({ tx }) => recoveryRepo.endSessions(tx, actor.userId, actor.sessionId));
  return { message: ACCOUNT_TEXT.signedOutOthers(n) };
}
