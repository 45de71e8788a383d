import { describe, expect, it } from 'vitest';
import { parseQuantityChange, signedChange, stockReasonLabel, STOCK_TEXT } from './stock';

describe('parseQuantityChange (the dialog’s quantity rule)', () => {
  it('accepts whole non-zero numbers, signed or not, with spaces around', () => {
    expect(parseQuantityChange('5')).toEqual({ ok: true, value: 5 });
    expect(parseQuantityChange(' -2 ')).toEqual({ ok: true, value: -2 });
    expect(parseQuantityChange('+7')).toEqual({ ok: true, value: 7 });
    expect(parseQuantityChange('1000000')).toEqual({ ok: true, value: 1_000_000 });
  });

  it('refuses zero, blanks, fractions, words and exponents with the spec message', () => {
    for (const text of ['0', '-0', '', '  ', '1.5', '-0.5', 'abc', '1e3', '5 units', '--1']) {
      expect(parseQuantityChange(text), text).toEqual({ ok: false, message: STOCK_TEXT.nonZero });
    }
  });

  it('refuses changes past a million', () => {
    expect(parseQuantityChange('1000001')).toEqual({ ok: false, message: STOCK_TEXT.tooLarge });
    expect(parseQuantityChange('-99999999999')).toEqual({ ok: false, message: STOCK_TEXT.tooLarge });
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
