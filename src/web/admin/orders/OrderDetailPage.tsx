import { Link, useParams } from 'react-router';
import { ArrowLeft, FileDown, ImageOff, SearchX } from 'lucide-react';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { formatOrderTotal } from '@shared/order-status';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminOrder } from '@/lib/admin-orders';
import { OrderActions } from './OrderActions';
import { OrderAddress } from './OrderAddress';
import { OrderEmails } from './OrderEmails';
import { OrderStatusBadge, PaymentStatusBadge } from './StatusBadges';
import { eventTimeFormat, OrderTimeline } from './OrderTimeline';
import { invoiceKind } from './order-vat';
import { OrderTotals, Row } from './OrderTotals';

/** Admin /admin/orders/{id}: everything a shop owner needs to fulfil, refund and answer questions about one order. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);

  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <EmptyState icon={SearchX} title="Order not found" action={<Button variant="outline" asChild><Link to="/admin/orders">Back to orders</Link></Button>}>
          It may belong to another store, or the link is wrong.
        </EmptyState>
      );
    }
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(order.error, 'Failed to load order')}</span>
        <Button size="sm" variant="outline" onClick={() => void order.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (order.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" aria-label="Loading order">
        <Skeleton className="h-16" />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-72 lg:col-span-2" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const money = (n: number) => formatOrderTotal(n, order.currency);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link to="/admin/orders" className="inline-flex w-fit items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden /> Orders
        </Link>
        <div className="flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold tracking-tight">Order {order.order_number}</h1>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-sm text-zinc-500">
              Placed <time dateTime={order.placed_at}>{eventTimeFormat.format(new Date(order.placed_at))}</time> by {order.customer_erased_at ? 'an erased customer' : order.customer_name || 'Unknown'}
            </p>
          </div>
          <OrderActions order={order} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Items</CardTitle>
            </CardHeader>
            <CardContent>
              <ul aria-label="Order lines" className="divide-y divide-zinc-100">
                {order.items.map((line) => (
                  <li key={line.id} className="flex gap-3 py-3 first:pt-0">
                    {line.image_url ? (
                      <img src={line.image_url} alt="" className="size-14 shrink-0 rounded-md border border-zinc-200 object-cover" />
                    ) : (
                      <span className="flex size-14 shrink-0 items-center justify-center rounded-md border border-zinc-200 bg-zinc-50"><ImageOff className="size-4 text-zinc-400" aria-hidden /></span>
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-zinc-900">{line.product_name}</p>
                      {line.variant_options.length > 0 ? <p className="text-xs text-zinc-600">{line.variant_options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p> : null}
                      <p className="text-xs text-zinc-500">SKU {line.product_sku}</p>
                    </div>
                    <div className="shrink-0 text-right text-sm">
                      <p className="font-medium tabular-nums">{money(line.total_amount)}</p>
                      <p className="text-xs text-zinc-500 tabular-nums">{line.quantity} × {money(line.unit_price)}</p>
                      {line.refunded_quantity > 0 ? (
                        <Badge variant="secondary" className="mt-1">{line.refunded_quantity === line.quantity ? 'Refunded' : `${line.refunded_quantity} refunded`}</Badge>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
              <OrderTotals order={order} />
            </CardContent>
          </Card>
          <OrderTimeline order={order} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader><CardTitle>Customer</CardTitle></CardHeader>
            <CardContent className="grid gap-1 text-sm">
              {order.customer_erased_at ? (
                <>
                  <p className="font-medium">Erased customer</p>
                  <p className="text-zinc-600">The customer’s data was erased on {eventTimeFormat.format(new Date(order.customer_erased_at))}. The order keeps its amounts, VAT and items.</p>
                </>
              ) : (
                <>
                  <p className="font-medium">{order.customer_name || 'Unknown'}</p>
                  <a href={`mailto:${order.customer_email}`} className="break-all text-indigo-700 hover:underline">{order.customer_email}</a>
                  {order.customer_phone ? <p className="text-zinc-600">{order.customer_phone}</p> : null}
                </>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Shipping</CardTitle></CardHeader>
            <CardContent className="grid gap-3">
              <dl className="grid gap-1 text-sm">
                <Row label="Method">{order.shipping_method}</Row>
                {order.tracking_reference ? <Row label="Tracking">{order.tracking_reference}</Row> : null}
              </dl>
              <OrderAddress address={order.shipping_address} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Billing address</CardTitle></CardHeader>
            <CardContent><OrderAddress address={order.billing_address} /></CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Payment</CardTitle></CardHeader>
            <CardContent>
              <dl className="grid gap-1.5 text-sm">
                <Row label="Provider">{order.payment.provider === 'stripe' ? 'Stripe' : 'Test gateway'}</Row>
                <Row label="Status"><PaymentStatusBadge status={order.payment.status} /></Row>
                <Row label="Reference"><span className="break-all font-mono text-xs">{order.payment.reference ?? '—'}</span></Row>
                {order.paid_at ? <Row label="Paid">{eventTimeFormat.format(new Date(order.paid_at))}</Row> : null}
                {order.invoice_number ? <Row label={invoiceKind(order.vat_breakdown) === 'invoice' ? 'Invoice' : 'Receipt'}><span className="font-mono text-xs">{order.invoice_number}</span></Row> : null}
                <Row label="Refunded">{money(order.refunded_amount)}</Row>
                {order.refund_pending > 0 ? <Row label="Refund in progress">{money(order.refund_pending)}</Row> : null}
              </dl>
              {order.invoice_url ? (
                <Button variant="outline" size="sm" className="mt-4 w-full" asChild>
                  <a href={order.invoice_url} download aria-label={`Download ${invoiceKind(order.vat_breakdown)} ${order.invoice_number ?? ''}`.trim()}>
                    <FileDown aria-hidden /> Download {invoiceKind(order.vat_breakdown)}
                  </a>
                </Button>
              ) : null}
            </CardContent>
          </Card>
          <OrderEmails orderId={order.id} />
        </div>
      </div>
    </div>
  );
}

