import type { VatPartView } from '@shared/vat';

/**
 * One line per VAT rate under an order's "Includes £x VAT" (issue 25), each on its net amount:
 * "VAT at 20% on £41.67: £8.33". Exempt supplies carry no VAT: "Exempt from VAT: £10.00".
 * Shown only when an order has more than one rate; with one, the total line says it all.
 */
export function vatRateLines(parts: readonly VatPartView[], money: (pounds: number) => string): string[] {
  if (parts.length < 2) return [];
  return parts.map((part) => (part.rate === 'exempt' ? `Exempt from VAT: ${money(part.gross)}` : `VAT at ${part.label} on ${money(part.net)}: ${money(part.vat)}`));
}

/** What the order's PDF is: a VAT invoice when VAT was charged, else a plain receipt. */
export const invoiceKind = (parts: readonly VatPartView[]): 'invoice' | 'receipt' => (parts.length > 0 ? 'invoice' : 'receipt');
