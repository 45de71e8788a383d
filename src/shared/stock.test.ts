import { describe, expect, it } from 'vitest';
import { MAX_STOCK_CHANGE, quantityFromText, signedChange, stockReasonLabel, STOCK_TEXT } from './stock';
import { stockMovementBody } from './stock-schemas';

/** The dialog's check: its text read as a number, then the route's schema; the message for the quantity, or the number. */
function quantityCheck(text: string): number | string {
  const checked = stockMovementBody.safeParse({ product_id: 'p-1', quantity_change: quantityFromText(text), reason: 'adjustment' });
  return checked.success ? checked.data.quantity_change : checked.error.issues[0].message;
}

describe('the Adjust Stock quantity (quantityFromText, then stockMovementBody)', () => {
  it('accepts whole non-zero numbers, signed or not, with spaces around', () => {
    expect(quantityCheck('5')).toBe(5);
    expect(quantityCheck(' -2 ')).toBe(-2);
    expect(quantityCheck('+7')).toBe(7);
    expect(quantityCheck('1000000')).toBe(MAX_STOCK_CHANGE);
  });

  it('refuses zero, blanks, fractions, words and exponents with the spec message', () => {
    for (const text of ['0', '-0', '', '  ', '1.5', '-0.5', 'abc', '1e3', '5 units', '--1']) expect(quantityCheck(text), text).toBe(STOCK_TEXT.nonZero);
  });

  it('refuses changes past a million', () => {
    expect(quantityCheck('1000001')).toBe(STOCK_TEXT.tooLarge);
    expect(quantityCheck('-99999999999')).toBe(STOCK_TEXT.tooLarge);
  });
});

describe('stock wording', () => {
  it('signs changes as the success toast does', () => {
    expect(signedChange(5)).toBe('+5');
    expect(signedChange(-2)).toBe('-2');
  });

  it('labels every reason as the dialog does, checkout’s sales too, and shows unknown ones as stored', () => {
    expect(['purchase', 'adjustment', 'return', 'damage', 'theft', 'recount', 'sale'].map(stockReasonLabel)).toEqual([
      'Purchase/Delivery',
      'Manual Adjustment',
      'Customer Return',
      'Damaged Goods',
      'Theft/Loss',
      'Stock Recount',
      'Sale',
    ]);
    expect(stockReasonLabel('import')).toBe('import');
  });
});
