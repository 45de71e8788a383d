import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES as M, type AdminDiscountDetail } from '@shared/admin-discounts';
import { DISCOUNT_CODE_PATTERN } from '@shared/discounts';
import { discountBodyFrom, formValuesOf, generateDiscountCode, type DiscountFormValues } from './discount-form';

const values = (over: Partial<DiscountFormValues> = {}): DiscountFormValues => ({ ...formValuesOf(null), code: 'spring20', value: '20', ...over });

function run(v: DiscountFormValues) {
  const errors: Record<string, string> = {};
  const body = discountBodyFrom(v, (field, error) => void (errors[field] = error.message ?? ''));
  return { body, errors };
}

const saved: AdminDiscountDetail = {
  id: 'd1', code: 'FIVER', kind: 'fixed', value: 5, applies_to: 'items', product_ids: ['p1'], category_ids: [], min_subtotal: 30, starts_at: '2026-07-01T08:00:00.000Z', ends_at: '2026-12-24T23:59:00.000Z',
  usage_limit: 100, once_per_customer: true, is_active: false, uses: 3, status: 'switched_off', orders: 2, sales: 80, discount_given: 10, created_at: '2026-06-01T00:00:00.000Z', products: [{ id: 'p1', name: 'Bowl' }], categories: [],
};

describe('the discount form', () => {
  it('starts a new code as a percentage off the whole order, active, with no limits', () => {
    expect(formValuesOf(null)).toEqual({ code: '', kind: 'percentage', value: '', applies_to: 'order', product_ids: [], category_ids: [], min_subtotal: '', starts_at: '', ends_at: '', usage_limit: '', once_per_customer: false, is_active: true });
  });

  it('shows a saved code in pounds with pence and its dates in UK time', () => {
    expect(formValuesOf(saved)).toEqual({
      code: 'FIVER', kind: 'fixed', value: '5.00', applies_to: 'items', product_ids: ['p1'], category_ids: [], min_subtotal: '30.00',
      starts_at: '2026-07-01T09:00', ends_at: '2026-12-24T23:59', usage_limit: '100', once_per_customer: true, is_active: false,
    });
  });

  it('sends UTC instants for UK times, the code upper-cased, amounts as typed ("£4.99", "20%", "1,000")', () => {
    const { body } = run(values({ code: ' spring20 ', value: '20%', starts_at: '2026-03-29T09:00', ends_at: '2026-11-01T09:00', usage_limit: '1,000', min_subtotal: '£25' }));
    expect(body).toEqual({
      code: 'SPRING20', kind: 'percentage', value: 20, applies_to: 'order', product_ids: [], category_ids: [], min_subtotal: 25,
      starts_at: '2026-03-29T08:00:00.000Z', ends_at: '2026-11-01T09:00:00.000Z', usage_limit: 1000, once_per_customer: false, is_active: true,
    });
    expect(run(values({ kind: 'fixed', value: '£4.99' })).body).toMatchObject({ kind: 'fixed', value: 4.99 });
    expect(run(values({ kind: 'free_delivery', value: 'ignored' })).body).toMatchObject({ kind: 'free_delivery', value: null });
  });

  it('sends chosen items only for a code on chosen items', () => {
    expect(run(values({ applies_to: 'order', product_ids: ['6f1c2a9e-0000-4000-8000-000000000000'] })).body).toMatchObject({ product_ids: [], category_ids: [] });
    expect(run(values({ applies_to: 'items', category_ids: ['6f1c2a9e-0000-4000-8000-000000000000'] })).body).toMatchObject({ applies_to: 'items', category_ids: ['6f1c2a9e-0000-4000-8000-000000000000'] });
  });

  it('puts the server schema’s messages on the fields, all at once', () => {
    expect(run(values({ code: 'ab', value: '' })).errors).toEqual({ code: M.codeLength, value: M.percentage });
    expect(run(values({ code: 'spring 20', value: '0', usage_limit: '0', min_subtotal: '-1' })).errors).toEqual({ code: M.codeCharacters, value: M.percentage, usage_limit: M.usageLimit, min_subtotal: M.minSubtotal });
    expect(run(values({ kind: 'fixed', value: '' })).errors).toEqual({ value: M.amountRequired });
    expect(run(values({ kind: 'fixed', value: 'abc' })).errors).toEqual({ value: M.amountRequired });
    expect(run(values({ kind: 'fixed', value: '1.234' })).errors).toEqual({ value: M.pence });
    expect(run(values({ applies_to: 'items' })).errors).toEqual({ product_ids: M.targetsRequired });
    expect(run(values({ starts_at: '2026-12-01T09:00', ends_at: '2026-12-01T08:00' })).errors).toEqual({ ends_at: M.endsBeforeStarts });
    expect(run(values({ starts_at: 'soon' })).errors).toEqual({ starts_at: M.startsAt });
    expect(run(values({ code: '' })).errors).toEqual({ code: M.codeRequired });
    expect(run(values()).body).not.toBeNull();
  });

  it('generates readable codes the server takes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateDiscountCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(DISCOUNT_CODE_PATTERN.test(code)).toBe(true);
    }
    expect(generateDiscountCode(() => new Uint32Array(8))).toBe('AAAA-AAAA');
  });
});
