import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, LockKeyhole, RotateCw, SearchX } from 'lucide-react';
import { deliveryPromise, type AccountOrder } from '@shared/orders';
import { formatGBP } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { useMyOrder } from '@/lib/my-order';
import { LineItem } from '../components/LineItem';
import { LoadError } from '../components/LoadError';
import { OrderTotals } from '../components/OrderTotals';
import { StatusScreen } from '../components/StatusScreen';
import { OrderStatusBadge } from '../order/OrderStatusBadge';
import { OrderProgress } from '../order/OrderProgress';
import { ReceiptLink } from '../order/ReceiptLink';
import { formatPlacedDate } from '../order/order-status';
import { useDocumentTitle } from '../store-context';
import { useLoginHref } from '../use-login-href';
import { AwaitingPayment } from './AwaitingPayment';

/**
 * /my-orders/{order_number} (issue 27): one of the signed-in shopper's orders, everything about it in
 * one place: what was bought and what it cost with its VAT, where it is going, what the shop has done
 * since (shipped with a reference, refunded and which items), and its receipt. Someone else's order
 * reads exactly as a missing one.
 */
export function MyOrderPage({ orderNumber }: { orderNumber: string }) {
  useDocumentTitle(`Order ${orderNumber}`);
  const loginHref = useLoginHref();
  const session = useSession();
  const user = session.data?.user ?? null;
  const order = useMyOrder(orderNumber, Boolean(user));

  if (session.isPending || (user && order.isPending)) return <OrderSkeleton />;
  if (session.isError) {
    return (
      <StatusScreen icon={AlertTriangle} title="Unable to load your account" action={<Button onClick={() => void session.refetch()}><RotateCw aria-hidden /> Try again</Button>}>
        {errorMessage(session.error, 'Something went wrong. Please try again.')}
      </StatusScreen>
    );
  }
  if (!user) {
    return (
      <StatusScreen icon={LockKeyhole} title="Access Your Orders" action={<Button asChild size="lg"><Link to={loginHref}>Log In</Link></Button>}>
        Log in to see your orders, their status and what was in each one.
      </StatusScreen>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <StatusScreen icon={SearchX} title="Order not found" action={<Button asChild variant="outline"><Link to="/my-orders">Back to My orders</Link></Button>}>
          There is no order {orderNumber} in your account. Check the number in your confirmation email.
        </StatusScreen>
      );
    }
    return (
      <Page orderNumber={orderNumber}>
        <LoadError title="Failed to load the order" error={order.error} fallback="Please try again in a moment." onRetry={() => void order.refetch()} />
      </Page>
    );
  }
  return order.data ? <OrderDetails order={order.data} /> : null;
}

function Page({ orderNumber, children }: { orderNumber: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/my-orders" className="inline-flex w-fit items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
        <ArrowLeft className="size-4" aria-hidden /> My orders
      </Link>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">Order {orderNumber}</h1>
      <div className="mt-8 grid gap-6">{children}</div>
    </div>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white">
      <h2 id={id} className="border-b border-zinc-200 px-5 py-4 font-semibold sm:px-6">{title}</h2>
      {children}
    </section>
  );
}

const refundedDate = (iso: string) => formatPlacedDate(iso);

