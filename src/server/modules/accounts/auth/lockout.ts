import type { WindowState } from '../../limits';

/** The failed sign-ins that can hold an attempt back (decisions 001, 011 and 031). */
export interface SignInWindows {
  /** This client address with this email. */
  pair: WindowState;
  /** This email from any address: the limit a stranger can use to lock the owner out. */
  account: WindowState;
  /** This client address with any email. */
  address: WindowState;
}

/**
 * Evidence, beyond the password, that an attempt comes from the account's owner. Each carries its
 * own failure window: evidence that failed too often no longer counts. Today a device cookie from an
 * earlier sign-in; issue 26 adds a second factor for staff as another kind here.
 */
export interface TrustedProof {
  kind: 'device';
  failures: WindowState;
}

/**
 * Seconds this attempt must wait (0: check the password). The per-account lock is what a stranger
 * can set off from anywhere, so valid evidence of the owner lets the attempt past it (OWASP's advice);
 * the address limits stay, since they are counted where the guesses come from.
 */
export function lockoutSeconds(windows: SignInWindows, proofs: readonly TrustedProof[]): number {
  const trusted = proofs.some((p) => p.failures.retryAfterSeconds === 0);
  return Math.max(windows.pair.retryAfterSeconds, windows.address.retryAfterSeconds, trusted ? 0 : windows.account.retryAfterSeconds);
}
