import type { TenantCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { linkTargets } from '../catalogue';
import { penceToPounds, poundsToPence } from '../../../shared/money';
import { DISCOUNT_LIMITS, DISCOUNT_MESSAGES as M, type AdminDiscount, type AdminDiscountDetail, type AdminDiscountList, type DiscountInput } from '../../../shared/admin-discounts';
import type { DiscountStatus } from '../../../shared/discounts';
import * as repo from './admin-repo';

// Discount codes in the admin (issue 28 item 1): list, read, create, edit, switch off and delete. A code
// a checkout ever took is never deleted, only switched off: orders keep their own copy of the code and
// amounts, and its uses still count towards its limit.

const codeNotFound = () => notFound(M.notFound);
const codeTaken = () => conflict('discount_code_taken', M.codeTaken, { code: M.codeTaken });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function view(row: repo.AdminCodeRow): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? penceToPounds(row.value) : row.value,
    applies_to: row.applies_to,
    product_ids: row.product_ids,
    category_ids: row.category_ids,
    min_subtotal: row.min_subtotal === null ? null : penceToPounds(row.min_subtotal),
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    usage_limit: row.usage_limit,
    once_per_customer: row.once_per_customer,
    is_active: row.is_active,
    uses: row.uses,
    status: row.status,
    orders: Number(row.orders),
    sales: penceToPounds(Number(row.sales)),
    discount_given: penceToPounds(Number(row.discount_given)),
    created_at: iso(row.created_at)!,
  };
}

export async function listDiscounts(ctx: TenantCtx, query: { q?: string; status?: DiscountStatus | 'all'; page: number }): Promise<AdminDiscountList> {
  const limit = DISCOUNT_LIMITS.pageSize;
  const search = query.q?.trim() || null;
  const status = query.status && query.status !== 'all' ? query.status : null;
  const { rows, total } = await repo.listCodes(ctx, { search, status, limit, offset: (query.page - 1) * limit, now: new Date() });
  return { discounts: rows.map(view), pagination: { page: query.page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } };
}

/** One code with the names of the products and categories it applies to that still exist. */
export async function getDiscount(ctx: TenantCtx, id: string): Promise<AdminDiscountDetail> {
  const row = await repo.findCode(ctx, id, new Date());
  if (!row) throw codeNotFound();
  const targets = await linkTargets(ctx.tx, ctx.tenantId, { productIds: row.product_ids, categoryIds: row.category_ids });
  const named = (ids: string[], names: Map<string, { name: string }>) => ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)!.name }] : []));
  return { ...view(row), products: named(row.product_ids, targets.products), categories: named(row.category_ids, targets.categories) };
}

/**
 * The columns from a checked body: pence for the database, the products and categories only when the
 * code applies to chosen items, each of them this store's own (another store's id reads as unknown).
 */
async function values(ctx: TenantCtx, input: DiscountInput): Promise<repo.CodeValues> {
  const items = input.applies_to === 'items';
  const productIds = items ? input.product_ids : [];
  const categoryIds = items ? input.category_ids : [];
  if (productIds.length || categoryIds.length) {
    const known = await linkTargets(ctx.tx, ctx.tenantId, { productIds, categoryIds });
    const fields: Record<string, string> = {};
    if (productIds.some((id) => !known.products.has(id))) fields.product_ids = M.productUnknown;
    if (categoryIds.some((id) => !known.categories.has(id))) fields.category_ids = M.categoryUnknown;
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  }
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'fixed' ? poundsToPence(input.value) : input.kind === 'percentage' ? input.value : 0,
    appliesTo: input.applies_to,
    productIds,
    categoryIds,
    minSubtotal: input.min_subtotal == null ? null : poundsToPence(input.min_subtotal),
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    usageLimit: input.usage_limit ?? null,
    oncePerCustomer: input.once_per_customer,
    isActive: input.is_active,
  };
}

/** A write that met the store's unique code index (two saves at once): the same 409 as the check before it. */
async function refuseTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function createDiscount(ctx: TenantCtx, input: DiscountInput): Promise<AdminDiscountDetail> {
  if (await repo.codeTaken(ctx, input.code, null)) throw codeTaken();
  const row = await values(ctx, input);
  const id = await refuseTakenCode(() => repo.insertCode(ctx, row));
  return getDiscount(ctx, id);
}

/**
 * The whole code, as the form sends it. Orders already placed keep the code and amounts they were
 * placed with; carts are priced with the new terms from their next view.
 */
export async function updateDiscount(ctx: TenantCtx, id: string, input: DiscountInput): Promise<AdminDiscountDetail> {
  if (!(await repo.findCode(ctx, id, new Date()))) throw codeNotFound();
  if (await repo.codeTaken(ctx, input.code, id)) throw codeTaken();
  const row = await values(ctx, input);
  if (!(await refuseTakenCode(() => repo.updateCode(ctx, id, row)))) throw codeNotFound();
  return getDiscount(ctx, id);
}

/** Switched off, a code is refused at the cart and at checkout; its orders and figures stay. */
export async function setDiscountActive(ctx: TenantCtx, id: string, isActive: boolean): Promise<AdminDiscountDetail> {
  if (!(await repo.updateCode(ctx, id, { isActive }))) throw codeNotFound();
  return getDiscount(ctx, id);
}

/**
 * Deletes a code no checkout ever took (null: deleted). One that was taken (held, used or given back)
 * is switched off instead and answered, so its orders keep their copy and its uses still count.
 */
export async function deleteDiscount(ctx: TenantCtx, id: string): Promise<AdminDiscountDetail | null> {
  const lock = await repo.lockForDelete(ctx, id);
  if (!lock) throw codeNotFound();
  if (lock.redeemed) return setDiscountActive(ctx, id, false);
  await repo.deleteCode(ctx, id);
  return null;
}
