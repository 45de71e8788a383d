import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Search, ShoppingCart } from 'lucide-react';
import { ADMIN_ORDER_STATUSES, formatOrderDate, formatOrderTotal, orderStatusName } from '@shared/order-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAdminOrders } from '@/lib/admin-orders';
import { OrderStatusBadge } from './StatusBadges';
import { OrderCounters } from './OrderCounters';

/** Admin spec §2 "Orders list": counters, search and status filter, the table, 20 a page. */
export function OrdersPage() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const orders = useAdminOrders({ page, status, search });
  const pages = orders.data?.pagination.pages ?? 1;

  useEffect(() => {
    if (orders.isError) toast.error(errorMessage(orders.error, 'Failed to load orders'), { id: 'orders-load' });
  }, [orders.isError, orders.error]);
  // Admin spec §4: the page is clamped to the pages the server reports (set while rendering, as React advises).
  if (orders.data && !orders.isPlaceholderData && page > orders.data.pagination.pages) setPage(orders.data.pagination.pages);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Orders</h1>
        <p className="mt-1 text-sm text-zinc-500">Manage customer orders and fulfillment</p>
      </div>

      <OrderCounters total={orders.data?.pagination.total} orders={orders.data?.orders} />

      <Card className="p-4">
        <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
          <div className="flex flex-1 gap-2">
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search by order number, customer email or name" aria-label="Search orders" />
            <Button type="submit" variant="outline">
              <Search aria-hidden /> <span className="sr-only sm:not-sr-only">Search</span>
            </Button>
          </div>
          <div className="sm:w-48">
            <Select aria-label="Filter by status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
              <option value="">All Statuses</option>
              {ADMIN_ORDER_STATUSES.map((s) => <option key={s} value={s}>{orderStatusName(s)}</option>)}
            </Select>
          </div>
        </form>
      </Card>

      <Card className="overflow-hidden">
        <div className="border-b border-zinc-200 px-5 py-3">
          <p className="text-sm font-medium text-zinc-700">
            {orders.data ? `${orders.data.pagination.total} order(s) total` : orders.isPending ? 'Loading orders…' : '\u00a0'}
          </p>
        </div>
        {orders.isError && !orders.data ? (
          <div className="p-5">
            <Alert variant="destructive">
              <span className="flex-1">{errorMessage(orders.error, 'Failed to load orders')}</span>
              <Button size="sm" variant="outline" onClick={() => void orders.refetch()}>Try again</Button>
            </Alert>
          </div>
        ) : orders.isPending ? (
          <div className="grid gap-3 p-5" aria-busy="true" aria-label="Loading orders">
            {[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-10" />)}
          </div>
        ) : orders.data.orders.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <div className="flex size-11 items-center justify-center rounded-full bg-zinc-100">
              <ShoppingCart className="size-5 text-zinc-500" aria-hidden />
            </div>
            <p className="max-w-md text-sm text-zinc-600">No orders found. Orders will appear here once customers place them.</p>
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead className="hidden md:table-cell">Customer</TableHead>
                <TableHead className="hidden sm:table-cell text-right">Items</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden lg:table-cell">Date</TableHead>
                {/* relative: keeps the screen-reader label inside the scrolling table on a phone. */}
                <TableHead className="relative text-right"><span className="sr-only">Actions</span></TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.data.orders.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>
                    <span className="font-medium whitespace-nowrap text-zinc-900">{o.order_number}</span>
                    <span className="block max-w-36 truncate text-xs text-zinc-500 md:hidden">{o.customer_erased ? 'Erased customer' : o.customer_name || 'Unknown'}</span>
                    <span className="block text-xs text-zinc-500 lg:hidden">{formatOrderDate(o.placed_at)}</span>
                    <OrderStatusBadge status={o.status} className="mt-1 sm:hidden" />
                  </TableCell>
                  <TableCell className="hidden max-w-64 md:table-cell">
                    <span className="block truncate text-zinc-900">{o.customer_erased ? 'Erased customer' : o.customer_name || 'Unknown'}</span>
                    <span className="block truncate text-xs text-zinc-500">{o.customer_email}</span>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{o.item_count}</TableCell>
                  <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">{formatOrderTotal(o.total_amount, o.currency)}</TableCell>
                  <TableCell className="hidden sm:table-cell"><OrderStatusBadge status={o.status} /></TableCell>
                  <TableCell className="hidden whitespace-nowrap text-zinc-600 lg:table-cell">{formatOrderDate(o.placed_at)}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" asChild>
                      <Link to={`/admin/orders/${o.id}`} aria-label={`View Details of order ${o.order_number}`}>
                        <span className="hidden sm:inline">View Details</span>
                        <span className="sm:hidden">View</span>
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      {orders.data && pages > 1 ? (
        <div className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {page} of {pages}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</Button>
        </div>
      ) : null}
    </div>
  );
}
