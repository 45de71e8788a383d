import type { PaymentLine } from '../../adapters/payments/payments';

/**
 * The lines a payment provider is asked to charge (issue 28 item 4). Providers take whole-penny unit
 * prices times quantities; a discounted line's paid amount may not divide by its quantity, so it goes as
 * at most two lines of the same name: the units at the lower penny and the rest one penny more (3 mugs
 * paid £10.00 together: 2 x £3.33 and 1 x £3.34). Every line's amounts add up to what the order charges
 * for it, so the provider's total is the order's total to the penny, with no coupon to create.
 */
export function paymentLines(lines: readonly { name: string; quantity: number; unit_amount: number; discount: number }[]): PaymentLine[] {
  const out: PaymentLine[] = [];
  for (const line of lines) {
    if (line.discount <= 0) {
      out.push({ name: line.name, quantity: line.quantity, unit_amount: line.unit_amount });
      continue;
    }
    const paid = line.unit_amount * line.quantity - line.discount;
    const low = Math.floor(paid / line.quantity);
    const higher = paid - low * line.quantity;
    if (line.quantity - higher > 0) out.push({ name: line.name, quantity: line.quantity - higher, unit_amount: low });
    if (higher > 0) out.push({ name: line.name, quantity: higher, unit_amount: low + 1 });
  }
  return out;
}
