import type { Scope, UnitOfWork } from '../../../db/unit-of-work';
import type { EmailSender } from '../../../adapters/email/email';
import { renderEmailButton } from '../../../adapters/email/layout';
import { AppError } from '../../../http/errors';
import { mailScope, sendSiteTemplatedEmail, type MailSite } from '../mail-site';
import { spendPlatformAllowance, spendRecoveryEmailAllowance, type Limit } from '../../limits';
import { RECOVERY_WINDOW_MS } from '../../../../shared/recovery-emails';
import {
  RECOVERY_PATHS,
  RESET_LINK_MINUTES,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_TEXT,
  resetStateMessage,
  type ResetLinkState,
  type ResetStatusResponse,
} from '../../../../shared/account-recovery';
import { maskEmail } from '../../../../shared/catalog';
import { hashPassword } from '../auth/passwords';
import { hashToken, newSessionToken } from '../auth/tokens';
import { startSession, type ClientMeta } from '../auth/service';
import * as repo from './repo';
import { usesTwoStep } from '../two-step/service';

// Issue 26 item 1 (OWASP ASVS 5.0 V6.4): a forgotten password is replaced through a single-use link
// sent to the account's email. The link's token is random (256 bits) and only its hash is stored; it
// works for RESET_LINK_MINUTES, once, and only while it is the account's newest. The answer to "send me
// a link" never says whether the account exists: an unknown email gets an email saying so instead,
// so both paths do the same work (a lookup, the limits, a token, one templated email).

export interface ResetDeps {
  scopes: UnitOfWork;
  mail: EmailSender;
}

const ADDRESS_LIMIT: Limit = { bucket: 'password_reset_address', max: RESET_REQUESTS_PER_ADDRESS, windowMs: RECOVERY_WINDOW_MS, message: RESET_TEXT.tooManyFromNetwork };
const RECOVERY_TEXTS = { perAccount: RESET_TEXT.tooManyForAddress, perAddress: RESET_TEXT.tooManyForAddress, perStore: RESET_TEXT.tooManyForStore };

/** POST /api/auth/password-reset: the same answer whoever asks; 429 past a limit (nothing is sent). */
export async function requestPasswordReset(deps: ResetDeps, site: MailSite, email: string, ip: string): Promise<{ message: string }> {
  const userId = await deps.scopes.run({ tenantId: null, userId: null }, ({ tx }) => repo.userIdForEmail(tx, email));
  const token = newSessionToken();
  await deps.scopes.run(mailScope(site, userId), async (work) => {
    // Counted in the transaction that writes the email: a refused or failed request counts for nothing.
    await spendPlatformAllowance(work.tx, ADDRESS_LIMIT, ip);
    await spendRecoveryEmailAllowance(work.tx, { tenantId: site.tenantId, accountId: null, address: email }, RECOVERY_TEXTS);
    if (!userId) {
      await sendSiteTemplatedEmail(work, deps.mail, site, { key: 'password_reset_no_account', to: email, values: { account_email: email, sign_in_url: `${site.origin}/login` } });
      return;
    }
    await repo.supersedeResets(work.tx, userId);
    await repo.insertReset(work.tx, { userId, tokenHash: hashToken(token), host: site.host, expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) });
    const link = `${site.origin}${RECOVERY_PATHS.reset}?token=${encodeURIComponent(token)}`;
    await sendSiteTemplatedEmail(work, deps.mail, site, {
      key: 'password_reset',
      to: email,
      values: {
        account_email: email,
        link_minutes: String(RESET_LINK_MINUTES),
        reset_url: link,
        reset_button: renderEmailButton({ label: 'Choose a new password', url: link }),
      },
    });
  });
  return { message: RESET_TEXT.sent };
}

/** The scope that may see the link this token names, and nothing else of the reset links. */
const linkScope = (token: string): Scope => ({ tenantId: null, userId: null, sessionHash: hashToken(token) });

type LinkRow = NonNullable<Awaited<ReturnType<typeof repo.findReset>>>;

function stateOf(row: LinkRow | null, host: string, now = Date.now()): ResetLinkState {
  // A link opened on another host than the one it was asked on is not this host's to honour.
  if (!row || row.host !== host) return 'invalid';
  if (row.usedAt) return 'used';
  if (row.supersededAt) return 'superseded';
  if (row.expiresAt.getTime() <= now) return 'expired';
  return 'valid';
}

/** GET /api/auth/password-reset?token=: whether the link can be used, so the page says so at once. */
export async function resetLinkStatus(deps: ResetDeps, token: string, host: string): Promise<ResetStatusResponse> {
  if (!token) return { state: 'invalid', email: null, message: resetStateMessage('invalid') };
  const row = await deps.scopes.run(linkScope(token), ({ tx }) => repo.findReset(tx, hashToken(token)));
  const state = stateOf(row, host);
  if (state !== 'valid') return { state, email: null, message: resetStateMessage(state) };
  // The account is readable in its own scope: the link proved it is this account's.
  const email = await deps.scopes.run({ tenantId: null, userId: row!.userId }, ({ tx }) => repo.accountEmail(tx, row!.userId));
  return { state, email: email ? maskEmail(email) : null, message: null };
}

/**
 * POST /api/auth/password-reset/complete: sets the new password, uses the link, ends every session of
 * the account and starts one for this browser. A link that cannot be used: 400 invalid_link saying why.
 */
export async function completePasswordReset(deps: ResetDeps & { config: Parameters<typeof startSession>[0]['config'] }, token: string, password: string, host: string, meta: ClientMeta): Promise<{ token: string } | { twoStepFor: string }> {
  const tokenHash = hashToken(token);
  const row = await deps.scopes.run(linkScope(token), ({ tx }) => repo.findReset(tx, tokenHash));
  const state = stateOf(row, host);
  if (state !== 'valid') throw new AppError(400, 'invalid_link', resetStateMessage(state));
  const userId = row!.userId;
  // The slow hash runs outside the transaction; the link is used (once) in the one that sets it.
  const passwordHash = await hashPassword(password);
  await deps.scopes.run({ tenantId: null, userId, sessionHash: tokenHash }, async ({ tx }) => {
    if (!(await repo.useReset(tx, tokenHash))) throw new AppError(400, 'invalid_link', resetStateMessage('used'));
    await repo.setPasswordHash(tx, userId, passwordHash);
    await repo.confirmEmailIfNot(tx, userId);
    await repo.endSessions(tx, userId);
    const email = await repo.accountEmail(tx, userId);
    if (email) await repo.clearAccountFailures(tx, email);
  });
  // The link proves the email, not the second step: an account that signs in in two steps still gives a code.
  if (await usesTwoStep(deps, userId)) return { twoStepFor: userId };
  return { token: await startSession({ scopes: deps.scopes, config: deps.config }, userId, { ...meta, previousToken: null }) };
}
