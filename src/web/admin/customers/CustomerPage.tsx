import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Download, MapPin, SearchX, ShoppingBag, Trash2 } from 'lucide-react';
import { CUSTOMER_NOTE_MAX, consentLabel, customerNoteInput } from '@shared/customers';
import { formatOrderTotal } from '@shared/order-status';
import { formatGBP } from '@shared/money';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { customerDataUrl, useAddCustomerNote, useAdminCustomer, useCustomerOrders, useDeleteCustomerNote, type CustomerDetail, type CustomerNote, type CustomerOrders } from '@/lib/admin-customers';
import { OrderStatusBadge, PaymentStatusBadge } from '../orders/StatusBadges';
import { eventTimeFormat } from '../orders/OrderTimeline';
import { customerDate } from './customer-view';
import { EraseCustomerDialog } from './EraseCustomerDialog';

/** Admin /admin/customers/{id} (issue 26): one customer's figures, orders, saved addresses and the team's notes. */
export function CustomerPage({ canManage }: { canManage: boolean }) {
  const { id = '' } = useParams();
  const customer = useAdminCustomer(id);

  if (customer.isError) {
    if (customer.error instanceof ApiError && customer.error.status === 404) {
      return (
        <EmptyState icon={SearchX} title="Customer not found" action={<Button variant="outline" asChild><Link to="/admin/customers">Back to customers</Link></Button>}>
          It may belong to another store, or the link is wrong.
        </EmptyState>
      );
    }
    return (
      <Alert variant="destructive">
        <span className="flex-1">{errorMessage(customer.error, 'Failed to load the customer')}</span>
        <Button size="sm" variant="outline" onClick={() => void customer.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (customer.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" aria-label="Loading customer">
        <Skeleton className="h-16" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">{[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)}</div>
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-72 lg:col-span-2" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  return <Customer customer={customer.data} canManage={canManage} />;
}

function Customer({ customer, canManage }: { customer: CustomerDetail; canManage: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link to="/admin/customers" className="inline-flex w-fit items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden /> Customers
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{customer.name ?? customer.email}</h1>
              <Badge variant={customer.has_account ? 'default' : 'secondary'}>{customer.has_account ? 'Account' : 'Guest'}</Badge>
            </div>
            <p className="mt-1 text-sm text-zinc-500">
              <a href={`mailto:${customer.email}`} className="break-all text-indigo-700 hover:underline">{customer.email}</a>
              {' · '}Customer since {customerDate(customerSince(customer))}
            </p>
          </div>
          {canManage ? <PrivacyActions customer={customer} /> : null}
        </div>
      </div>

      <ul aria-label="Summary" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <Figure label="Orders" value={customer.orders_count.toLocaleString('en-GB')} />
        <Figure label="Total spent" value={formatGBP(customer.total_spent)} note="Paid, less refunds" />
        <Figure label="First order" value={customerDate(customer.first_order_at)} />
        <Figure label="Last order" value={customerDate(customer.last_order_at)} />
        <Figure
          className="col-span-2 lg:col-span-1"
          label="Marketing consent"
          value={consentLabel(customer.marketing_consent)}
          note={customer.marketing_consent_at ? `Since ${customerDate(customer.marketing_consent_at)}` : customer.marketing_consent === null ? 'The checkout does not ask yet' : undefined}
        />
      </ul>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <OrdersCard customer={customer} canManage={canManage} />
          <AddressesCard customer={customer} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <NotesCard customer={customer} />
        </div>
      </div>
    </div>
  );
}

/** A customer's data: a copy for them (a subject access request) or its erasure; owners and admins only. */
function PrivacyActions({ customer }: { customer: CustomerDetail }) {
  const [erasing, setErasing] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={customerDataUrl(customer.id)} download>
          <Download aria-hidden /> Download data
        </a>
      </Button>
      <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setErasing(true)}>
        <Trash2 aria-hidden /> Erase data
      </Button>
      <EraseCustomerDialog customer={customer} open={erasing} onOpenChange={setErasing} />
    </div>
  );
}

/** Their first order, or when the store first knew them (an account used there), whichever came first. */
const customerSince = (c: CustomerDetail) => (c.first_order_at !== null && c.first_order_at < c.created_at ? c.first_order_at : c.created_at);

function Figure({ label, value, note, className }: { label: string; value: string; note?: string; className?: string }) {
  return (
    <li className={cn('rounded-lg border border-zinc-200 bg-white p-4 shadow-xs', className)}>
      <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums text-zinc-900 sm:text-xl">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-zinc-500">{note}</p> : null}
    </li>
  );
}

function OrdersCard({ customer, canManage }: { customer: CustomerDetail; canManage: boolean }) {
  const [page, setPage] = useState(1);
  const later = useCustomerOrders(customer.id, page);
  const shown: CustomerOrders | undefined = page === 1 ? customer.orders : later.data;
  const pages = customer.orders.pagination.pages;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Orders</CardTitle>
      </CardHeader>
      {page > 1 && later.isError && !later.data ? (
        <CardContent>
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(later.error, 'Failed to load the orders')}</span>
            <Button size="sm" variant="outline" onClick={() => void later.refetch()}>Try again</Button>
          </Alert>
        </CardContent>
      ) : !shown ? (
        <CardContent className="grid gap-3" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-10" />)}
        </CardContent>
      ) : shown.orders.length === 0 ? (
        <CardContent>
          <div className="flex items-center gap-3 rounded-md border border-dashed border-zinc-300 px-4 py-6 text-sm text-zinc-600">
            <ShoppingBag className="size-4 shrink-0 text-zinc-400" aria-hidden />
            {customer.has_account ? 'Has an account with your store but has not ordered yet.' : 'No orders.'}
          </div>
        </CardContent>
      ) : (
        <div className={cn('border-t border-zinc-200 transition-opacity', page > 1 && later.isPlaceholderData && 'opacity-60')}>
          <Table aria-label="Orders of this customer">
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead className="hidden sm:table-cell">Date</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden md:table-cell">Payment</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.orders.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>
                    {/* Staff cannot open orders (store managers only): the number is plain text for them. */}
                    {canManage ? (
                      <Link to={`/admin/orders/${o.id}`} className="font-medium whitespace-nowrap text-indigo-700 hover:underline">{o.order_number}</Link>
                    ) : (
                      <span className="font-medium whitespace-nowrap text-zinc-900">{o.order_number}</span>
                    )}
                    <span className="block text-xs text-zinc-500 sm:hidden">{customerDate(o.placed_at)}</span>
                    <OrderStatusBadge status={o.status} className="mt-1 sm:hidden" />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-zinc-600 sm:table-cell">{customerDate(o.placed_at)}</TableCell>
                  <TableCell className="hidden sm:table-cell"><OrderStatusBadge status={o.status} /></TableCell>
                  <TableCell className="hidden md:table-cell"><PaymentStatusBadge status={o.payment_status} /></TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    <span className="font-medium">{formatOrderTotal(o.total_amount, o.currency)}</span>
                    {o.refunded_amount > 0 ? <span className="block text-xs text-zinc-500">−{formatOrderTotal(o.refunded_amount, o.currency)} refunded</span> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 ? (
        <div className="flex items-center justify-center gap-3 border-t border-zinc-200 px-5 py-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {page} of {pages}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</Button>
        </div>
      ) : null}
    </Card>
  );
}

function AddressesCard({ customer }: { customer: CustomerDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Saved addresses</CardTitle>
      </CardHeader>
      <CardContent>
        {customer.addresses.length === 0 ? (
          <p className="text-sm text-zinc-500">{customer.has_account ? 'No saved addresses.' : 'Guests have no saved addresses: each order keeps its own.'}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Saved addresses">
            {customer.addresses.map((a) => (
              <li key={a.id} className="flex gap-3 rounded-md border border-zinc-200 p-3 text-sm">
                <MapPin className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
                <address className="min-w-0 not-italic text-zinc-700 break-words">
                  <span className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
                    {a.first_name} {a.last_name}
                    {a.is_default ? <Badge variant="secondary">Default</Badge> : null}
                  </span>
                  {a.company ? <span className="block">{a.company}</span> : null}
                  <span className="block">{a.address_line1}</span>
                  {a.address_line2 ? <span className="block">{a.address_line2}</span> : null}
                  <span className="block">{a.city} {a.postcode}</span>
                  {a.phone ? <span className="block text-zinc-500">{a.phone}</span> : null}
                </address>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NotesCard({ customer }: { customer: CustomerDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <NoteForm customerId={customer.id} />
        {customer.notes.length === 0 ? (
          <p className="text-sm text-zinc-500">No notes yet.</p>
        ) : (
          <ol aria-label="Notes" className="flex flex-col gap-3">
            {customer.notes.map((note) => <Note key={note.id} customerId={customer.id} note={note} />)}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Note({ customerId, note }: { customerId: string; note: CustomerNote }) {
  const remove = useDeleteCustomerNote(customerId);
  return (
    <li className="rounded-md bg-amber-50/60 px-3 py-2">
      <p className="text-sm whitespace-pre-wrap break-words text-zinc-900">{note.body}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <p className="min-w-0 text-xs break-words text-zinc-500">
          {note.author_email ?? 'A former team member'} · <time dateTime={note.created_at}>{eventTimeFormat.format(new Date(note.created_at))}</time>
        </p>
        {note.can_delete ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7 shrink-0 text-zinc-500 hover:text-red-700"
            aria-label="Delete note"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(note.id, {
                onSuccess: () => toast.success('Note deleted'),
                onError: (err) => toast.error(errorMessage(err, 'Failed to delete the note')),
              })
            }
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function NoteForm({ customerId }: { customerId: string }) {
  const add = useAddCustomerNote(customerId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: a blank note is refused here, in its words, before the round trip.
    const checked = customerNoteInput.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    add.mutate(checked.data.body, {
      onSuccess: () => {
        setBody('');
        setError(null);
        toast.success('Note added');
      },
      onError: (err) => setError(err instanceof ApiError && err.fields.body ? err.fields.body : errorMessage(err, 'Failed to add the note')),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <FieldLabel htmlFor="customer-note">Add a note</FieldLabel>
      <Textarea
        id="customer-note"
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          setError(null);
        }}
        maxLength={CUSTOMER_NOTE_MAX}
        rows={3}
        className="min-h-20"
        placeholder="Only your team sees this"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'customer-note-error' : undefined}
      />
      <div className="flex items-center justify-between gap-3">
        {error ? <p id="customer-note-error" className="text-xs text-red-600">{error}</p> : <span className="text-xs text-zinc-400">{body.length}/{CUSTOMER_NOTE_MAX}</span>}
        <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add note'}</Button>
      </div>
    </form>
  );
}

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return <label htmlFor={htmlFor} className="text-sm font-medium">{children}</label>;
}
