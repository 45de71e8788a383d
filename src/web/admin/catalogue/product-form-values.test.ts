import { describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@shared/admin-products';
import { EMPTY_PRODUCT, toBody, validateForm, type ProductFormValues } from './product-form-values';

const filled = (extra: Partial<ProductFormValues> = {}): ProductFormValues => ({ ...EMPTY_PRODUCT, name: 'Lamp', slug: 'lamp', sku: 'L-1', base_price: '20', ...extra });

describe('product form values', () => {
  it('shows every spec §5 message at once, sale price included', () => {
    const { errors } = validateForm({ ...EMPTY_PRODUCT, base_price: '-1', sale_price: '5', stock_quantity: '2.5', meta_title: 'x'.repeat(61), meta_description: 'y'.repeat(161) });
    expect(errors).toMatchObject({
      name: 'Product name is required', sku: 'SKU is required', slug: PRODUCT_ERRORS.slugRequired, base_price: 'Base price must be zero or greater',
      stock_quantity: PRODUCT_ERRORS.stock, meta_title: PRODUCT_ERRORS.metaTitle, meta_description: PRODUCT_ERRORS.metaDescription,
    });
    expect(validateForm(filled({ sale_price: '20' })).errors).toEqual({ sale_price: 'Sale price must be lower than base price' });
    expect(validateForm(filled({ base_price: '' })).errors).toEqual({ base_price: 'Base price must be zero or greater' });
    expect(validateForm(filled({ base_price: 'abc' })).errors.base_price).toBeDefined();
    expect(validateForm(filled({ slug: 'Not A Slug' })).errors).toEqual({ slug: PRODUCT_ERRORS.slugPattern });
    expect(validateForm(filled())).toMatchObject({ errors: {} });
  });

  it('sends empty optional values as null, highlights as lines, and no stock when tracking is off', () => {
    const body = toBody(filled({ sale_price: ' ', bullets: 'One\n\n  Two \n', stock_quantity: '7', track_inventory: false }));
    expect(body).toMatchObject({ sale_price: null, bullets: ['One', 'Two'], stock_quantity: null, track_inventory: false });
    expect(toBody(filled({ stock_quantity: '' })).stock_quantity).toBeNull();
    expect(toBody(filled({ stock_quantity: '3' })).stock_quantity).toBe(3);
  });

  it('sends the VAT rate chosen, or null for the category default', () => {
    expect(toBody(filled()).vat_rate).toBeNull();
    expect(toBody(filled({ vat_rate: 'reduced' })).vat_rate).toBe('reduced');
    expect(validateForm(filled({ vat_rate: 'zero' })).errors).toEqual({});
    expect(validateForm(filled({ vat_rate: 'luxury' as never })).errors).toEqual({ vat_rate: PRODUCT_ERRORS.vatRate });
  });

  it('keeps a stored variant by id and names variant errors by row', () => {
    const variants = [
      { variant_id: 'a3b1c2d4-0000-4000-8000-000000000001', sku: 'V1', price: '10', sale_price: '', stock_quantity: '', image_id: '', options: [{ name: 'Colour', value: 'Sage' }] },
      { variant_id: '', sku: '', price: '5', sale_price: '6', stock_quantity: '', image_id: 'b3b1c2d4-0000-4000-8000-000000000002', options: [] },
    ];
    const { body, errors } = validateForm(filled({ variants }));
    expect(body.variants![0]).toEqual({ id: variants[0].variant_id, sku: 'V1', price: 10, sale_price: null, stock_quantity: null, image_id: null, options: [{ name: 'Colour', value: 'Sage' }] });
    expect(body.variants![1].image_id).toBe(variants[1].image_id);
    expect(body.variants![1]).not.toHaveProperty('id');
    expect(errors['variants.1.sku']).toBe(PRODUCT_ERRORS.variantSku);
  });
});
