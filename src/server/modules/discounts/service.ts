import type { StoreTx } from '../../http/context';
import { conflict } from '../../http/errors';
import { productCategoryIds } from '../catalogue';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_TEXT, normaliseDiscountCode, type DiscountKind, type DiscountRefusal } from '../../../shared/discounts';
import { evaluateDiscount, type DiscountRule } from './engine';
import * as repo from './repo';

// A discount code at the cart and at checkout (issue 28): checked against the basket every time the
// cart is priced, and a use taken in the checkout's own transaction. The order then keeps what was
// agreed; this module keeps the use (held, used or given back) and the amounts for the code's figures.

/** A code that applies to the basket: the goods discount, each line's share, and free delivery. */
export interface AppliedDiscount {
  codeId: string;
  /** As the store keeps it (upper case). */
  code: string;
  kind: DiscountKind;
  value: number;
  amount: number;
  allocation: number[];
  freeDelivery: boolean;
  oncePerCustomer: boolean;
  usageLimit: number | null;
}

export interface RefusedDiscount {
  code: string;
  reason: DiscountRefusal;
  message: string;
}

export type CartDiscount = { applied: AppliedDiscount; refused?: undefined } | { refused: RefusedDiscount; applied?: undefined };

export interface BasketLine {
  product_id: string;
  line_total: number;
}

const toRule = (row: repo.CodeRow): DiscountRule => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  appliesTo: row.appliesTo,
  productIds: row.productIds,
  categoryIds: row.categoryIds,
  minSubtotal: row.minSubtotal,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  usageLimit: row.usageLimit,
  oncePerCustomer: row.oncePerCustomer,
  isActive: row.isActive,
});

/** A cart's own unpaid checkouts: known already (at checkout), or looked up only if a rule needs them. */
export type OwnOrderIds = readonly string[] | (() => Promise<readonly string[]>);

/**
 * Checks `typed` against the basket. `email`: whose use "one per customer" counts (the checkout's email,
 * or the signed-in shopper's; none yet for a guest's cart). `ownOrderIds`: the cart's own unpaid
 * checkouts, whose held uses are this shopper's and do not count against them; read only for a code
 * with a limit or one use per customer, so most codes cost the cart no look-up of its checkouts.
 */
export async function evaluateCode(
  ctx: StoreTx,
  typed: string,
  lines: readonly BasketLine[],
  who: { email: string | null; ownOrderIds: OwnOrderIds; now?: Date },
): Promise<CartDiscount> {
  const code = normaliseDiscountCode(typed);
  const row = DISCOUNT_CODE_PATTERN.test(code) ? await repo.findByCode(ctx, code) : null;
  if (!row) return { refused: { code, reason: 'unknown', message: DISCOUNT_TEXT.unknown } };
  const rule = toRule(row);
  const categories = rule.appliesTo === 'items' && rule.categoryIds.length > 0 ? await productCategoryIds(ctx, [...new Set(lines.map((l) => l.product_id))]) : new Map<string, string[]>();
  const needsOwn = rule.usageLimit !== null || (rule.oncePerCustomer && who.email !== null);
  const own = !needsOwn ? [] : typeof who.ownOrderIds === 'function' ? await who.ownOrderIds() : who.ownOrderIds;
  const usesByOthers = rule.usageLimit === null ? 0 : await repo.usesExcept(ctx, row, own);
  const usedByCustomer = rule.oncePerCustomer && who.email ? await repo.usedByEmail(ctx, row.id, who.email, own) : false;
  const result = evaluateDiscount(
    rule,
    lines.map((l) => ({ product_id: l.product_id, line_total: l.line_total, category_ids: categories.get(l.product_id) ?? [] })),
    { now: who.now ?? new Date(), usesByOthers, usedByCustomer },
  );
  if (!result.ok) return { refused: { code: row.code, reason: result.reason, message: result.message } };
  return {
    applied: { codeId: row.id, code: row.code, kind: row.kind, value: row.value, amount: result.amount, allocation: result.allocation, freeDelivery: result.freeDelivery, oncePerCustomer: row.oncePerCustomer, usageLimit: row.usageLimit },
  };
}

/** 409 discount_refused with the reason's words: checkout and the cart's apply answer with it. */
export const refusal = (r: Pick<RefusedDiscount, 'message'>) => conflict('discount_refused', r.message, { discount_code: r.message });

/**
 * Takes a use of the code for a new order, in the checkout's transaction (issue 28 item 5): a limited
 * code's row is the queue, so of 100 checkouts at once only as many as the limit leaves get one; the
 * rest are refused as used up. A code without a limit keeps no counter (its uses are its redemptions). With "one use per customer", the email's other uses are read after the row
 * is ours, so two checkouts of one email at once cannot both pass.
 */
export async function holdUse(
  ctx: StoreTx,
  applied: AppliedDiscount,
  order: { orderId: string; email: string; discountAmount: number; shippingDiscount: number; orderTotal: number },
): Promise<void> {
  if (applied.usageLimit === null) {
    // No limit, no queue: checkouts with a popular code do not wait for each other.
    if (!(await repo.holdCodeRow(ctx, applied.codeId))) throw refusal({ message: DISCOUNT_TEXT.unknown });
  } else if (!(await repo.takeUse(ctx, applied.codeId))) throw refusal({ message: DISCOUNT_TEXT.usedUp });
  if (applied.oncePerCustomer && (await repo.usedByEmail(ctx, applied.codeId, order.email, [order.orderId]))) throw refusal({ message: DISCOUNT_TEXT.usedByYou });
  await repo.insertRedemption(ctx, { codeId: applied.codeId, ...order });
}

/** An unpaid order was released: its held use goes back to the code. */
export const releaseUse = (ctx: StoreTx, orderId: string) => repo.releaseOrderUse(ctx, orderId);

/** An order was paid: its use is spent for good. */
export const spendUse = (ctx: StoreTx, orderId: string) => repo.spendOrderUse(ctx, orderId);
