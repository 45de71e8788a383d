import { z } from 'zod/mini';
import { emailAddress } from './mini-fields';

// Claiming earlier guest orders (storefront spec §4, §5): the request for a confirmation link, made from
// My orders' claim form, and the confirmation with the link's token. Zod Mini: the form is on the storefront
// (docs/decisions/004-storefront-bundle-budget.md). Rate limits and their texts are in claims.ts.

export const CLAIM_MESSAGES = {
  /** Storefront spec §5: the email must be non-empty after trimming. */
  email: 'Please enter your email address',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Enter a valid email address',
  token: 'This confirmation link is not valid. Ask for a new one.',
} as const;

/** POST /api/account/claim-orders: the address the earlier orders were placed with. */
export const claimOrdersBody = z.strictObject({
  email: emailAddress({ required: CLAIM_MESSAGES.email, tooLong: CLAIM_MESSAGES.emailTooLong, invalid: CLAIM_MESSAGES.emailInvalid }),
});
export type ClaimOrdersBody = z.input<typeof claimOrdersBody>;

/** POST /api/account/claim-orders/confirm: the one-time token from the emailed link. */
export const confirmClaimBody = z.strictObject({
  token: z.string({ error: CLAIM_MESSAGES.token }).check(z.trim(), z.minLength(1, CLAIM_MESSAGES.token), z.maxLength(200, CLAIM_MESSAGES.token)),
});
export type ConfirmClaimBody = z.input<typeof confirmClaimBody>;
