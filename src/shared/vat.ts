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
 * Rounding: once per rate, on the rate's whole VAT-inclusive amount (invoice-level rounding, HMRC VAT
 * Notice 700 §17.5), so a one-rate basket's VAT is exactly the sixth of its total the spec shows; each
 * line's share (shown on receipts) is that VAT split by value, so the lines add up to the summary.
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


/**
 * The VAT of a basket: its goods lines and its delivery charge, all VAT-inclusive pence. Not
 * registered: no VAT at all (NO_VAT with a 0 per line).
 */
export function vatBreakdown(input: { registered: boolean; lines: readonly VatLineInput[]; shipping: number; shippingMode: ShippingVatMode }): VatBreakdown {
  if (!input.registered) return { ...NO_VAT, lineVat: input.lines.map(() => 0) };
  const goodsGross = new Map<VatRate, number>();
  for (const l of input.lines) goodsGross.set(l.rate, (goodsGross.get(l.rate) ?? 0) + l.gross);
  // Delivery's gross by rate: all standard, or split across the goods' rates by their value.
  let shippingGross: { rate: VatRate; gross: number }[] = [];
  if (input.shipping > 0) {
    const goodsRates = VAT_RATES.filter((r) => goodsGross.has(r));
    if (input.shippingMode === 'goods' && goodsRates.length > 0) {
      const split = apportion(input.shipping, goodsRates.map((r) => goodsGross.get(r)!));
      shippingGross = goodsRates.map((rate, i) => ({ rate, gross: split[i] })).filter((p) => p.gross > 0);
    } else {
      shippingGross = [{ rate: 'standard', gross: input.shipping }];
    }
  }
  const lineVat = input.lines.map(() => 0);
  const shipping: VatPart[] = [];
  const parts: VatPart[] = [];
  for (const rate of VAT_RATES) {
    const lineIdx = input.lines.flatMap((l, i) => (l.rate === rate ? [i] : []));
    const ship = shippingGross.find((p) => p.rate === rate);
    if (lineIdx.length === 0 && !ship) continue;
    const gross = lineIdx.reduce((sum, i) => sum + input.lines[i].gross, 0) + (ship?.gross ?? 0);
    // One rounding per rate, on its whole VAT-inclusive amount; the lines' shares (shown on receipts)
    // are that VAT split by their value, so they add up to it exactly.
    const vat = vatInside(gross, rate);
    const shares = apportion(vat, [...lineIdx.map((i) => input.lines[i].gross), ship?.gross ?? 0]);
    lineIdx.forEach((i, k) => (lineVat[i] = shares[k]));
    if (ship) shipping.push({ rate, gross: ship.gross, vat: shares[shares.length - 1] });
    parts.push({ rate, gross, vat });
  }
  return { lineVat, shipping, parts, total: parts.reduce((sum, p) => sum + p.vat, 0) };
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

/**
 * The share of a whole (a line's total, or the VAT inside it) that `units` of its `quantity` units
 * carry when `before` of them were refunded already (issue 27). Running totals rounded once each, so a
 * line refunded in any number of parts gives back exactly its total and exactly its VAT.
 */
export function unitsShare(whole: number, quantity: number, before: number, units: number): number {
  if (quantity <= 0) return 0;
  const upTo = (n: number) => Math.round((whole * Math.min(Math.max(n, 0), quantity)) / quantity);
  return upTo(before + units) - upTo(before);
}

/** Delivery's part of each rate: the order's parts less what its goods lines carry (only rates delivery has). */
export function deliveryVatParts(orderParts: readonly VatPart[], goods: readonly { rate: VatRate | null; gross: number; vat: number }[]): VatPart[] {
  return orderParts
    .map((p) => {
      const lines = goods.filter((g) => g.rate === p.rate);
      return { rate: p.rate, gross: p.gross - lines.reduce((s, g) => s + g.gross, 0), vat: p.vat - lines.reduce((s, g) => s + g.vat, 0) };
    })
    .filter((p) => p.gross > 0);
}

/** Parts added up by rate, in VAT_RATES order, leaving out rates with nothing. */
export function sumVatParts(...lists: (readonly VatPart[])[]): VatPart[] {
  const by = new Map<VatRate, VatPart>();
  for (const p of lists.flat()) {
    const seen = by.get(p.rate) ?? { rate: p.rate, gross: 0, vat: 0 };
    by.set(p.rate, { rate: p.rate, gross: seen.gross + p.gross, vat: seen.vat + p.vat });
  }
  return VAT_RATES.flatMap((rate) => {
    const p = by.get(rate);
    return p && (p.gross !== 0 || p.vat !== 0) ? [p] : [];
  });
}

/** `parts` scaled down to `amount` pence of gross: gross split by the largest remainder, each rate's VAT in step. */
function scaleParts(parts: readonly VatPart[], amount: number): VatPart[] {
  const weights = parts.map((p) => Math.max(p.gross, 0));
  const grossShares = apportion(amount, weights);
  return parts.map((p, i) => ({ rate: p.rate, gross: grossShares[i], vat: p.gross > 0 ? Math.round((p.vat * grossShares[i]) / p.gross) : 0 }));
}

export interface RefundVatInput {
  /** The order's VAT by rate, goods and delivery together. */
  orderParts: readonly VatPart[];
  orderTotal: number;
  /** The order's running total refunded before and after this refund (pence). */
  refundedBefore: number;
  refundedAfter: number;
  /** What the order's earlier refunds gave back, by rate (the VAT ledger). */
  givenBack: readonly VatPart[];
  /**
   * A refund by lines (issue 27): the chosen units' own gross and VAT by rate (and delivery's, when it
   * is refunded too). Null: a refund of an amount alone.
   */
  basis: readonly VatPart[] | null;
  /** No earlier refund of the order was by lines: the ledger holds the order's parts scaled to what was refunded. */
  proportional: boolean;
}

/**
 * Keeps each rate's VAT given back where the rest can still come out exact: after this refund, what is
 * left of the rate's VAT fits inside what is left of its gross, and this refund's VAT fits inside its
 * gross. Both always hold together when they held before (the two ranges overlap), so a nudge, when
 * one is needed at all, is a penny or two in orders of a few pence.
 */
function keepReachable(parts: readonly VatPart[], orderParts: readonly VatPart[], givenBack: readonly VatPart[]): VatPart[] {
  return parts
    .map((p) => {
      const order = orderParts.find((o) => o.rate === p.rate) ?? { gross: 0, vat: 0 };
      const given = givenBack.find((g) => g.rate === p.rate) ?? { gross: 0, vat: 0 };
      const rest = Math.abs(order.gross - given.gross - p.gross);
      const lo = Math.max(order.vat - rest, given.vat - Math.abs(p.gross));
      const hi = Math.min(order.vat + rest, given.vat + Math.abs(p.gross));
      const vat = Math.min(Math.max(given.vat + p.vat, lo), hi) - given.vat;
      return { rate: p.rate, gross: p.gross, vat };
    })
    .filter((p) => p.gross !== 0 || p.vat !== 0);
}

/**
 * The VAT a refund gives back, by rate (issue 25, issue 27). However refunds by amount and by lines
 * are mixed, the one that completes the order gives back exactly what is left at each rate, so the
 * order's VAT comes back whole. Before that:
 *  - a refund by lines gives back its units' own VAT, each line at its own rate (scaled down when the
 *    admin refunds less than the lines' value, e.g. keeping a restocking charge);
 *  - an amount alone follows the running total (refundVat) while every refund so far was an amount,
 *    and is otherwise spread over what is left at each rate.
 */
export function refundVatParts(input: RefundVatInput): VatPart[] {
  const amount = input.refundedAfter - input.refundedBefore;
  if (amount <= 0 || input.orderParts.length === 0) return [];
  const left = sumVatParts(input.orderParts, input.givenBack.map((p) => ({ rate: p.rate, gross: -p.gross, vat: -p.vat })));
  if (input.refundedAfter >= input.orderTotal) return left;
  const basis = sumVatParts(input.basis ?? []);
  const basisGross = basis.reduce((s, p) => s + Math.max(p.gross, 0), 0);
  let parts: VatPart[];
  if (input.basis && basisGross > 0) parts = amount >= basisGross ? basis : scaleParts(basis, amount);
  else if (input.proportional) parts = refundVat(input.orderParts, input.orderTotal, input.refundedBefore, input.refundedAfter);
  else parts = scaleParts(left.some((p) => p.gross > 0) ? left : input.orderParts, amount);
  return keepReachable(parts, input.orderParts, input.givenBack);
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
