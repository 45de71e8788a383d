import { describe, expect, it } from 'vitest';
import { basicsErrors, EMPTY_BASICS, wizardBody } from './wizard-state';

describe('wizard step 1 checks', () => {
  it('asks for a name and a seed description in the spec’s words', () => {
    expect(basicsErrors(EMPTY_BASICS)).toEqual({
      name: 'Please enter a category name',
      seed_description: 'Please provide a brief description to help AI generate better content',
    });
  });

  it('checks the slug, order and picture address like the server', () => {
    const errors = basicsErrors({ ...EMPTY_BASICS, name: 'Lamps', seed_description: 'Lamps', slug: 'Bad Slug', display_order: '1.5', hero_image_url: 'http://x.test/a.png' });
    expect(Object.keys(errors).sort()).toEqual(['display_order', 'hero_image_url', 'slug']);
    expect(basicsErrors({ ...EMPTY_BASICS, name: '***', seed_description: 'x' })).toEqual({ slug: 'Slug is required' });
  });
});

describe('wizardBody', () => {
  it('derives an empty slug from the name and leaves the seed description out', () => {
    const body = wizardBody({ ...EMPTY_BASICS, name: 'Bedside Lamps', seed_description: 'secret prompt', display_order: '' }, { description: 'D', meta_title: 'T', meta_description: 'M' });
    expect(body).toEqual({ name: 'Bedside Lamps', slug: 'bedside-lamps', description: 'D', display_order: 0, is_featured: false, hero_image_url: '', meta_title: 'T', meta_description: 'M', vat_rate: null });
    expect(JSON.stringify(body)).not.toContain('secret prompt');
  });

  it('sends the default VAT rate chosen, standard as null', () => {
    expect(wizardBody({ ...EMPTY_BASICS, name: 'Books', vat_rate: 'zero' }, { description: '', meta_title: '', meta_description: '' }).vat_rate).toBe('zero');
    expect(basicsErrors({ ...EMPTY_BASICS, name: 'Books', seed_description: 'x', vat_rate: 'luxury' as never })).toEqual({ vat_rate: 'Choose a VAT rate: standard, reduced, zero or exempt' });
  });
});
