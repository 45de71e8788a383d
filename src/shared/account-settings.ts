import { z } from 'zod';
import { EMAIL_MAX, newPasswordField, PASSWORD_MAX } from './auth';

// Account settings (issue 26 item 2): the same for a shopper (/account) and staff (/admin/account).
// Changing the password or the email asks for the current password again (OWASP ASVS 5.0 V6.2, V7.5).

export const EMAIL_CHANGE_LINK_HOURS = 24;

export const ACCOUNT_TEXT = {
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  wrongPassword: 'Your current password is not right',
  samePassword: 'Choose a password different from your current one',
  sameEmail: 'This is already your email',
  emailTaken: 'Another account already uses this email',
  emailChangeSent: (to: string) => `We've sent a confirmation link to ${to}. Your email changes when you open it.`,
  emailChanged: 'Your email has been changed.',
  emailChangeInvalid: 'This email change link has expired or was already used. Ask for a new one from your account settings.',
  emailChangeTaken: 'Another account started using that email in the meantime, so your email has not been changed.',
  signedOutDevice: 'Signed out of that device.',
  signedOutOthers: (n: number) => (n === 1 ? 'Signed out of 1 other device.' : `Signed out of ${n} other devices.`),
} as const;

const currentPassword = z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(PASSWORD_MAX, 'Password is too long');

export const changePasswordBody = z.strictObject({ current_password: currentPassword, new_password: newPasswordField });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const changeEmailBody = z.strictObject({
  new_email: z
    .string({ error: 'Enter your new email' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your new email')
    .max(EMAIL_MAX, 'Email is too long')
    .pipe(z.email('Enter a valid email address')),
  current_password: currentPassword,
  /** Where the confirmation link brings the person back: the shop's account page or the admin's. */
  return_to: z.enum(['store', 'admin']).default('store'),
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

/** GET /api/account */
export const accountResponse = z.object({
  email: z.string(),
  email_confirmed: z.boolean(),
  created_at: z.string(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

export const deviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", from the browser's user agent. */
  browser: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The device asking. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
/** GET /api/account/sessions */
export const devicesResponse = z.object({ devices: z.array(deviceSchema) });
export type DevicesResponse = z.infer<typeof devicesResponse>;

export const messageResponse = z.object({ message: z.string() });
