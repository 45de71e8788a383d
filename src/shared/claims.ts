/**
 * Claiming earlier guest orders (storefront spec §5): each request emails a one-time link, so it is
 * rate limited (decision 011) per account and per target address, across every store: otherwise one
 * account could fill a stranger's inbox with identical emails. Only requests that send an email count.
 */
export const CLAIM_WINDOW_MS = 60 * 60 * 1000;
export const CLAIM_MAX_PER_ACCOUNT = 5;
export const CLAIM_MAX_PER_EMAIL = 3;

export const CLAIM_TEXT = {
  rateLimitedAccount: 'You have asked for several confirmation links in a short time. Please check your inbox, or try again later.',
  rateLimitedEmail: 'Several confirmation links have already been sent to this email address. Please check that inbox, or try again later.',
} as const;
