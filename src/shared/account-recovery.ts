import { z } from 'zod';
import { EMAIL_MAX, newPasswordField, PASSWORDS_DIFFER } from './auth';

// "Forgot password" (issue 26 item 1): asked for on any sign-in page, a single-use link by email that
// opens "Choose a new password" on the same host. Shared by the pages and the routes.

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;
/** Reset requests one client address may make in an hour (on top of the per-email recovery budget). */
export const RESET_REQUESTS_PER_ADDRESS = 10;
export const RESET_TOKEN_MAX = 100;

export { RECOVERY_PATHS } from './account-paths';
export { newPasswordField } from './auth';

export const RESET_TEXT = {
  /** The same answer whether or not an account uses the email (nothing is revealed). */
  sent: "If an account exists for that email, we've sent a link",
  sentHint: `It works for ${RESET_LINK_MINUTES} minutes. If nothing arrives within a few minutes, check your spam folder or ask again.`,
  tooManyForAddress: 'We have sent several emails to this address in the last hour. Please check your inbox, or try again later.',
  tooManyForStore: 'This shop has sent a lot of sign-in emails in the last hour. Please try again later.',
  tooManyFromNetwork: 'Too many password reset requests from your network. Please try again later.',
  invalid: 'This link is not valid. Check that you copied the whole link from the email, or ask for a new one.',
  expired: `This link has expired: links work for ${RESET_LINK_MINUTES} minutes. Ask for a new one.`,
  used: 'This link has already been used to choose a new password. If that was not you, ask for a new link and choose another password.',
  superseded: 'A newer link was sent after this one: use the latest email, or ask for a new link.',
  passwordsDiffer: PASSWORDS_DIFFER,
  done: 'Your password has been changed and you are signed in. Any other devices have been signed out.',
} as const;

export const resetRequestBody = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Email is too long')
    .pipe(z.email('Enter a valid email address')),
});
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

const token = z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(RESET_TOKEN_MAX, 'The link is not valid');

export const resetStatusQuery = z.object({ token: z.string().max(RESET_TOKEN_MAX).default('') });

export const RESET_LINK_STATES = ['valid', 'invalid', 'expired', 'used', 'superseded'] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];

/** GET /api/auth/password-reset?token=: what the page should show before a password is typed. */
export const resetStatusResponse = z.object({
  state: z.enum(RESET_LINK_STATES),
  /** The account's email, masked (valid links only): the person sees which account they are changing. */
  email: z.string().nullable(),
  message: z.string().nullable(),
});
export type ResetStatusResponse = z.infer<typeof resetStatusResponse>;

export const resetCompleteBody = z.strictObject({ token, password: newPasswordField });
export type ResetCompleteBody = z.infer<typeof resetCompleteBody>;

export const resetRequestResponse = z.object({ message: z.string() });

/** The message for a link that cannot be used, by state. */
export function resetStateMessage(state: Exclude<ResetLinkState, 'valid'>): string {
  return RESET_TEXT[state];
}
