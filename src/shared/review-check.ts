import { REVIEW_TEXT, type ReviewBody } from './catalog';

// The review rules as plain code, for the storefront's review form (which loads with the Reviews tab)
// and for the server's Zod schema (catalog-schemas.ts), so both say the same thing in the same words.

export const REVIEW_LIMITS = { title: 120, body: 4000, customer_email: 254 } as const;

/** What each review rule says when broken: the server's schema and the storefront's form share them. */
export const REVIEW_ERRORS = {
  rating: 'Choose a rating from 1 to 5',
  title: 'Title must be 120 characters or fewer',
  body: 'Review must be 4,000 characters or fewer',
  emailTooLong: 'Email is too long',
  email: 'Enter a valid email address',
} as const;

/** Zod 4's own email pattern (`z.email()`), named here so the form and the server check the same thing. */
// eslint-disable-next-line no-useless-escape -- Zod's text verbatim; a test compares the two
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export type ReviewField = keyof ReviewBody;
export type ReviewCheck =
  | { success: true; data: Required<ReviewBody> }
  | { success: false; errors: Partial<Record<ReviewField, string>> };

/**
 * The review rules without Zod, for the storefront form: the same checks, order, texts and clean-up
 * (trimmed text, lower-case email, rating 5 when absent) as `reviewBody` in catalog-schemas.ts, which
 * the server applies; a test keeps the two in step. One message per field, the first rule it breaks.
 */
export function checkReview(input: ReviewBody): ReviewCheck {
  const errors: Partial<Record<ReviewField, string>> = {};
  const rating = input.rating ?? 5;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = REVIEW_ERRORS.rating;
  const text = (field: 'title' | 'body', tooLong: string): string => {
    const raw = input[field];
    if (typeof raw !== 'string') {
      errors[field] = REVIEW_TEXT.missing;
      return '';
    }
    const value = raw.trim();
    if (value.length < 1) errors[field] = REVIEW_TEXT.missing;
    else if (value.length > REVIEW_LIMITS[field]) errors[field] = tooLong;
    return value;
  };
  const title = text('title', REVIEW_ERRORS.title);
  const body = text('body', REVIEW_ERRORS.body);
  let email = '';
  if (typeof input.customer_email !== 'string') errors.customer_email = REVIEW_TEXT.missing;
  else {
    email = input.customer_email.trim().toLowerCase();
    if (email.length < 1) errors.customer_email = REVIEW_TEXT.missing;
    else if (email.length > REVIEW_LIMITS.customer_email) errors.customer_email = REVIEW_ERRORS.emailTooLong;
    else if (!EMAIL_PATTERN.test(email)) errors.customer_email = REVIEW_ERRORS.email;
  }
  if (Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, data: { rating, title, body, customer_email: email } };
}
