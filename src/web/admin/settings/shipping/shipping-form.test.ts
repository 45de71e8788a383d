import { describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES as M } from '@shared/admin-shipping';
import { formValuesOf, shippingBodyFrom, type ShippingFormValues } from './shipping-form';

const values = (over: Partial<ShippingFormValues> = {}): ShippingFormValues => ({ ...formValuesOf(null), name: 'Courier', flat_rate: '4.50', ...over });

function run(v: ShippingFormValues) {
  const errors: Record<string, string> = {};
  const body = shippingBodyFrom(v, (field, error) => void (errors[field] = error.message ?? ''));
  return { body, errors };
}

describe('the delivery option form', () => {
  it('starts a new option at 3-5 days, active, with no price', () => {
    expect(formValuesOf(null)).toEqual({ name: '', description: '', flat_rate: '', free_over: '', delivery_min_days: '3', delivery_max_days: '5', vat_mode: 'standard', is_active: true });
  });

  it('shows a saved option in pounds with pence', () => {
    const method = { id: 'x', name: 'Std', description: null, flat_rate: 3.9, free_over: 100, delivery_min_days: 1, delivery_max_days: 2, position: 0, is_active: false, vat_mode: 'goods' as const, order_count: 0 };
    expect(formValuesOf(method)).toMatchObject({ flat_rate: '3.90', free_over: '100.00', description: '', delivery_min_days: '1', vat_mode: 'goods', is_active: false });
  });

  it('reads pounds as typed: "£3.99", "1,000", a blank free-over amount is never free', () => {
    expect(run(values({ flat_rate: '£3.99', free_over: '1,000' })).body).toMatchObject({ flat_rate: 3.99, free_over: 1000 });
    expect(run(values({ free_over: '  ' })).body).toMatchObject({ free_over: null });
  });

  it('puts the server schema’s messages on the fields', () => {
    expect(run(values({ name: ' ', flat_rate: '' })).errors).toEqual({ name: M.nameRequired, flat_rate: M.flatRateRequired });
    expect(run(values({ flat_rate: 'abc' })).errors).toEqual({ flat_rate: M.flatRateType });
    expect(run(values({ flat_rate: '-1' })).errors).toEqual({ flat_rate: M.flatRate });
    expect(run(values({ flat_rate: '1.234' })).errors).toEqual({ flat_rate: M.pence });
    expect(run(values({ delivery_min_days: '4', delivery_max_days: '2' })).errors).toEqual({ delivery_max_days: M.daysOrder });
    expect(run(values({ delivery_min_days: 'two' })).errors).toEqual({ delivery_min_days: M.days });
    expect(run(values()).body).not.toBeNull();
  });

  it('sends how VAT applies to the charge', () => {
    expect(run(values()).body).toMatchObject({ vat_mode: 'standard' });
    expect(run(values({ vat_mode: 'goods' })).body).toMatchObject({ vat_mode: 'goods' });
    expect(run(values({ vat_mode: 'half' as never })).errors).toEqual({ vat_mode: 'Choose how VAT applies to this delivery charge' });
  });
});
