import type { StoreCtx, TenantCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { spendStoreAllowance, type Limit } from '../../limits';
import { maskEmail, REVIEW_TEXT, type PublicReview, type ReviewList } from '../../../../shared/catalog';
import { isUuid } from '../../../../shared/ids';
import * as catalogue from './storefront-repo';
import * as repo from './reviews-repo';

/** Reviews a single address may post to one store in the window before 429 (spam guard). */
export const REVIEW_POSTS_PER_WINDOW = 5;
export const REVIEW_WINDOW_MS = 60 * 60 * 1000;
const REVIEW_LIMIT: Limit = { bucket: 'review', max: REVIEW_POSTS_PER_WINDOW, windowMs: REVIEW_WINDOW_MS, message: REVIEW_TEXT.rateLimited };
const SHOWN_REVIEWS = 50;

/** Reviews hang off live products only; another store's product id is the same 404 as a missing one. */
async function liveProduct(ctx: StoreCtx, productId: string) {
  const product = isUuid(productId) ? await catalogue.findLiveProduct(ctx, { id: productId }) : null;
  if (!product) throw notFound('Product not found');
  return product;
}

function toPublic(row: repo.ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    customer_email: maskEmail(row.customer_email),
    created_at: new Date(row.created_at).toISOString(),
    verified_purchase: row.verified_purchase === true,
  };
}

export async function listReviews(ctx: StoreCtx, productId: string): Promise<ReviewList> {
  const product = await liveProduct(ctx, productId);
  const rows = await repo.listApproved(ctx, productId, SHOWN_REVIEWS);
  return {
    reviews: rows.map(toPublic),
    average_rating: product.average_rating === null ? null : Number(product.average_rating),
    review_count: product.review_count,
  };
}

/** New reviews wait for moderation; nothing about them is public until approved. */
export async function submitReview(ctx: StoreCtx, productId: string, ip: string, body: { rating: number; title: string; body: string; customer_email: string }) {
  await liveProduct(ctx, productId);
  await spendStoreAllowance(ctx.tx, ctx.tenantId, REVIEW_LIMIT, ip);
  const id = await repo.insertReview(ctx, productId, body);
  return { review: { id, status: 'pending' as const }, message: REVIEW_TEXT.moderation };
}

export async function listForModeration(ctx: TenantCtx, status: 'pending' | 'approved' | 'rejected' | null, page: number, limit: number) {
  const { rows, total } = await repo.listForModeration(ctx, status, limit, (page - 1) * limit);
  return {
    reviews: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** Approve or reject, and recount the product's rating from approved reviews, in one transaction. */
export async function moderate(ctx: TenantCtx, reviewId: string, status: 'approved' | 'rejected') {
  // Told after the commit: the storefront's cached answers for this store are dropped.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  if (!isUuid(reviewId)) throw notFound('Review not found');
  const updated = await repo.setStatus(ctx, reviewId, status);
  if (!updated) throw notFound('Review not found');
  await repo.refreshProductRating(ctx, updated.product_id);
  return { review: { id: reviewId, status } };
}
