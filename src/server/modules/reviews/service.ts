import type { StoreCtx, TenantCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { spendStoreAllowance, type Limit } from '../limits';
import { liveProductRating, productLabels, setProductRating } from '../catalogue';
import { purchasersOf } from '../orders';
import { maskEmail, REVIEW_TEXT, type PublicReview, type ReviewList } from '../../../shared/catalog';
import { isUuid } from '../../../shared/ids';
import * as repo from './repo';

/** Reviews a single address may post to one store in the window before 429 (spam guard). */
export const REVIEW_POSTS_PER_WINDOW = 5;
export const REVIEW_WINDOW_MS = 60 * 60 * 1000;
const REVIEW_LIMIT: Limit = { bucket: 'review', max: REVIEW_POSTS_PER_WINDOW, windowMs: REVIEW_WINDOW_MS, message: REVIEW_TEXT.rateLimited };
const SHOWN_REVIEWS = 50;

/** Reviews hang off live products only; another store's product id is the same 404 as a missing one. */
async function liveProduct(ctx: StoreCtx, productId: string) {
  const product = isUuid(productId) ? await liveProductRating(ctx.tx, ctx.tenantId, productId) : null;
  if (!product) throw notFound('Product not found');
  return product;
}

function toPublic(row: repo.ReviewRow, verified: boolean): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    customer_email: maskEmail(row.customer_email),
    created_at: new Date(row.created_at).toISOString(),
    verified_purchase: verified,
  };
}

export async function listReviews(ctx: StoreCtx, productId: string): Promise<ReviewList> {
  const product = await liveProduct(ctx, productId);
  const rows = await repo.listApproved(ctx, productId, SHOWN_REVIEWS);
  // Verified: a paid order of this store, placed with the reviewer's email, holds this product.
  const buyers = await purchasersOf(ctx.tx, ctx.tenantId, productId, rows.map((r) => r.customer_email));
  return {
    reviews: rows.map((r) => toPublic(r, buyers.has(r.customer_email.toLowerCase()))),
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
  const products = await productLabels(ctx.tx, ctx.tenantId, rows.map((r) => r.product_id));
  return {
    reviews: rows.flatMap((r) => {
      const product = products.get(r.product_id);
      // Reviews go with their product (ON DELETE CASCADE), so a missing label cannot happen in one transaction.
      return product ? [{ ...r, product_name: product.name, product_slug: product.slug, created_at: new Date(r.created_at).toISOString() }] : [];
    }),
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
  await setProductRating(ctx.tx, ctx.tenantId, updated.product_id, await repo.approvedRating(ctx, updated.product_id));
  return { review: { id: reviewId, status } };
}
