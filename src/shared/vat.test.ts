import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, deliveryVatParts, invoiceNumberText, refundVat, refundVatParts, sumVatParts, unitsShare, VAT_PERCENT, VAT_RATES, vatBreakdown, vatInside, type VatLineInput, type VatPart } from './vat';

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

describe('VAT given back by refunds of lines (issue 27)', () => {
  it('a line refunded in any parts gives back exactly its total and its VAT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 1, max: 50 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), (whole, quantity, steps) => {
        let before = 0;
        let given = 0;
        for (const step of steps) {
          const units = Math.min(step, quantity - before);
          if (units <= 0) break;
          const share = unitsShare(whole, quantity, before, units);
          expect(share).toBeGreaterThanOrEqual(0);
          given += share;
          before += units;
        }
        if (before === quantity) expect(given).toBe(whole);
        expect(unitsShare(whole, quantity, 0, quantity)).toBe(whole);
      }),
    );
    expect(unitsShare(5600, 2, 0, 1)).toBe(2800);
    expect(unitsShare(1000, 3, 0, 1) + unitsShare(1000, 3, 1, 1) + unitsShare(1000, 3, 2, 1)).toBe(1000);
  });

  it('refunding one line gives back its own rate’s VAT, not a share of every rate', () => {
    const v = vatBreakdown({ registered: true, lines: [{ gross: 2800, rate: 'standard' }, { gross: 1000, rate: 'zero' }], shipping: 399, shippingMode: 'standard' });
    const parts = refundVatParts({
      orderParts: v.parts,
      orderTotal: 4199,
      refundedBefore: 0,
      refundedAfter: 1000,
      givenBack: [],
      basis: [{ rate: 'zero', gross: 1000, vat: 0 }],
      proportional: true,
    });
    expect(parts).toEqual([{ rate: 'zero', gross: 1000, vat: 0 }]);
    expect(deliveryVatParts(v.parts, [{ rate: 'standard', gross: 2800, vat: v.lineVat[0] }, { rate: 'zero', gross: 1000, vat: 0 }])).toEqual([{ rate: 'standard', gross: 399, vat: v.shipping[0].vat }]);
  });

  // Orders of several lines at mixed rates; refunds by lines (any units, with or without delivery,
  // sometimes for less than their value) and by amount, in any order, the last one completing it.
  const unitLine = fc.record({ unit: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 6 }), rate });
  const step = fc.record({ byLines: fc.boolean(), pick: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 6, maxLength: 6 }), delivery: fc.boolean(), keep: fc.integer({ min: 0, max: 3 }), share: fc.integer({ min: 1, max: 100 }) });
  it('any mix of refunds by lines and by amount adding up to the whole gives back exactly the order’s VAT by rate', () => {
    fc.assert(
      fc.property(fc.array(unitLine, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2_000 }), fc.constantFrom('standard' as const, 'goods' as const), fc.array(step, { maxLength: 6 }), (lines, shipping, shippingMode, steps) => {
        const v = vatBreakdown({ registered: true, lines: lines.map((l) => ({ gross: l.unit * l.quantity, rate: l.rate })), shipping, shippingMode });
        const total = sum(lines.map((l) => l.unit * l.quantity)) + shipping;
        const delivery = deliveryVatParts(v.parts, lines.map((l, i) => ({ rate: l.rate, gross: l.unit * l.quantity, vat: v.lineVat[i] })));
        const refundedUnits = lines.map(() => 0);
        let deliveryDone = false;
        let refunded = 0;
        let proportional = true;
        let givenBack: VatPart[] = [];
        const give = (amount: number, basis: VatPart[] | null) => {
          const parts = refundVatParts({ orderParts: v.parts, orderTotal: total, refundedBefore: refunded, refundedAfter: refunded + amount, givenBack, basis, proportional });
          expect(sum(parts.map((p) => p.gross))).toBe(amount);
          for (const p of parts) expect(Math.abs(p.vat)).toBeLessThanOrEqual(Math.abs(p.gross));
          givenBack = sumVatParts(givenBack, parts);
          refunded += amount;
          // What is left at each rate can still come back exactly.
          for (const p of v.parts) {
            const g = givenBack.find((x) => x.rate === p.rate) ?? { gross: 0, vat: 0 };
            expect(Math.abs(p.vat - g.vat)).toBeLessThanOrEqual(Math.abs(p.gross - g.gross));
          }
        };
        for (const s of steps) {
          const left = total - refunded;
          if (left <= 0) break;
          if (s.byLines) {
            const basis: VatPart[] = [];
            let value = 0;
            lines.forEach((l, i) => {
              const units = Math.min(s.pick[i] ?? 0, l.quantity - refundedUnits[i]);
              if (units <= 0) return;
              const gross = unitsShare(l.unit * l.quantity, l.quantity, refundedUnits[i], units);
              basis.push({ rate: l.rate, gross, vat: unitsShare(v.lineVat[i], l.quantity, refundedUnits[i], units) });
              refundedUnits[i] += units;
              value += gross;
            });
            if (s.delivery && !deliveryDone && shipping > 0) {
              basis.push(...delivery);
              value += shipping;
              deliveryDone = true;
            }
            const amount = Math.min(value - Math.min(s.keep, value), left);
            if (amount <= 0) continue;
            give(amount, basis);
            proportional = false;
          } else {
            const amount = Math.max(1, Math.floor((left * s.share) / 100));
            give(Math.min(amount, left), null);
          }
        }
        if (refunded < total) give(total - refunded, null);
        expect(givenBack).toEqual(v.parts.filter((p) => p.gross !== 0 || p.vat !== 0));
      }),
      { numRuns: 1000 },
    );
  });
});

it('prints receipt numbers with six digits', () => {
  expect(invoiceNumberText(42)).toBe('INV-000042');
  expect(invoiceNumberText(1234567)).toBe('INV-1234567');
});
