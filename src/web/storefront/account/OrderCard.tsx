import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { OrderSummary } from '@shared/orders';
import { formatGBP } from '@shared/money';
import { OrderStatusBadge } from '../order/OrderStatusBadge';
import { formatPlacedDate } from '../order/order-status';
import { OrderProgress } from '../order/OrderProgress';
import { AwaitingPayment } from './AwaitingPayment';
import { ReceiptLink } from '../order/ReceiptLink';

/** One order in My orders: number, placed date, status, total, Pay now and Cancel while unpaid, its lines, and a way to its page. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const titleId = `order-${order.order_number}`;
  const page = `/my-orders/${encodeURIComponent(order.order_number)}`;
  const view = (
    <Link to={page} className="inline-flex items-center gap-1.5 font-medium text-accent underline-offset-4 hover:underline" aria-label={`View order ${order.order_number}`}>
      View order <ChevronRight aria-hidden className="size-4" />
    </Link>
  );
  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-xl border border-zinc-200 bg-white">
      <header className="flex flex-wrap items-center gap-x-6 gap-y-3 border-b border-zinc-200 bg-zinc-50/70 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-zinc-900">
            <Link to={page} className="underline-offset-4 hover:underline">Order {order.order_number}</Link>
          </h2>
          <p className="text-sm text-zinc-500">
            Placed <time dateTime={order.placed_at}>{formatPlacedDate(order.placed_at)}</time>
          </p>
        </div>
        <div className="flex w-full items-center justify-between gap-4 sm:ml-auto sm:w-auto">
          <OrderStatusBadge status={order.status} paymentStatus={order.payment_status} />
          <p className="text-right">
            <span className="sr-only">Total </span>
            <span className="font-semibold tabular-nums text-zinc-900">{formatGBP(order.total_amount)}</span>
          </p>
        </div>
      </header>
      {order.pay_by ? <AwaitingPayment order={order} /> : <OrderProgress order={order} className="border-b border-zinc-100 px-5 py-3" />}
      <ul aria-label={`Items in order ${order.order_number}`} className="divide-y divide-zinc-100 px-5">
        {order.order_items.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-4 py-3 text-sm">
            <span className="min-w-0 text-zinc-800">
              {line.product_name}
              {line.variant_options.length > 0 ? <span className="text-zinc-500"> ({line.variant_options.map((o) => o.value).join(', ')})</span> : null}
              <span className="whitespace-nowrap text-zinc-500">
                {' '}× {line.quantity}
                {line.refunded_quantity > 0 ? ` · ${line.refunded_quantity === line.quantity ? 'refunded' : `${line.refunded_quantity} refunded`}` : null}
              </span>
            </span>
            <span className="shrink-0 tabular-nums text-zinc-700">{formatGBP(line.total_amount)}</span>
          </li>
        ))}
      </ul>
      {order.receipt_url ? (
        <ReceiptLink order={order} lead={view} className="border-t border-zinc-100 px-5 py-3" />
      ) : (
        <p className="border-t border-zinc-100 px-5 py-3 text-sm">{view}</p>
      )}
    </article>
  );
}
