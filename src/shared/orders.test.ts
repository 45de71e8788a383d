import { describe, expect, it } from 'vitest';
import { deliveryEstimate, deliveryPromise, ORDER_DELIVERY_TEXT } from './orders';

const days = (min: number, max: number) => ({ delivery_min_days: min, delivery_max_days: max });

describe('delivery time wording', () => {
  it('Standard 3-5 days keeps the spec text', () => {
    expect(deliveryPromise(days(3, 5))).toBe(ORDER_DELIVERY_TEXT);
    expect(deliveryEstimate(days(3, 5))).toBe('3-5 business days');
  });

  it('Next Day says the next business day', () => {
    expect(deliveryPromise(days(1, 1))).toBe('Delivery on the next business day');
    expect(deliveryEstimate(days(1, 1))).toBe('Next business day');
  });

  it('a fixed number of days, and a range starting at one', () => {
    expect(deliveryEstimate(days(2, 2))).toBe('2 business days');
    expect(deliveryPromise(days(2, 2))).toBe('Delivery takes 2 business days');
    expect(deliveryEstimate(days(1, 2))).toBe('1-2 business days');
  });
});
