import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, evaluateDiscount, percentOf, type DiscountLine, type DiscountRule } from './engine';

const NOW = new Date('2026-11-28T12:00:00Z');
const ctx = { now: NOW, usesByOthers: 0, usedByCustomer: false };
const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: 'r', code: 'SAVE20', kind: 'percentage', value: 20, appliesTo: 'order', productIds: [], categoryIds: [],
  minSubtotal: null, startsAt: null, endsAt: null, usageLimit: null, oncePerCustomer: false, isActive: true, ...over,
});
const line = (product_id: string, line_total: number, category_ids: string[] = []): DiscountLine => ({ product_id, line_total, category_ids });

describe('allocate (largest remainder)', () => {
  it('splits 10p over three equal lines as 4, 3, 3 and adds up', () => {
    expect(allocate(10, [100, 100, 100])).toEqual([4, 3, 3]);
  });
  it('gives nothing to a line of weight 0', () => {
    expect(allocate(5, [0, 300, 0, 100])).toEqual([0, 4, 0, 1]);
  });
  it('always adds up exactly, never passes a line, never goes negative (random baskets)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const total = weights.reduce((a, b) => a + b, 0);
        const amount = Math.floor(total * fraction);
        const shares = allocate(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : amount);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(weights[i]);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('percentOf', () => {
  it('rounds half a penny up', () => {
    expect(percentOf(1250, 10)).toBe(125);
    expect(percentOf(1255, 10)).toBe(126); // 125.5
    expect(percentOf(1254, 10)).toBe(125); // 125.4
    expect(percentOf(99_999_999, 100)).toBe(99_999_999);
  });
});

describe('evaluateDiscount', () => {
  const basket = [line('a', 2500), line('b', 1999, ['cat-1']), line('c', 501)];

  it('takes 20% off the whole order, shared over the lines', () => {
    const r = evaluateDiscount(rule(), basket, ctx);
    expect(r).toMatchObject({ ok: true, amount: 1000, freeDelivery: false });
    if (r.ok) expect(r.allocation).toEqual([500, 400, 100]);
  });

  it('takes a fixed amount, never more than the goods it applies to', () => {
    const r = evaluateDiscount(rule({ kind: 'fixed', value: 100_00, appliesTo: 'items', productIds: ['c'] }), basket, ctx);
    expect(r).toMatchObject({ ok: true, amount: 501 });
    if (r.ok) expect(r.allocation).toEqual([0, 0, 501]);
  });

  it('applies to chosen categories only', () => {
    const r = evaluateDiscount(rule({ value: 10, appliesTo: 'items', categoryIds: ['cat-1'] }), basket, ctx);
    expect(r).toMatchObject({ ok: true, amount: 200 });
    if (r.ok) expect(r.allocation).toEqual([0, 200, 0]);
  });

  it('free delivery takes nothing off the goods', () => {
    expect(evaluateDiscount(rule({ kind: 'free_delivery', value: 0 }), basket, ctx)).toEqual({ ok: true, amount: 0, allocation: [0, 0, 0], freeDelivery: true });
  });

  it('says why a code cannot be used, in the order a shopper can act on', () => {
    const reason = (over: Partial<DiscountRule>, more: Partial<typeof ctx> = {}) => {
      const r = evaluateDiscount(rule(over), basket, { ...ctx, ...more });
      return r.ok ? 'ok' : `${r.reason}: ${r.message}`;
    };
    expect(reason({ isActive: false })).toBe('switched_off: This discount code is no longer available.');
    expect(reason({ endsAt: NOW })).toBe('expired: This discount code has expired.');
    expect(reason({ startsAt: new Date('2026-12-01T09:00:00Z') })).toBe('not_started: This discount code starts on 1 Dec 2026, 09:00.');
    expect(reason({ usageLimit: 10 }, { usesByOthers: 10 })).toBe('used_up: This discount code has been used the most times it can be.');
    expect(reason({ usageLimit: 10 }, { usesByOthers: 9 })).toBe('ok');
    expect(reason({ oncePerCustomer: true }, { usedByCustomer: true })).toBe('used_by_you: You have already used this discount code.');
    expect(reason({ appliesTo: 'items', productIds: ['zzz'] })).toBe('not_applicable: This discount code does not apply to anything in your cart.');
    expect(reason({ minSubtotal: 6000 })).toBe('below_minimum: Spend £10.00 more to use this code.');
    expect(reason({ minSubtotal: 5000 })).toBe('ok');
  });

  it('the lines always add up to the discount, for any basket and code (property)', () => {
    const lines = fc.array(fc.record({ product_id: fc.constantFrom('a', 'b', 'c', 'd'), line_total: fc.integer({ min: 1, max: 2_000_000 }), category_ids: fc.subarray(['x', 'y']) }), { minLength: 1, maxLength: 25 });
    const rules = fc.record({
      kind: fc.constantFrom('percentage' as const, 'fixed' as const),
      value: fc.integer({ min: 1, max: 100 }),
      fixed: fc.integer({ min: 1, max: 10_000_000 }),
      appliesTo: fc.constantFrom('order' as const, 'items' as const),
      productIds: fc.subarray(['a', 'b', 'c', 'd']),
      categoryIds: fc.subarray(['x', 'y']),
    });
    fc.assert(
      fc.property(lines, rules, (ls, r) => {
        const result = evaluateDiscount(rule({ ...r, value: r.kind === 'fixed' ? r.fixed : r.value }), ls, ctx);
        if (!result.ok) return;
        const sum = result.allocation.reduce((a, b) => a + b, 0);
        expect(sum).toBe(result.amount);
        result.allocation.forEach((share, i) => expect(share).toBeLessThanOrEqual(ls[i].line_total));
        expect(result.amount).toBeLessThanOrEqual(ls.reduce((a, l) => a + l.line_total, 0));
      }),
      { numRuns: 500 },
    );
  });
});
