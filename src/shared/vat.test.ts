import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, invoiceNumberText, refundVat, VAT_PERCENT, VAT_RATES, vatBreakdown, vatInside, type VatLineInput } from './vat';

const rate = fc.constantFrom(...VAT_RATES);
const line = fc.record({ gross: fc.integer({ min: 0, max: 5_000_000 }), rate });
const basket = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 12 }), shipping: fc.integer({ min: 0, max: 50_000 }), shippingMode: fc.constantFrom('standard' as const, 'goods' as const) });
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

describe('VAT inside a VAT-inclusive price', () => {
  it('is a sixth at 20%, a twenty-first at 5%, nothing at zero or exempt, to the penny', () => {
    expect(vatInside(1200, 'standard')).toBe(200);
    expect(vatInside(1000, 'standard')).toBe(167);
    expect(vatInside(2100, 'reduced')).toBe(100);
    expect(vatInside(999, 'zero')).toBe(0);
    expect(vatInside(999, 'exempt')).toBe(0);
  });
});

describe('apportioning pence', () => {
  it('always adds up to the amount, never negative, and follows the weights to within a penny', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 6 }), (amount, weights) => {
        const parts = apportion(amount, weights);
        expect(sum(parts)).toBe(amount);
        const total = sum(weights);
        parts.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(0);
          if (total > 0) expect(Math.abs(p - (amount * weights[i]) / total)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe('a basket’s VAT by rate (property: mixed baskets)', () => {
  it('not registered: no VAT anywhere, whatever the basket', () => {
    fc.assert(
      fc.property(basket, (b) => {
        const v = vatBreakdown({ registered: false, ...b });
        expect(v.total).toBe(0);
        expect(v.parts).toEqual([]);
        expect(v.shipping).toEqual([]);
        expect(v.lineVat).toEqual(b.lines.map(() => 0));
      }),
    );
  });

  it('registered: the parts cover every penny paid once; each rate’s VAT is its whole amount’s, rounded once; lines and delivery share it exactly', () => {
    fc.assert(
      fc.property(basket, (b) => {
        const v = vatBreakdown({ registered: true, ...b });
        const paid = sum(b.lines.map((l) => l.gross)) + b.shipping;
        expect(sum(v.parts.map((p) => p.gross))).toBe(paid);
        expect(v.total).toBe(sum(v.parts.map((p) => p.vat)));
        expect(sum(v.shipping.map((p) => p.gross))).toBe(b.shipping);
        for (const p of v.parts) {
          expect(p.vat).toBe(vatInside(p.gross, p.rate));
          const linesHere = b.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.rate === p.rate);
          const deliveryHere = v.shipping.filter((s) => s.rate === p.rate);
          expect(sum(linesHere.map(({ l }) => l.gross)) + sum(deliveryHere.map((s) => s.gross))).toBe(p.gross);
          expect(sum(linesHere.map(({ i }) => v.lineVat[i])) + sum(deliveryHere.map((s) => s.vat))).toBe(p.vat);
          // Each share is within a penny of that line's own exact VAT.
          for (const { l, i } of linesHere) expect(Math.abs(v.lineVat[i] - (l.gross * VAT_PERCENT[p.rate]) / (100 + VAT_PERCENT[p.rate]))).toBeLessThan(1.5);
          if (VAT_PERCENT[p.rate] === 0) expect(p.vat).toBe(0);
        }
        // One entry per rate, in the fixed order, only rates that occur.
        expect(v.parts.map((p) => p.rate)).toEqual(VAT_RATES.filter((r) => v.parts.some((p) => p.rate === r)));
      }),
    );
  });

  it('a one-rate basket’s VAT is a sixth of its total, as the spec’s "Includes £x VAT" (£64.99 -> £10.83)', () => {
    const v = vatBreakdown({ registered: true, lines: [{ gross: 2800, rate: 'standard' }, { gross: 3300, rate: 'standard' }], shipping: 399, shippingMode: 'standard' });
    expect(v.total).toBe(1083);
    expect(sum(v.lineVat) + v.shipping[0].vat).toBe(1083);
  });

  it('delivery at the standard rate by default; "goods" splits it across the goods’ rates by value', () => {
    const lines: VatLineInput[] = [
      { gross: 3000, rate: 'standard' },
      { gross: 1000, rate: 'zero' },
    ];
    expect(vatBreakdown({ registered: true, lines, shipping: 400, shippingMode: 'standard' }).shipping).toEqual([{ rate: 'standard', gross: 400, vat: 67 }]);
    const split = vatBreakdown({ registered: true, lines, shipping: 400, shippingMode: 'goods' });
    expect(split.shipping).toEqual([
      { rate: 'standard', gross: 300, vat: 50 },
      { rate: 'zero', gross: 100, vat: 0 },
    ]);
    expect(split.parts).toEqual([
      { rate: 'standard', gross: 3300, vat: 550 },
      { rate: 'zero', gross: 1100, vat: 0 },
    ]);
    expect(split.total).toBe(550);
  });

  it('a mug at 20% and a book at 0% with £3.99 delivery: £2.67 VAT on the mug and delivery together, none on the book', () => {
    const v = vatBreakdown({ registered: true, lines: [{ gross: 1200, rate: 'standard' }, { gross: 899, rate: 'zero' }], shipping: 399, shippingMode: 'standard' });
    expect(v.lineVat).toEqual([200, 0]);
    expect(v.parts).toEqual([
      { rate: 'standard', gross: 1599, vat: 267 },
      { rate: 'zero', gross: 899, vat: 0 },
    ]);
  });
});

describe('VAT given back by refunds', () => {
  it('any run of partial refunds adding up to the whole gives back exactly the order’s VAT by rate, never more than was refunded', () => {
    fc.assert(
      fc.property(basket, fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 }), (b, weights) => {
        const v = vatBreakdown({ registered: true, ...b });
        const total = sum(v.parts.map((p) => p.gross));
        fc.pre(total > 0);
        const steps = apportion(total, weights);
        let before = 0;
        const back = new Map<string, { gross: number; vat: number }>();
        for (const step of steps) {
          const parts = refundVat(v.parts, total, before, before + step);
          expect(sum(parts.map((p) => p.gross))).toBe(step);
          for (const p of parts) {
            expect(Math.abs(p.vat)).toBeLessThanOrEqual(Math.abs(p.gross));
            const seen = back.get(p.rate) ?? { gross: 0, vat: 0 };
            back.set(p.rate, { gross: seen.gross + p.gross, vat: seen.vat + p.vat });
          }
          before += step;
        }
        for (const p of v.parts) expect(back.get(p.rate) ?? { gross: 0, vat: 0 }).toEqual({ gross: p.gross, vat: p.vat });
      }),
    );
  });

  it('a half refund of a one-rate order gives back half its VAT', () => {
    expect(refundVat([{ rate: 'standard', gross: 2400, vat: 400 }], 2400, 0, 1200)).toEqual([{ rate: 'standard', gross: 1200, vat: 200 }]);
  });
});

it('prints receipt numbers with six digits', () => {
  expect(invoiceNumberText(42)).toBe('INV-000042');
  expect(invoiceNumberText(1234567)).toBe('INV-1234567');
});
