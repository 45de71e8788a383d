import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

// Two-step sign-in (issue 26 item 3): a code from an authenticator app (TOTP) after the password, or one
// of ten single-use recovery codes.

export const TWO_STEP_CHALLENGE_MINUTES = 5;
/** Code attempts one account may make in the window (its sign-in, set-up and turning it off alike). */
export const TWO_STEP_MAX_ATTEMPTS = 5;
export const TWO_STEP_WINDOW_MS = 15 * 60 * 1000;

export const TWO_STEP_TEXT = {
  required: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not right. Check the time on your phone, or use a recovery code.',
  expired: 'That took too long: sign in again with your password.',
  tooMany: 'Too many codes tried. Please wait a few minutes and try again.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-step sign-in is off.',
  notSetUp: 'Start the set-up again: scan the new QR code, then enter a code.',
  storeRequires: (store: string) => `${store} asks everyone with admin access to use two-step sign-in. Set it up to continue.`,
  cannotDisable: (store: string) => `${store} requires two-step sign-in for its team, so it cannot be turned off while you are a member.`,
} as const;

const code = z.string({ error: TWO_STEP_TEXT.required }).trim().min(1, TWO_STEP_TEXT.required).max(40, TWO_STEP_TEXT.wrongCode);
const currentPassword = z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(PASSWORD_MAX, 'Password is too long');

/** POST /api/auth/sign-in/two-step: a 6-digit code, or a recovery code. */
export const twoStepSignInBody = z.strictObject({ code });
/** POST /api/account/two-step/enable */
export const enableTwoStepBody = z.strictObject({ code });
/** POST /api/account/two-step/disable and /recovery-codes */
export const passwordConfirmBody = z.strictObject({ current_password: currentPassword });

/** GET /api/account/two-step */
export const twoStepStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** Stores the person works in that require it (they cannot turn it off). */
  required_by: z.array(z.string()),
});
export type TwoStepStatus = z.infer<typeof twoStepStatus>;

/** POST /api/account/two-step/setup: a new secret to scan (not active until a code from it is entered). */
export const twoStepSetup = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetup>;

/** The codes, shown once. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()), message: z.string() });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** POST /api/auth/sign-in answers this (202) when the account uses two-step sign-in. */
export const twoStepChallengeResponse = z.object({ two_step_required: z.literal(true) });
