import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';

// A reviewer's reviews under UK GDPR (issue 26 item 5). A review names its author only by the email typed
// with it, so the customers module asks by email, and only for an address the person is known to hold.

export interface ExportedReview {
  product_id: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  created_at: string;
}

/** The reviews posted with this email (lower-cased) in this store, oldest first. */
export async function reviewsByEmail(tx: Tx, tenantId: string, email: string): Promise<ExportedReview[]> {
  return rowsOf<ExportedReview>(
    await tx.execute(sql`
      select r.product_id, r.rating, r.title, r.body, r.status, r.created_at from reviews r
      where r.tenant_id = ${tenantId}::uuid and lower(r.customer_email) = ${email}
      order by r.created_at, r.id`),
  ).map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/**
 * Anonymises them: the email goes (blank, so the storefront shows no author and no "Verified purchase"),
 * the rating and words stay with the product, as the shop's content. Answers how many there were.
 */
export async function eraseReviewsBy(tx: Tx, tenantId: string, email: string): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update reviews r set customer_email = '' where r.tenant_id = ${tenantId}::uuid and lower(r.customer_email) = ${email} returning r.id`),
  );
  return rows.length;
}
