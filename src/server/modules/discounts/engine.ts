import { DISCOUNT_TEXT, type DiscountKind, type DiscountRefusal, type DiscountScope } from '../../../shared/discounts';
import { penceToPounds } from '../../../shared/money';

// The arithmetic of a discount code (issue 28 item 4), pure so property tests can run it on random
// baskets. All amounts are VAT-inclusive pence: the discount comes off the price the shopper pays, and
// the VAT inside each line is then worked out on what is left of it.

/** A code as the engine needs it (the row, read in the checkout's or the cart's transaction). */
export interface DiscountRule {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Percent for 'percentage', pence for 'fixed', 0 for 'free_delivery'. */
  value: number;
  appliesTo: DiscountScope;
  productIds: readonly string[];
  categoryIds: readonly string[];
  minSubtotal: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  isActive: boolean;
}

/** A priced line: its product, the categories that product is in, and what it costs (pence). */
export interface DiscountLine {
  product_id: string;
  category_ids: readonly string[];
  line_total: number;
}

/** What else the engine must know: uses by other checkouts, and whether this customer used it before. */
export interface DiscountContext {
  now: Date;
  /** Held or used redemptions of other orders than this cart's own unpaid checkout. */
  usesByOthers: number;
  /** This email already has a held or used redemption of the code on another order. */
  usedByCustomer: boolean;
}

export type Evaluation =
  | {
      ok: true;
      /** Goods discount (pence) and its share of each line, in the lines' order; the shares add up to it. */
      amount: number;
      allocation: number[];
      freeDelivery: boolean;
    }
  | { ok: false; reason: DiscountRefusal; message: string };

const refuse = (reason: DiscountRefusal, message: string): Evaluation => ({ ok: false, reason, message });

/** Whether a line is one the code applies to. */
export function lineQualifies(rule: Pick<DiscountRule, 'appliesTo' | 'productIds' | 'categoryIds'>, line: DiscountLine): boolean {
  if (rule.appliesTo === 'order') return true;
  return rule.productIds.includes(line.product_id) || line.category_ids.some((c) => rule.categoryIds.includes(c));
}

/**
 * Checks a code against a basket, in the order a shopper can act on: a code that cannot be used at all
 * first (switched off, expired, not started, used up, used by you), then one that does not fit this
 * basket (nothing it applies to, below the minimum).
 */
export function evaluateDiscount(rule: DiscountRule, lines: readonly DiscountLine[], ctx: DiscountContext): Evaluation {
  if (!rule.isActive) return refuse('switched_off', DISCOUNT_TEXT.switchedOff);
  if (rule.endsAt && rule.endsAt.getTime() <= ctx.now.getTime()) return refuse('expired', DISCOUNT_TEXT.expired);
  if (rule.startsAt && rule.startsAt.getTime() > ctx.now.getTime()) return refuse('not_started', DISCOUNT_TEXT.notStarted(rule.startsAt.toISOString()));
  if (rule.usageLimit !== null && ctx.usesByOthers >= rule.usageLimit) return refuse('used_up', DISCOUNT_TEXT.usedUp);
  if (rule.oncePerCustomer && ctx.usedByCustomer) return refuse('used_by_you', DISCOUNT_TEXT.usedByYou);
  const qualifies = lines.map((l) => lineQualifies(rule, l));
  if (!qualifies.some(Boolean)) return refuse('not_applicable', DISCOUNT_TEXT.notApplicable);
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  if (rule.minSubtotal !== null && subtotal < rule.minSubtotal) return refuse('below_minimum', DISCOUNT_TEXT.belowMinimum(penceToPounds(rule.minSubtotal - subtotal)));

  const weights = lines.map((l, i) => (qualifies[i] ? l.line_total : 0));
  const eligible = weights.reduce((a, b) => a + b, 0);
  if (rule.kind === 'free_delivery') return { ok: true, amount: 0, allocation: lines.map(() => 0), freeDelivery: true };
  const amount = rule.kind === 'percentage' ? percentOf(eligible, rule.value) : Math.min(rule.value, eligible);
  return { ok: true, amount, allocation: allocate(amount, weights), freeDelivery: false };
}

/** `percent`% of `pence`, half a penny rounded up (integer arithmetic: no float drift). */
export function percentOf(pence: number, percent: number): number {
  return Number((BigInt(pence) * BigInt(percent) * 2n + 100n) / 200n);
}

/**
 * Splits `amount` over `weights` in proportion, in whole pence, by largest remainder: each share is
 * the floor of its exact part, and the pence left over go one each to the largest fractions (the
 * earlier line on a tie). The shares add up to `amount` exactly, and none exceeds its weight while
 * `amount` is at most their sum. BigInt: amount x weight can pass 2^53 for the largest orders.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const t = BigInt(total);
  const shares = weights.map((w) => (a * BigInt(w)) / t);
  const remainders = weights.map((w, i) => ({ i, r: (a * BigInt(w)) % t }));
  let left = amount - shares.reduce((s, x) => s + Number(x), 0);
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    if (weights[i] === 0) continue;
    shares[i] += 1n;
    left--;
  }
  return shares.map(Number);
}
