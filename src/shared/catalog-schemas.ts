import { z } from 'zod';
import { paginationSchema } from './pagination';

// Zod request and response schemas for the catalogue routes. Kept apart from catalog.ts so the storefront bundle,
// which needs only the constants and types, never pulls in Zod (docs/decisions/004-storefront-bundle-budget.md).

/**
 * GET /api/products query. Lenient by design: a shopper's hand-edited URL gets a sensible page, not an
 * error. Unknown keys are ignored (tracking parameters are common on shop links). q is trimmed here and
 * its length checked by parseListQuery (storefront-service.ts), whose 400 says what is wrong in words
 * the storefront can show.
 */
// A filter given once is a string, repeated an array; shared/product-filters.ts reads either leniently.
const filterValues = z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]).optional();

/** The filters of issue 27 item 8 (shared/product-filters.ts), on GET /api/products and its facets. */
export const productFilterQuery = z.object({
  category: z.string().max(200).optional(),
  q: z.string().trim().optional(),
  min_price: z.string().max(20).optional(),
  max_price: z.string().max(20).optional(),
  brand: filterValues,
  in_stock: z.string().max(10).optional(),
  option: filterValues,
});
export type ProductFilterQuery = z.infer<typeof productFilterQuery>;

export const productListQuery = productFilterQuery.extend({
  page: z.unknown().optional(),
  limit: z.unknown().optional(),
  sort: z.unknown().optional(),
  featured: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** POST /api/products/{id}/reviews: in Zod Mini beside the storefront's review form, which uses it too. */
export { reviewBody } from './review-schemas';

/** PATCH /api/admin/reviews/{id} (admin moderation): a review is approved or rejected. */
export const reviewModerationBody = z.strictObject({ status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected' }) });
export type ReviewModerationBody = z.infer<typeof reviewModerationBody>;
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
