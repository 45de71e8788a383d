import type { ReactNode } from 'react';
import { formatGBP } from '@shared/money';
import { discountLineLabel } from '@shared/discounts';
import type { Cart } from '@shared/cart';
import type { VatPartView } from '@shared/vat';
import { cn } from '@/lib/utils';

/** An order's or a cart's figures in pounds, as the server worked them out. */
export interface TotalsFigures {
  subtotal: number;
  discount: number;
  /** The discount code the discount came from, named on its line (issue 28). */
  discountCode?: string | null;
  shipping: number;
  /** The delivery method's name, under the Shipping label. */
  shippingLabel?: string | null;
  tax: number;
  total: number;
  /** VAT already inside the total (prices include it); 0 when the store charges no VAT. */
  vat: number;
  /** VAT by rate (issue 25); listed under the total when there is more than one rate. */
  vatParts?: VatPartView[];
}

/** A cart's figures as the cart page and the checkout summary show them. */
export function cartFigures(cart: Cart): TotalsFigures {
  return {
    subtotal: cart.sub_total,
    discount: cart.discount_total,
    discountCode: cart.discount && !cart.discount.problem ? cart.discount.code : null,
    shipping: cart.shipping_total,
    shippingLabel: cart.shipping_selection?.name,
    tax: cart.tax_total,
    total: cart.total,
    vat: cart.vat_included,
    vatParts: cart.vat_breakdown,
  };
}

/** Storefront spec §2 (Cart): discount and tax only when above 0; shipping 'Free' when 0. */
export function OrderTotals({ figures, className }: { figures: TotalsFigures; className?: string }) {
  const { subtotal, discount, discountCode, shipping, shippingLabel, tax, total, vat, vatParts = [] } = figures;
  return (
    <div className={cn('text-sm', className)}>
      <dl className="grid gap-2.5">
        <Row label="Subtotal" value={formatGBP(subtotal)} />
        {discount > 0 ? <Row label={discountLineLabel(discountCode ?? null)} value={`−${formatGBP(discount)}`} valueClass="text-emerald-700" /> : null}
        <Row
          label={
            <>
              Shipping
              {shippingLabel ? <span className="block text-xs text-zinc-500">{shippingLabel}</span> : null}
            </>
          }
          value={shipping === 0 ? 'Free' : formatGBP(shipping)}
        />
        {tax > 0 ? <Row label="Tax" value={formatGBP(tax)} /> : null}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-zinc-200 pt-3.5">
          <dt className="text-base font-semibold text-zinc-900">Total</dt>
          <dd className="text-lg font-semibold tabular-nums text-zinc-900">{formatGBP(total)}</dd>
        </div>
      </dl>
      {vat > 0 ? <p className="mt-1 text-right text-xs text-zinc-500">Includes {formatGBP(vat)} VAT</p> : null}
      {vat > 0 && vatParts.length > 1 ? (
        <ul aria-label="VAT by rate" className="mt-0.5 text-right text-xs text-zinc-500">
          {vatParts.map((part) => (
            <li key={part.rate}>
              {part.label === 'Exempt' ? 'VAT exempt' : `${part.label} VAT`} on {formatGBP(part.gross)}: {formatGBP(part.vat)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Row({ label, value, valueClass }: { label: ReactNode; value: string; valueClass?: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="min-w-0 break-words text-zinc-600">{label}</dt>
      <dd className={cn('font-medium whitespace-nowrap tabular-nums text-zinc-900', valueClass)}>{value}</dd>
    </div>
  );
}
