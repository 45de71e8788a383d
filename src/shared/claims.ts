import { RECOVERY_EMAIL_LIMITS, RECOVERY_WINDOW_MS, type RecoveryEmailTexts } from './recovery-emails';

/**
 * Claiming earlier guest orders (storefront spec §5): each request emails a one-time link, so it is
 * rate limited as a recovery email (recovery-emails.ts, decisions 011 and 033) per account and per
 * target address across every store, and per store: otherwise one account could fill a stranger's
 * inbox with identical emails. Only requests that send an email count.
 */
export const CLAIM_WINDOW_MS = RECOVERY_WINDOW_MS;
export const CLAIM_MAX_PER_ACCOUNT = RECOVERY_EMAIL_LIMITS.perAccount;
export const CLAIM_MAX_PER_EMAIL = RECOVERY_EMAIL_LIMITS.perAddress;
export const CLAIM_MAX_PER_STORE = RECOVERY_EMAIL_LIMITS.perStore;

export const CLAIM_TEXT = {
  rateLimitedAccount: 'You have asked for several confirmation links in a short time. Please check your inbox, or try again later.',
  rateLimitedEmail: 'Several confirmation links have already been sent to this email address. Please check that inbox, or try again later.',
  rateLimitedStore: 'This shop has sent many confirmation links in the last hour. Please try again later.',
} as const;

/** The claim link's refusals, in the shape the shared recovery-email limit takes. */
export const CLAIM_LIMIT_TEXTS: RecoveryEmailTexts = {
  perAccount: CLAIM_TEXT.rateLimitedAccount,
  perAddress: CLAIM_TEXT.rateLimitedEmail,
  perStore: CLAIM_TEXT.rateLimitedStore,
};
