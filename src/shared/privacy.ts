import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX } from './auth';

// Privacy under UK GDPR (issue 26 item 5): a person's data for a store as a file, and its erasure, asked
// for by the person on /account or by a store's admin from the customer's page.

export const PRIVACY_TEXT = {
  erasedHere: 'Your data in this shop has been erased and you have been signed out everywhere.',
  erasedAccount: 'Your account has been erased and you have been signed out everywhere.',
  erasedCustomer: 'The customer’s data has been erased.',
  ordersUnderWay: 'An order of yours is still being paid for, delivered or refunded. You can erase your data once it has arrived, been cancelled or been refunded.',
  customerOrdersUnderWay: 'This customer has an order still being paid for, delivered or refunded. Erase their data once it has been shipped, cancelled or refunded.',
  platformAccount: 'This account runs the platform, so it cannot be erased here.',
  storeTeam: 'Your account is on a shop’s team. Ask the shop’s owner to remove you, or close your shop, before erasing your account.',
  confirmEmail: 'Type the customer’s email to confirm',
  enterPassword: 'Enter your current password',
} as const;

/** Erasing one's own data: the current password again (OWASP ASVS V7.5: a sensitive change). */
export const eraseOwnDataBody = z.strictObject({
  current_password: z.string({ error: PRIVACY_TEXT.enterPassword }).min(1, PRIVACY_TEXT.enterPassword).max(PASSWORD_MAX, 'Password is too long'),
});
export type EraseOwnDataBody = z.infer<typeof eraseOwnDataBody>;

/** Erasing a customer's data from admin: the customer's email typed again, so it is never one click. */
export const eraseCustomerBody = z.strictObject({
  confirm_email: z.string({ error: PRIVACY_TEXT.confirmEmail }).trim().toLowerCase().min(1, PRIVACY_TEXT.confirmEmail).max(EMAIL_MAX, PRIVACY_TEXT.confirmEmail),
});
export type EraseCustomerBody = z.input<typeof eraseCustomerBody>;

export const privacyMessageResponse = z.object({ message: z.string() });

/** The export file's name: `<what>-data-<yyyy-mm-dd>.json`. */
export const dataFileName = (what: string, at = new Date()) => `${what}-data-${at.toISOString().slice(0, 10)}.json`;
