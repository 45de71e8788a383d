import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { discountCodes } from '../../db/schema';
import type { DiscountStatus } from '../../../shared/discounts';

// The discounts module's SQL for the admin's list and form (issue 28 item 1). The code's figures come
// from its own redemptions (amounts kept there when the checkout took the use), never the orders tables.

export type CodeValues = Pick<
  typeof discountCodes.$inferInsert,
  'code' | 'kind' | 'value' | 'appliesTo' | 'productIds' | 'categoryIds' | 'minSubtotal' | 'startsAt' | 'endsAt' | 'usageLimit' | 'oncePerCustomer' | 'isActive'
>;

/** A code as the admin reads it: the row, its status now, and what paid orders took with it (pence). */
export interface AdminCodeRow {
  id: string;
  code: string;
  kind: CodeValues['kind'];
  value: number;
  applies_to: NonNullable<CodeValues['appliesTo']>;
  product_ids: string[];
  category_ids: string[];
  min_subtotal: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  once_per_customer: boolean;
  is_active: boolean;
  uses: number;
  created_at: Date | string;
  status: DiscountStatus;
  orders: number;
  sales: number | string;
  discount_given: number | string;
}

/** The same rules as discountStatus() (shared/discounts.ts), at `now`, so the filter and the badge agree. */
const statusOf = (now: Date) => sql<DiscountStatus>`case
  when not c.is_active then 'switched_off'
  when c.ends_at is not null and c.ends_at <= ${now.toISOString()}::timestamptz then 'expired'
  when c.usage_limit is not null and c.uses >= c.usage_limit then 'used_up'
  when c.starts_at is not null and c.starts_at > ${now.toISOString()}::timestamptz then 'scheduled'
  else 'active' end`;

/** The code's row with its status and figures; `where` filters the codes (alias c). */
function selectCodes(ctx: TenantCtx, now: Date, where: SQL) {
  return sql`
    select c.id, c.code, c.kind, c.value, c.applies_to, c.product_ids::text[] as product_ids, c.category_ids::text[] as category_ids,
      c.min_subtotal, c.starts_at, c.ends_at, c.usage_limit, c.once_per_customer, c.is_active, coalesce(f.uses, 0)::int as uses, c.created_at,
      ${statusOf(now)} as status,
      coalesce(f.orders, 0)::int as orders, coalesce(f.sales, 0)::bigint as sales, coalesce(f.given, 0)::bigint as discount_given
    from discount_codes c
    left join lateral (
      select count(*) filter (where r.state = 'used') as orders, sum(r.order_total) filter (where r.state = 'used') as sales,
        sum(r.discount_amount + r.shipping_discount) filter (where r.state = 'used') as given, count(*) as uses
      from discount_redemptions r
      where r.tenant_id = c.tenant_id and r.code_id = c.id and r.state in ('held', 'used')
    ) f on true
    where c.tenant_id = ${ctx.tenantId} and ${where}`;
}

export interface ListOptions {
  search: string | null;
  status: DiscountStatus | null;
  limit: number;
  offset: number;
  now: Date;
}

/** Newest first; the search finds the typed text anywhere in the code, whatever its case. */
export async function listCodes(ctx: TenantCtx, opts: ListOptions): Promise<{ rows: AdminCodeRow[]; total: number }> {
  const filters: SQL[] = [sql`true`];
  // position(): the typed text is matched as it is, with no wildcard to escape.
  if (opts.search) filters.push(sql`position(upper(${opts.search}) in upper(c.code)) > 0`);
  if (opts.status) filters.push(sql`${statusOf(opts.now)} = ${opts.status}`);
  const where = sql.join(filters, sql` and `);
  const rows = rowsOf<AdminCodeRow>(await ctx.tx.execute(sql`${selectCodes(ctx, opts.now, where)} order by c.created_at desc, c.id desc limit ${opts.limit} offset ${opts.offset}`));
  const [count] = rowsOf<{ total: number }>(await ctx.tx.execute(sql`select count(*)::int as total from discount_codes c where c.tenant_id = ${ctx.tenantId} and ${where}`));
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findCode(ctx: TenantCtx, id: string, now: Date): Promise<AdminCodeRow | null> {
  const [row] = rowsOf<AdminCodeRow>(await ctx.tx.execute(selectCodes(ctx, now, sql`c.id = ${id}::uuid`)));
  return row ?? null;
}

/** Another code of the store with this code, whatever its case (the unique index says the same). */
export async function codeTaken(ctx: TenantCtx, code: string, exceptId: string | null): Promise<boolean> {
  const where = [eq(discountCodes.tenantId, ctx.tenantId), sql`upper(${discountCodes.code}) = upper(${code})`];
  if (exceptId) where.push(ne(discountCodes.id, exceptId));
  const rows = await ctx.tx.select({ id: discountCodes.id }).from(discountCodes).where(and(...where)).limit(1);
  return rows.length > 0;
}

export async function insertCode(ctx: TenantCtx, values: CodeValues): Promise<string> {
  const [row] = await ctx.tx.insert(discountCodes).values({ tenantId: ctx.tenantId, ...values }).returning({ id: discountCodes.id });
  return row.id;
}

/**
 * The checkouts keep `uses` for a code with a limit (holdUse, releaseUse); saving recounts it from the
 * redemptions, under the row's lock, so a limit set on a code that had none starts from its real uses.
 */
export async function updateCode(ctx: TenantCtx, id: string, values: Partial<CodeValues>): Promise<boolean> {
  const recount = sql`(select count(*)::int from discount_redemptions r where r.tenant_id = ${ctx.tenantId} and r.code_id = ${id}::uuid and r.state in ('held', 'used'))`;
  const rows = await ctx.tx
    .update(discountCodes)
    .set({ ...values, uses: recount, updatedAt: new Date() })
    .where(and(eq(discountCodes.tenantId, ctx.tenantId), eq(discountCodes.id, id)))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

/**
 * Locks the code's row (a checkout taking a use waits, and is then refused if it was deleted) and
 * answers whether any checkout ever took it (held, used or given back): such a code is not deleted.
 * Null: no such code in this store.
 */
export async function lockForDelete(ctx: TenantCtx, id: string): Promise<{ redeemed: boolean } | null> {
  const locked = rowsOf<{ id: string }>(await ctx.tx.execute(sql`select id from discount_codes where tenant_id = ${ctx.tenantId} and id = ${id}::uuid for update`));
  if (locked.length === 0) return null;
  // A statement of its own, after the lock: it sees a use a checkout committed while we waited for the row.
  const used = rowsOf<{ one: number }>(await ctx.tx.execute(sql`select 1 as one from discount_redemptions where tenant_id = ${ctx.tenantId} and code_id = ${id}::uuid limit 1`));
  return { redeemed: used.length > 0 };
}

export async function deleteCode(ctx: TenantCtx, id: string): Promise<boolean> {
  const rows = await ctx.tx
    .delete(discountCodes)
    .where(and(eq(discountCodes.tenantId, ctx.tenantId), eq(discountCodes.id, id)))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}
