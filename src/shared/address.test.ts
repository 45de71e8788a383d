import { describe, expect, it } from 'vitest';
import { isUkPostcode, normalisePostcode } from './address';

describe('UK postcodes', () => {
  it('accepts the usual shapes with or without a space, in any case', () => {
    for (const code of ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', ' EC1A 1BB ']) expect(isUkPostcode(code), code).toBe(true);
  });
  it('rejects what is not a postcode', () => {
    for (const code of ['', '12345', 'SW1A', 'SW1A 1A', 'ABC 123', '1AA SW1']) expect(isUkPostcode(code), code).toBe(false);
  });
  it('normalises to capitals with one space before the inward code', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('m1   1ae')).toBe('M1 1AE');
  });
});
