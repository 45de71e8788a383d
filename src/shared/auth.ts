import { z } from 'zod';
import { MEMBER_ROLES } from './roles';

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Session lifetime: ended after this long without use, and in any case after the absolute limit. */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'sid';

/**
 * Failed sign-ins allowed within the window before 429 (decisions 001 and 011): per client address
 * and email together, per account (its email, from any addresses: a guesser spreading attempts over
 * many addresses), and per address (one address trying many emails). Successful sign-ins never count.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT = 5;
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 30;
/**
 * A device that signed in to the account before (its device cookie) is still judged on its password
 * while the account is locked by the per-account limit, up to this many failures of its own in the
 * window; then that device cookie is locked out too (decision 031, OWASP "device cookies").
 */
export const SIGN_IN_MAX_FAILURES_PER_DEVICE = 5;
export const DEVICE_COOKIE = 'did';
/** How long a device stays known after its last sign-in (the cookie's Max-Age, also checked on the server). */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Sign-up attempts (taken emails included) allowed per client address within the window. */
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_UP_MAX_PER_ADDRESS = 20;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Invalid email'));

export const signInBody = z.strictObject({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'),
});
export type SignInBody = z.infer<typeof signInBody>;

/** A new password, wherever one is chosen: sign-up, a reset link, account settings (issue 26). */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, 'Password is too long');
/** Under a "confirm new password" field that differs from the first. */
export const PASSWORDS_DIFFER = 'The passwords do not match';

export const signUpBody = z.strictObject({ email, password: newPasswordField });
export type SignUpBody = z.infer<typeof signUpBody>;

export const membershipSchema = z.object({
  tenant_id: z.string(),
  role: z.enum(MEMBER_ROLES),
  tenant: z.object({ name: z.string(), domain: z.string().nullable() }),
});
export type Membership = z.infer<typeof membershipSchema>;

/** isSales: platform sales or owner, who may use the platform's own CRM without a store (decision 027). */
export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), isOwner: z.boolean(), isSales: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session */
export const sessionResponse = z.object({
  user: sessionUserSchema.nullable(),
  memberships: z.array(membershipSchema),
  active_tenant_id: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/is-owner (storefront spec §7). */
export const isOwnerResponse = z.object({ isOwner: z.boolean() });

export const activeTenantBody = z.strictObject({ tenant_id: z.uuid('Choose a tenant') });

/** Texts the sign-in page shows (storefront spec §8). */
export const AUTH_TEXT = {
  signInFailed: 'Failed to sign in',
  signUpFailed: 'Failed to create account',
  emailTaken: 'An account with this email already exists. Try signing in instead.',
  invalidCredentials: 'Invalid email or password',
  rateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  signUpRateLimited: 'Too many accounts have been created from your network recently. Please try again later.',
} as const;
