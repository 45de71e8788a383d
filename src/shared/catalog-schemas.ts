import { z } from 'zod';
import { REVIEW_TEXT, type ReviewBody } from './catalog';
import { EMAIL_PATTERN, REVIEW_ERRORS, REVIEW_LIMITS } from './review-check';
import { paginationSchema } from './pagination';

// Zod request and response schemas for the catalogue routes. Kept apart from catalog.ts so the storefront bundle,
// which needs only the constants and types, never pulls in Zod (docs/decisions/004-storefront-bundle-budget.md).

/**
 * GET /api/products query. Lenient by design: a shopper's hand-edited URL gets a sensible page, not an
 * error. Unknown keys are ignored (tracking parameters are common on shop links). q is trimmed here and
 * its length checked by parseListQuery (storefront-service.ts), whose 400 says what is wrong in words
 * the storefront can show.
 */
export const productListQuery = z.object({
  category: z.string().max(200).optional(),
  q: z.string().trim().optional(),
  page: z.unknown().optional(),
  limit: z.unknown().optional(),
  sort: z.unknown().optional(),
  featured: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** POST /api/products/{id}/reviews (storefront spec §7; rating defaults to 5). The form's twin: checkReview. */
export const reviewBody = z.strictObject({
  rating: z.number({ error: REVIEW_ERRORS.rating }).int(REVIEW_ERRORS.rating).min(1, REVIEW_ERRORS.rating).max(5, REVIEW_ERRORS.rating).default(5),
  title: z.string({ error: REVIEW_TEXT.missing }).trim().min(1, REVIEW_TEXT.missing).max(REVIEW_LIMITS.title, REVIEW_ERRORS.title),
  body: z.string({ error: REVIEW_TEXT.missing }).trim().min(1, REVIEW_TEXT.missing).max(REVIEW_LIMITS.body, REVIEW_ERRORS.body),
  customer_email: z
    .string({ error: REVIEW_TEXT.missing })
    .trim()
    .toLowerCase()
    .min(1, REVIEW_TEXT.missing)
    .max(REVIEW_LIMITS.customer_email, REVIEW_ERRORS.emailTooLong)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: REVIEW_ERRORS.email })),
});

// The hand-written type in catalog.ts must stay the schema's input type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _reviewBodyMatches: Same<z.input<typeof reviewBody>, ReviewBody> = true;
void _reviewBodyMatches;

const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Storefront spec §3 Review, as shown: the email is masked before it leaves the server. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  customer_email: z.string(),
  created_at: z.string(),
  verified_purchase: z.boolean(),
});

/** GET /api/products/{id}/reviews */
export const reviewListResponse = z.object({
  reviews: z.array(publicReviewSchema),
  average_rating: z.number().nullable(),
  review_count: z.number(),
});

/** POST /api/products/{id}/reviews (201): the review waits for moderation. */
export const reviewSubmittedResponse = z.object({
  review: z.object({ id: z.string(), status: z.literal('pending') }),
  message: z.string(),
});

/** GET /api/admin/reviews: one review in the moderation queue, email unmasked, with its product. */
export const moderationReviewSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  customer_email: z.string(),
  status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
});
export const moderationPageResponse = z.object({ reviews: z.array(moderationReviewSchema), pagination: paginationSchema });

/** PATCH /api/admin/reviews/{id} */
export const reviewModeratedResponse = z.object({ review: z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) }) });
