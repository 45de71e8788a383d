import { describe, expect, it } from 'vitest';
import { formatGBP, penceToPounds, poundsToPence } from './money';

describe('money', () => {
  it('converts between pence and pounds without float drift', () => {
    expect(penceToPounds(2499)).toBe(24.99);
    expect(poundsToPence(24.99)).toBe(2499);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });

  it('formats pounds sterling the UK way', () => {
    expect(formatGBP(1234.5)).toBe('£1,234.50');
    expect(formatGBP(0)).toBe('£0.00');
  });
});
