import type { ReactNode } from 'react';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { discountLineLabel, freeDeliveryText } from '@shared/discounts';
import { formatOrderTotal } from '@shared/order-status';
import { vatRateLines } from './order-vat';

/**
 * The order's figures under its lines: subtotal, the discount with its code and the delivery a
 * free-delivery code waived (issue 28), total, VAT by rate, refunds.
 */
export function OrderTotals({ order }: { order: AdminOrderDetail }) {
  const money = (n: number) => formatOrderTotal(n, order.currency);
  const vatLines = vatRateLines(order.vat_breakdown, money);
  return (
    <dl aria-label="Order totals" className="mt-4 grid gap-1.5 border-t border-zinc-200 pt-4 text-sm sm:ml-auto sm:max-w-xs">
      <Row label="Subtotal">{money(order.subtotal)}</Row>
      {order.discount_total > 0 ? <Row label={discountLineLabel(order.discount_code)}>−{money(order.discount_total)}</Row> : null}
      {/* A free-delivery code waived the charge: which code, and what delivery would have cost. */}
      <Row label={order.shipping_method}>
        {order.shipping_discount > 0 ? (
          <span title={`${money(order.shipping_discount)} waived`}>
            {freeDeliveryText(order.discount_code)} <s className="text-xs text-zinc-400">{money(order.shipping_discount)}</s>
          </span>
        ) : order.shipping_total === 0 ? 'Free' : money(order.shipping_total)}
      </Row>
      {order.tax_total > 0 ? <Row label="Tax">{money(order.tax_total)}</Row> : null}
      <Row label="Total" strong>{money(order.total_amount)}</Row>
      <p className="text-right text-xs text-zinc-500">Includes {money(order.vat_included)} VAT</p>
      {vatLines.length > 0 ? (
        <ul aria-label="VAT by rate" className="grid gap-0.5 text-right text-xs text-zinc-500 tabular-nums">
          {vatLines.map((line) => <li key={line}>{line}</li>)}
        </ul>
      ) : null}
      {order.refunded_amount > 0 ? <Row label="Refunded">-{money(order.refunded_amount)}</Row> : null}
      {order.refunded_amount > 0 ? <Row label="Net paid" strong>{money(order.paid_amount - order.refunded_amount)}</Row> : null}
    </dl>
  );
}

/** A label and its value, in a <dl>. */
export function Row({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'font-semibold text-zinc-900' : ''}`}>
      <dt className={strong ? '' : 'text-zinc-500'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}
