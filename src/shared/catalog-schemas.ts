import { z } from 'zod';

// Zod request schemas for the catalogue routes. Kept apart from catalog.ts so the storefront bundle,
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

/** POST /api/products/{id}/reviews: in Zod Mini beside the storefront's review form, which uses it too. */
export { reviewBody } from './review-schemas';

/** PATCH /api/admin/reviews/{id} (admin moderation): a review is approved or rejected. */
export const reviewModerationBody = z.strictObject({ status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected' }) });
export type ReviewModerationBody = z.infer<typeof reviewModerationBody>;
