import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../http/context';
import { rowsOf } from '../../db/rows';


export interface ReviewRow {
  id: string;
  product_id: string;
  rating: number;
  title: string;
  body: string;
  customer_email: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string | Date;
}

export async function listApproved(ctx: StoreCtx, productId: string, limit: number): Promise<ReviewRow[]> {
  const result = await ctx.tx.execute(sql`
    select r.id, r.product_id, r.rating, r.title, r.body, r.customer_email, r.status, r.created_at
    from reviews r
    where r.tenant_id = ${ctx.tenantId} and r.product_id = ${productId}::uuid and r.status = 'approved'
    order by r.created_at desc limit ${limit}`);
  return rowsOf<ReviewRow>(result);
}

export async function insertReview(ctx: StoreCtx, productId: string, r: { rating: number; title: string; body: string; customer_email: string }): Promise<string> {
  const result = await ctx.tx.execute(sql`
    insert into reviews (tenant_id, product_id, rating, title, body, customer_email)
    values (${ctx.tenantId}, ${productId}::uuid, ${r.rating}, ${r.title}, ${r.body}, ${r.customer_email})
    returning id`);
  return rowsOf<{ id: string }>(result)[0].id;
}

/** The approved reviews' count and average (2 decimals), which the product card shows. */
export async function approvedRating(ctx: StoreCtx, productId: string): Promise<{ count: number; average: number | null }> {
  const [row] = rowsOf<{ n: number; avg: string | null }>(await ctx.tx.execute(sql`
    select count(*)::int as n, round(avg(rating)::numeric, 2) as avg from reviews
    where tenant_id = ${ctx.tenantId} and product_id = ${productId}::uuid and status = 'approved'`));
  return { count: row.n, average: row.avg === null ? null : Number(row.avg) };
}

export async function listForModeration(ctx: StoreCtx, status: ReviewRow['status'] | null, limit: number, offset: number): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = status ? sql`r.tenant_id = ${ctx.tenantId} and r.status = ${status}` : sql`r.tenant_id = ${ctx.tenantId}`;
  const rows = rowsOf<ReviewRow>(await ctx.tx.execute(sql`
    select r.id, r.product_id, r.rating, r.title, r.body, r.customer_email, r.status, r.created_at
    from reviews r
    where ${where} order by r.created_at desc limit ${limit} offset ${offset}`));
  const total = rowsOf<{ n: number }>(await ctx.tx.execute(sql`select count(*)::int as n from reviews r where ${where}`))[0].n;
  return { rows, total };
}

export async function setStatus(ctx: StoreCtx, reviewId: string, status: 'approved' | 'rejected'): Promise<{ product_id: string } | null> {
  const result = await ctx.tx.execute(sql`
    update reviews set status = ${status}, moderated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${reviewId}::uuid
    returning product_id`);
  return rowsOf<{ product_id: string }>(result)[0] ?? null;
}
