import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@shared/admin-categories';
import { categoryBodyFrom, formValuesOf, vatChoiceOf } from './category-form';

const saved: AdminCategory = {
  id: 'a0000000-0000-4000-8000-000000000001', name: 'Books', slug: 'books', description: null, display_order: 0, is_featured: false,
  hero_image_url: null, meta_title: null, meta_description: null, parent_id: null, vat_rate: 'zero', product_count: 3,
};

function run(values: ReturnType<typeof formValuesOf>) {
  const errors: Record<string, string> = {};
  const body = categoryBodyFrom(values, (field, error) => void (errors[field] = error.message ?? ''));
  return { body, errors };
}

describe('the category form’s default VAT rate', () => {
  it('shows no rate and the standard rate alike as Standard (20%)', () => {
    expect(vatChoiceOf(null)).toBe('');
    expect(vatChoiceOf('standard')).toBe('');
    expect(vatChoiceOf('reduced')).toBe('reduced');
    expect(formValuesOf(null).vat_rate).toBe('');
    expect(formValuesOf(saved).vat_rate).toBe('zero');
  });

  it('sends the rate chosen, standard as null', () => {
    expect(run(formValuesOf(saved)).body).toMatchObject({ vat_rate: 'zero' });
    expect(run({ ...formValuesOf(saved), vat_rate: '' }).body).toMatchObject({ vat_rate: null });
    expect(run({ ...formValuesOf(saved), vat_rate: 'luxury' as never }).errors).toEqual({ vat_rate: 'Choose a VAT rate: standard, reduced, zero or exempt' });
  });
});
