/**
 * Emails that hand someone a link to prove who they are: the guest-order claim link today, the
 * password reset of issue 26 tomorrow. One budget for all of them (decisions 011 and 033), so a
 * stranger's inbox, an account and a store's sending name are protected however the emails are asked
 * for: per target address and per asking account across every store, and per store. Only requests
 * that send an email are counted.
 */
export const RECOVERY_WINDOW_MS = 60 * 60 * 1000;

export const RECOVERY_EMAIL_LIMITS = {
  /** Emails one signed-in account may ask for, on any store. */
  perAccount: 5,
  /** Emails one address may receive, whoever asks and on whichever store. */
  perAddress: 3,
  /** Emails one store may send (the platform's own site counts as one store). */
  perStore: 30,
} as const;

/** The words of each refusal, which differ by kind of email. */
export interface RecoveryEmailTexts {
  perAccount: string;
  perAddress: string;
  perStore: string;
}
