import type { StoreCtx } from '../../../http/context';
import { storeDetails } from '../../tenants';
import { VAT_PERCENT, vatBreakdown, vatRateShort, type ShippingVatMode, type VatBreakdown, type VatPart, type VatPartView, type VatRate } from '../../../../shared/vat';
import { penceToPounds } from '../../../../shared/money';

/** Whether the store charges VAT now (Settings > Store Info, issue 25), read in the caller's transaction. */
export async function isVatRegistered(ctx: StoreCtx): Promise<boolean> {
  return (await storeDetails(ctx.tx, ctx.tenantId))?.settings.business.vat_registered ?? false;
}

/** A basket's VAT from its priced lines and delivery charge (pence). */
export function basketVat(registered: boolean, lines: readonly { line_total: number; vat_rate: VatRate }[], shipping: number, shippingMode: ShippingVatMode): VatBreakdown {
  return vatBreakdown({ registered, lines: lines.map((l) => ({ gross: l.line_total, rate: l.vat_rate })), shipping, shippingMode });
}

/** VAT parts as the API answers them: pounds, with the rate's label and net. */
export const vatPartsView = (parts: readonly VatPart[]): VatPartView[] =>
  parts.map((p) => ({ rate: p.rate, label: vatRateShort(p.rate), gross: penceToPounds(p.gross), net: penceToPounds(p.gross - p.vat), vat: penceToPounds(p.vat) }));

/** Parts stored on an order (jsonb), read defensively: anything malformed is left out. */
export function storedVatParts(raw: unknown): VatPart[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((p): p is VatPart => typeof p === 'object' && p !== null && typeof p.gross === 'number' && typeof p.vat === 'number' && p.rate in VAT_PERCENT);
}