function OrderDetails({ order }: { order: AccountOrder }) {
  const a = order.shipping_address;
  const addressLines = [`${a.first_name} ${a.last_name}`.trim(), a.company, a.line1, a.line2, a.city, a.postcode, a.country === 'GB' ? 'United Kingdom' : a.country].filter(Boolean);
  const placed = order.payment_status !== 'unpaid';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/my-orders" className="inline-flex w-fit items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
        <ArrowLeft className="size-4" aria-hidden /> My orders
      </Link>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Order {order.order_number}</h1>
          <p className="mt-2 text-zinc-600">
            Placed <time dateTime={order.placed_at}>{formatPlacedDate(order.placed_at)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} paymentStatus={order.payment_status} className="mt-2" />
      </header>

      <div className="mt-8 grid gap-6">
        <Section title="Items" id="order-items-title">
          {order.pay_by ? <AwaitingPayment order={order} /> : <OrderProgress order={order} className="border-b border-zinc-200 px-5 py-3 sm:px-6" />}
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
                  note={line.refunded_quantity > 0 ? (line.refunded_quantity === line.quantity ? 'Refunded' : `${line.refunded_quantity} of ${line.quantity} refunded`) : null}
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
            {order.refunded_amount > 0 ? (
              <dl className="mt-3 grid gap-2.5 text-sm sm:ml-auto sm:max-w-xs">
                <div className="flex items-start justify-between gap-4">
                  <dt className="text-zinc-600">Refunded</dt>
                  <dd className="font-medium tabular-nums text-emerald-700">−{formatGBP(order.refunded_amount)}</dd>
                </div>
                <div className="flex items-start justify-between gap-4">
                  <dt className="font-semibold text-zinc-900">Paid after refunds</dt>
                  <dd className="font-semibold tabular-nums text-zinc-900">{formatGBP(Math.round((order.total_amount - order.refunded_amount) * 100) / 100)}</dd>
                </div>
              </dl>
            ) : null}
            {order.receipt_url ? <ReceiptLink order={order} showVat={false} className="mt-4 justify-end" /> : null}
          </div>
        </Section>

        {order.refunds.length > 0 ? (
          <Section title="Refunds" id="order-refunds-title">
            <ul aria-label="Refunds" className="divide-y divide-zinc-100 px-5 sm:px-6">
              {order.refunds.map((refund, i) => {
                const what = [...refund.lines.map((l) => `${l.quantity} × ${l.product_name}`), ...(refund.delivery ? ['Delivery'] : [])];
                return (
                  <li key={i} className="flex items-baseline justify-between gap-4 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium text-zinc-900">
                        Refunded <time dateTime={refund.refunded_at}>{refundedDate(refund.refunded_at)}</time>
                      </p>
                      <p className="text-zinc-500">{what.length > 0 ? what.join(', ') : 'Part of the order'}</p>
                    </div>
                    <span className="shrink-0 font-medium tabular-nums text-zinc-900">{formatGBP(refund.amount)}</span>
                  </li>
                );
              })}
            </ul>
            <p className="border-t border-zinc-100 px-5 py-3 text-sm text-zinc-500 sm:px-6">Refunds go back to the card you paid with.</p>
          </Section>
        ) : null}

        <Section title="Delivery" id="order-delivery-title">
          <div className="grid gap-6 px-5 py-5 sm:grid-cols-2 sm:px-6">
            <dl className="grid content-start gap-1 text-sm">
              <dt className="text-zinc-500">Method</dt>
              <dd className="font-medium text-zinc-900">{order.shipping_method}</dd>
              {placed && !order.tracking_reference && (order.status === 'confirmed' || order.status === 'processing') ? <dd className="text-zinc-600">{deliveryPromise(order)}</dd> : null}
              {order.tracking_reference ? (
                <>
                  <dt className="mt-3 text-zinc-500">Tracking reference</dt>
                  <dd className="font-medium break-all text-zinc-900">{order.tracking_reference}</dd>
                </>
              ) : null}
            </dl>
            <div className="grid content-start gap-1 text-sm">
              <p className="text-zinc-500">Delivery address</p>
              <address className="leading-6 not-italic text-zinc-900">
                {addressLines.map((line, i) => <span key={i} className="block">{line}</span>)}
              </address>
            </div>
          </div>
        </Section>
      </div>
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12" aria-busy="true">
      <span className="sr-only" role="status">Loading your order</span>
      <Skeleton className="h-5 w-24" />
      <Skeleton className="mt-4 h-10 w-56" />
      <Skeleton className="mt-3 h-5 w-40" />
      <div className="mt-8 grid gap-6">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    </div>
  );
}
