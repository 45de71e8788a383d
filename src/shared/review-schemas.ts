import { z } from 'zod/mini';
import { REVIEW_TEXT, type ReviewBody } from './catalog';
import { emailAddress, requiredText } from './mini-fields';

// POST /api/products/{id}/reviews (storefront spec §5, §7): the one schema the server applies and the
// storefront's review form validates with. Zod Mini, because the form loads on a product page
// (docs/decisions/004-storefront-bundle-budget.md); catalog-schemas.ts re-exports it for the routes.

export const REVIEW_LIMITS = { title: 120, body: 4000, customer_email: 254 } as const;

/** What each review rule says when broken. An empty title, body or email says the spec's REVIEW_TEXT.missing. */
export const REVIEW_ERRORS = {
  rating: 'Choose a rating from 1 to 5',
  title: 'Title must be 120 characters or fewer',
  body: 'Review must be 4,000 characters or fewer',
  emailTooLong: 'Email is too long',
  email: 'Enter a valid email address',
} as const;

/** Rating 1 to 5 (5 when left out); title, body and email required after trimming; email lower-cased. */
export const reviewBody = z.strictObject({
  rating: z._default(z.number({ error: REVIEW_ERRORS.rating }).check(z.int(REVIEW_ERRORS.rating), z.gte(1, REVIEW_ERRORS.rating), z.lte(5, REVIEW_ERRORS.rating)), 5),
  title: requiredText(REVIEW_LIMITS.title, REVIEW_TEXT.missing, REVIEW_ERRORS.title),
  body: requiredText(REVIEW_LIMITS.body, REVIEW_TEXT.missing, REVIEW_ERRORS.body),
  customer_email: emailAddress({ required: REVIEW_TEXT.missing, tooLong: REVIEW_ERRORS.emailTooLong, invalid: REVIEW_ERRORS.email }, REVIEW_LIMITS.customer_email),
});
export type ReviewBodyOutput = z.output<typeof reviewBody>;

// The hand-written type in catalog.ts (which the storefront's API client uses) must stay the schema's input type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _reviewBodyMatches: Same<z.input<typeof reviewBody>, ReviewBody> = true;
void _reviewBodyMatches;
