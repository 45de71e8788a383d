import { Link } from 'react-router';
import { CircleCheck, Clock, Truck } from 'lucide-react';
import { deliveryPromise, type OrderSummary } from '@shared/orders';
import { processingLine } from '@shared/store-promises';
import { useStore } from '../store-context';
import { Button } from '@/components/ui/button';
import { LineItem } from '../components/LineItem';
import { OrderTotals } from '../components/OrderTotals';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderProgress } from './OrderProgress';
import { formatPlacedDate } from './order-status';
import { ShippingUpdatesConsent } from '../account/ShippingUpdatesConsent';
import { ReceiptLink } from './ReceiptLink';

/** The placed order: what was bought, what it cost, what happens next, and where to go from here. */
export function OrderConfirmation({ order }: { order: OrderSummary }) {
  const firstName = order.customer_name.trim().split(/\s+/)[0];
  const processing = processingLine(useStore().promises);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col items-center text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-emerald-50">
          <CircleCheck className="size-7 text-emerald-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {firstName ? `Thank you, ${firstName}!` : 'Thank you for your order!'}
        </h1>
        <p className="mt-3 text-zinc-600">
          Your order <span className="font-semibold text-zinc-900">{order.order_number}</span> is confirmed.
        </p>
        <p className="mt-1 text-sm text-zinc-500">A confirmation email is on its way to you.</p>
      </div>

      <ul className="mt-10 grid gap-3 sm:grid-cols-2">
        {processing ? <NextStep icon={Clock} text={processing} /> : null}
        <NextStep icon={Truck} text={deliveryPromise(order)} />
      </ul>
      <ShippingUpdatesConsent className="mt-3" />

      <section aria-labelledby="order-details-title" className="mt-6 rounded-xl border border-zinc-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id="order-details-title" className="font-semibold">Order {order.order_number}</h2>
            <p className="text-sm text-zinc-500">Placed {formatPlacedDate(order.placed_at)}</p>
          </div>
          <dl className="flex items-center gap-2 text-sm">
            <dt className="text-zinc-500">Status</dt>
            <dd><OrderStatusBadge status={order.status} paymentStatus={order.payment_status} /></dd>
          </dl>
        </div>
        <OrderProgress order={order} className="border-b border-zinc-200 px-5 py-3 sm:px-6" />
        <div className="px-5 py-5 sm:px-6">
          <ul aria-label="Items ordered" className="divide-y divide-zinc-200">
            {order.items.map((line) => (
              <LineItem
                key={line.id}
                name={line.product_name}
                slug={line.product_slug}
                imageUrl={line.image_url}
                imageSize={line.image_size}
                options={line.variant_options}
                quantity={line.quantity}
                unitPrice={line.unit_price}
                total={line.total_amount}
              />
            ))}
          </ul>
          <OrderTotals
            className="mt-6 border-t border-zinc-200 pt-5 sm:ml-auto sm:max-w-xs"
            figures={{
              subtotal: order.subtotal,
              discount: order.discount_total,
              discountCode: order.discount_code,
              shipping: order.shipping_total,
              shippingLabel: order.shipping_method,
              tax: order.tax_total,
              total: order.total_amount,
              vat: order.vat_included,
              vatParts: order.vat_breakdown,
            }}
          />
          {order.receipt_url ? <ReceiptLink order={order} showVat={false} className="mt-4 justify-end" /> : null}
        </div>
      </section>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button variant="outline" size="lg" asChild><Link to="/my-orders">View My Orders</Link></Button>
        <Button size="lg" asChild><Link to="/">Continue Shopping</Link></Button>
      </div>
    </div>
  );
}

function NextStep({ icon: Icon, text }: { icon: typeof Clock; text: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl bg-zinc-50 px-4 py-3.5 text-sm text-zinc-700">
      <Icon className="size-5 shrink-0 text-accent" aria-hidden />
      {text}
    </li>
  );
}
