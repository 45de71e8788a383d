import type { OrderSummary } from '@shared/orders';
import { formatGBP } from '@shared/money';

/** What the shop has done since: the tracking reference once shipped, and any refund. Nothing otherwise. */
export function OrderProgress({ order, className }: { order: Pick<OrderSummary, 'tracking_reference' | 'refunded_amount' | 'total_amount'>; className?: string }) {
  if (!order.tracking_reference && !(order.refunded_amount > 0)) return null;
  return (
    <dl className={`flex flex-wrap gap-x-6 gap-y-1 text-sm ${className ?? ''}`}>
      {order.tracking_reference ? (
        <div className="flex gap-1.5">
          <dt className="text-zinc-500">Tracking reference</dt>
          <dd className="font-medium text-zinc-900">{order.tracking_reference}</dd>
        </div>
      ) : null}
      {order.refunded_amount > 0 ? (
        <div className="flex gap-1.5">
          <dt className="text-zinc-500">Refunded</dt>
          <dd className="font-medium tabular-nums text-zinc-900">
            {formatGBP(order.refunded_amount)}
            {order.refunded_amount < order.total_amount ? ` of ${formatGBP(order.total_amount)}` : ''}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
