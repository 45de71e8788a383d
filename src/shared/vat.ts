/**
 * UK VAT (issue 25, decision 035). Zod-free: the storefront imports this file (decision 004).
 *
 * Shop prices include VAT, so VAT is never added on top: it is the part of each VAT-inclusive amount
 * that belongs to HMRC. A store that is not VAT registered charges none, and no VAT line is shown
 * anywhere (its breakdown is empty). A registered store gives each product a rate (or its main
 * category's default, or standard); delivery carries VAT at the standard rate, or, where the option
 * says so, at the rates of the goods it carries, split by their value (HMRC VAT Notice 700/24: a
 * delivery charge follows the goods; mixed goods are apportioned).
 *
 * Rounding: each line's VAT is rounded to the penny (HMRC allows line-level rounding, VAT Notice 700
 * §17.5); a rate's VAT is the sum of its lines, so a receipt's lines always add up to its summary.
 */

export const VAT_RATES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Percent for each rate; exempt supplies carry no VAT but are reported apart from zero-rated ones. */
export const VAT_PERCENT: Record<VatRate, number> = { standard: 20, reduced: 5, zero: 0, exempt: 0 };

export const VAT_RATE_LABELS: Record<VatRate, string> = {
  standard: 'Standard (20%)',
  reduced: 'Reduced (5%)',
  zero: 'Zero-rated (0%)',
  exempt: 'Exempt',
};

/** How a rate is named on a receipt or summary line: "20%", "5%", "0%", "Exempt". */
export const vatRateShort = (rate: VatRate) => (rate === 'exempt' ? 'Exempt' : `${VAT_PERCENT[rate]}%`);

/** How a delivery option's VAT is worked out (Settings > Shipping). */
export const SHIPPING_VAT_MODES = ['standard', 'goods'] as const;
export type ShippingVatMode = (typeof SHIPPING_VAT_MODES)[number];
export const SHIPPING_VAT_MODE_LABELS: Record<ShippingVatMode, string> = {
  standard: 'Standard rate (20%)',
  goods: 'Same rates as the goods, split by value',
};

export const isVatRate = (value: unknown): value is VatRate => typeof value === 'string' && (VAT_RATES as readonly string[]).includes(value);

/** The VAT inside a VAT-inclusive amount in pence at a rate, rounded to the penny (half up). */
export function vatInside(gross: number, rate: VatRate): number {
  const p = VAT_PERCENT[rate];
  return p === 0 ? 0 : Math.round((gross * p) / (100 + p));
}

/** One rate's part of a basket or order, in pence: gross (VAT-inclusive), the VAT inside it, and net. */
export interface VatPart {
  rate: VatRate;
  gross: number;
  vat: number;
}

/** A goods line as VAT sees it: its VAT-inclusive total (after any discount) and its rate. */
export interface VatLineInput {
  gross: number;
  rate: VatRate;
}

export interface VatBreakdown {
  /** VAT of each goods line, in the order given (0 for every line when not registered). */
  lineVat: number[];
  /** The delivery charge's VAT split by rate (empty when free or not registered). */
  shipping: VatPart[];
  /** Goods and delivery together, one entry per rate in VAT_RATES order, only rates that occur. */
  parts: VatPart[];
  /** All the VAT inside the total. */
  total: number;
}

export const NO_VAT: VatBreakdown = { lineVat: [], shipping: [], parts: [], total: 0 };

/**
 * Splits `amount` pence across `weights` in proportion, the parts adding up to exactly `amount`
 * (largest remainder; ties go to the earlier weight). All weights 0: everything to the first.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i] += 1;
  return parts;
}

function mergeParts(parts: VatPart[]): VatPart[] {
  return VAT_RATES.flatMap((rate) => {
    const mine = parts.filter((p) => p.rate === rate);
    if (mine.length === 0) return [];
    return [{ rate, gross: mine.reduce((s, p) => s + p.gross, 0), vat: mine.reduce((s, p) => s + p.vat, 0) }];
  });
}

/**
 * The VAT of a basket: its goods lines and its delivery charge, all VAT-inclusive pence. Not
 * registered: no VAT at all (NO_VAT with a 0 per line).
 */
export function vatBreakdown(input: { registered: boolean; lines: readonly VatLineInput[]; shipping: number; shippingMode: ShippingVatMode }): VatBreakdown {
  if (!input.registered) return { ...NO_VAT, lineVat: input.lines.map(() => 0) };
  const lineVat = input.lines.map((l) => vatInside(l.gross, l.rate));
  const goods = mergeParts(input.lines.map((l, i) => ({ rate: l.rate, gross: l.gross, vat: lineVat[i] })));
  let shipping: VatPart[] = [];
  if (input.shipping > 0) {
    if (input.shippingMode === 'goods' && goods.length > 0) {
      const split = apportion(input.shipping, goods.map((g) => g.gross));
      shipping = goods.map((g, i) => ({ rate: g.rate, gross: split[i], vat: vatInside(split[i], g.rate) })).filter((p) => p.gross > 0);
    } else {
      shipping = [{ rate: 'standard', gross: input.shipping, vat: vatInside(input.shipping, 'standard') }];
    }
  }
  const parts = mergeParts([...goods, ...shipping]);
  return { lineVat, shipping, parts, total: parts.reduce((s, p) => s + p.vat, 0) };
}

/**
 * The VAT a refund takes back, by rate: the order's parts scaled to the refunded share of its total.
 * Worked out on the running total refunded (before and after this refund) so that any run of partial
 * refunds reverses, in the end, exactly the order's VAT: a full refund gives back every part.
 */
export function refundVat(orderParts: readonly VatPart[], orderTotal: number, refundedBefore: number, refundedAfter: number): VatPart[] {
  const upTo = (refunded: number) => {
    const grossShares = apportion(Math.min(refunded, orderTotal), orderParts.map((p) => p.gross));
    return orderParts.map((p, i) => ({ rate: p.rate, gross: grossShares[i], vat: p.gross === 0 ? 0 : Math.round((p.vat * grossShares[i]) / p.gross) }));
  };
  const before = upTo(refundedBefore);
  const after = upTo(refundedAfter);
  return after.map((p, i) => ({ rate: p.rate, gross: p.gross - before[i].gross, vat: p.vat - before[i].vat })).filter((p) => p.gross !== 0 || p.vat !== 0);
}

/** A VAT part at the API edge: pounds. */
export interface VatPartView {
  rate: VatRate;
  /** The rate as shown: "20%", "5%", "0%", "Exempt". */
  label: string;
  gross: number;
  net: number;
  vat: number;
}

/** A receipt number as printed: "INV-000042" (each store counts from 1, without gaps). */
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(6, '0')}`;
