import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('lower-cases, turns runs of other characters into one dash and trims dashes', () => {
    expect(slugify('  Garden & Outdoor -- Tools! ')).toBe('garden-outdoor-tools');
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('***')).toBe('');
  });
});
