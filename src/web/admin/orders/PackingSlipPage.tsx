import { Link, useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAdminOrder } from '@/lib/admin-orders';
import { useCurrentTenant } from '@/lib/tenant';
import { OrderAddress } from './OrderAddress';
import { freeDeliveryText } from '@shared/discounts';

/**
 * /admin/orders/{id}/packing-slip: what goes in the parcel (no prices): order number, ship-to address,
 * items with SKUs and quantities. The admin frame is hidden when printing (print: classes in the shell).
 */
export function PackingSlipPage() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const tenant = useCurrentTenant();

  if (order.isError) {
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(order.error, 'Failed to load order')}</span>
        <Button size="sm" variant="outline" onClick={() => void order.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (order.isPending) return <Skeleton className="h-96" aria-label="Loading packing slip" />;
  const o = order.data;
  const units = o.items.reduce((n, line) => n + line.quantity, 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/orders/${o.id}`} className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden /> Order {o.order_number}
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden /> Print
        </Button>
      </div>
      <article aria-label="Packing slip" className="mx-auto w-full max-w-3xl rounded-lg border border-zinc-200 bg-white p-6 sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0">
        <header className="flex flex-col gap-4 border-b border-zinc-300 pb-6 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-lg font-semibold">{tenant.data?.tenant?.name ?? ''}</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight">Packing slip</h1>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-right">
            <dt className="text-zinc-500">Order</dt>
            <dd className="font-semibold">{o.order_number}</dd>
            <dt className="text-zinc-500">Placed</dt>
            <dd>{new Date(o.placed_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</dd>
            <dt className="text-zinc-500">Delivery</dt>
            <dd>{o.shipping_method}{o.shipping_discount > 0 ? ` · ${freeDeliveryText(o.discount_code)}` : ''}</dd>
            {/* A packing slip shows no prices: only the code the order was placed with (issue 28). */}
            {o.discount_code ? (
              <>
                <dt className="text-zinc-500">Discount code</dt>
                <dd className="font-mono">{o.discount_code}</dd>
              </>
            ) : null}
            {o.tracking_reference ? (
              <>
                <dt className="text-zinc-500">Tracking</dt>
                <dd>{o.tracking_reference}</dd>
              </>
            ) : null}
          </dl>
        </header>
        <section className="py-6">
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Ship to</h2>
          <OrderAddress address={o.shipping_address} />
        </section>
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b-2 border-zinc-300 text-left">
              <th scope="col" className="w-10 py-2 pr-2"><span className="sr-only">Packed</span></th>
              <th scope="col" className="py-2 pr-4">Item</th>
              <th scope="col" className="py-2 pr-4">SKU</th>
              <th scope="col" className="py-2 text-right">Qty</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((line) => (
              <tr key={line.id} className="border-b border-zinc-200 align-top">
                <td className="py-3 pr-2"><span className="inline-block size-4 rounded-sm border border-zinc-400" aria-hidden /></td>
                <td className="py-3 pr-4">
                  {line.product_name}
                  {line.variant_options.length > 0 ? <span className="block text-xs text-zinc-600">{line.variant_options.map((v) => `${v.name}: ${v.value}`).join(' · ')}</span> : null}
                </td>
                <td className="py-3 pr-4 font-mono text-xs">{line.product_sku}</td>
                <td className="py-3 text-right font-semibold tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3} className="pt-3 text-right text-zinc-500">Total items</td>
              <td className="pt-3 text-right font-semibold tabular-nums">{units}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-10 text-xs text-zinc-500">Thank you for shopping with {tenant.data?.tenant?.name ?? 'us'}. Questions about your order? Reply to your order confirmation email.</p>
      </article>
    </div>
  );
}
