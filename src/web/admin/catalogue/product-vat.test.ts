import { describe, expect, it } from 'vitest';
import { categoryDefaultLabel, categoryDefaultRate, type SavedProductVat } from './product-vat';

const LAMPS = 'a0000000-0000-4000-8000-000000000001';
const BOOKS = 'a0000000-0000-4000-8000-000000000002';
const CHILD = 'a0000000-0000-4000-8000-000000000003';
const categories = [{ id: LAMPS, vat_rate: null }, { id: BOOKS, vat_rate: 'zero' as const }, { id: CHILD }];

describe('the product form’s category default VAT rate', () => {
  it('is standard with no category, else the main (first) category’s rate, standard when it has none', () => {
    expect(categoryDefaultRate([], categories, null)).toBe('standard');
    expect(categoryDefaultRate([BOOKS, LAMPS], categories, null)).toBe('zero');
    expect(categoryDefaultRate([LAMPS, BOOKS], categories, null)).toBe('standard');
    expect(categoryDefaultRate([CHILD], categories, null)).toBe('standard');
  });

  it('is unknown while the categories load, or for a category it has not heard of', () => {
    expect(categoryDefaultRate([BOOKS], undefined, null)).toBeNull();
    expect(categoryDefaultRate(['a0000000-0000-4000-8000-00000000000f'], categories, null)).toBeNull();
  });

  it('takes the server’s answer for a saved product on its category’s rate, until its main category changes', () => {
    const saved: SavedProductVat = { category_ids: [LAMPS], vat_rate: null, effective_vat_rate: 'reduced' };
    expect(categoryDefaultRate([LAMPS], undefined, saved)).toBe('reduced');
    expect(categoryDefaultRate([LAMPS, BOOKS], categories, saved)).toBe('reduced');
    expect(categoryDefaultRate([BOOKS, LAMPS], categories, saved)).toBe('zero');
    // Its own rate hides the category's: worked out from the categories instead.
    expect(categoryDefaultRate([LAMPS], categories, { ...saved, vat_rate: 'exempt', effective_vat_rate: 'exempt' })).toBe('standard');
  });

  it('names the rate in the option', () => {
    expect(categoryDefaultLabel('reduced')).toBe('Category default: Reduced (5%)');
    expect(categoryDefaultLabel(null)).toBe('Category default');
  });
});
