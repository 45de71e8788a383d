import { describe, expect, it } from 'vitest';
import { emptyEssentials, essentialsProblem, parsePrice, parseSpecs, publishPayload, reviewErrors, reviewFrom, WIZARD_TEXT } from './product-wizard-state';

const CATEGORY = '4f1c2a8e-5b3d-4e6f-9a0b-1c2d3e4f5a6b';
const filled = { ...emptyEssentials(), name: 'Oak Board', sku: 'OAK-1', price: '35.50', seed: 'Solid oak.', brand: 'Timberline', categoryId: CATEGORY };

describe('product wizard rules', () => {
  it('starts with audience trade and tone friendly', () => {
    expect(emptyEssentials()).toMatchObject({ audience: 'trade', tone: 'friendly' });
  });

  it('reads specifications one per line, split at a colon or equals sign', () => {
    expect(parseSpecs('Size: 40 x 30 cm\nWeight = 1.2 kg\nno separator\n: empty name\nRatio: 16:9')).toEqual([
      { name: 'Size', value: '40 x 30 cm' },
      { name: 'Weight', value: '1.2 kg' },
      { name: 'Ratio', value: '16:9' },
    ]);
  });

  it('takes prices in pounds with at most two decimals', () => {
    expect(parsePrice('35')).toBe(35);
    expect(parsePrice('£1,299.99')).toBe(1299.99);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('1.999')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });

  it("checks step 1 in the spec's order with its texts", () => {
    expect(essentialsProblem(filled, false)).toBe(WIZARD_TEXT.noTenant);
    expect(essentialsProblem({ ...filled, name: ' ' }, true)).toBe('Name, SKU and price are required before generating copy.');
    expect(essentialsProblem({ ...filled, sku: '' }, true)).toBe(WIZARD_TEXT.essentialsRequired);
    expect(essentialsProblem({ ...filled, price: '' }, true)).toBe(WIZARD_TEXT.essentialsRequired);
    expect(essentialsProblem({ ...filled, seed: '' }, true)).toBe('Provide a short summary so AI knows what to emphasise.');
    expect(essentialsProblem(filled, true)).toBeNull();
  });

  it('publishes an active product with stock 0, tracking on, a slug from the name and the chosen category', () => {
    const review = { ...reviewFrom(filled, null), name: 'Oak Board Large!', bulletsText: 'One\n\n Two ' };
    expect(publishPayload(review, filled)).toEqual({
      name: 'Oak Board Large!',
      sku: 'OAK-1',
      slug: 'oak-board-large',
      description: 'Solid oak.',
      base_price: 35.5,
      status: 'active',
      stock_quantity: 0,
      track_inventory: true,
      brand: 'Timberline',
      category_ids: [CATEGORY],
      bullets: ['One', 'Two'],
      meta_title: null,
      meta_description: null,
    });
    expect(publishPayload(review, { ...filled, categoryId: '', brand: '' })).toMatchObject({ category_ids: [], brand: null });
  });

  it("checks the review step with the route's own schema, in the spec's words", () => {
    expect(reviewErrors({ ...reviewFrom(filled, null), name: '', price: 'x', metaTitle: 'a'.repeat(61) }, filled)).toEqual({
      name: 'Product name is required',
      price: 'Base price must be zero or greater',
      metaTitle: 'Meta title must be 60 characters or fewer',
    });
    expect(reviewErrors({ ...reviewFrom(filled, null), sku: ' ', price: '' }, filled)).toEqual({ sku: 'SKU is required', price: 'Base price must be zero or greater' });
    expect(reviewErrors({ ...reviewFrom(filled, null), price: '12.345' }, filled)).toEqual({ price: 'Use at most 2 decimal places' });
    // A name with no letters or digits gives no slug: said on the name, where the slug comes from.
    expect(reviewErrors({ ...reviewFrom(filled, null), name: '!!!' }, filled)).toEqual({ name: 'Slug is required' });
    // Step 1's category has no field here: its problem is the step's own.
    expect(reviewErrors(reviewFrom(filled, null), { ...filled, categoryId: 'not-a-category' })).toEqual({ form: 'Choose categories from this store' });
    expect(reviewErrors({ ...reviewFrom(filled, null), price: '£1,299.99' }, filled)).toEqual({});
  });
});
