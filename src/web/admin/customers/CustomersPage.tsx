import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search, SearchX, Users } from 'lucide-react';
import { consentLabel, type CustomerSort, type SortDirection } from '@shared/customers';
import { formatGBP } from '@shared/money';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { customersCsvUrl, useAdminCustomers, type CustomerListParams, type CustomerRow } from '@/lib/admin-customers';
import { customerDate, listParamsFromSearch, searchFromListParams, SORT_CHOICES, SORT_LABELS, sortBy } from './customer-view';

/**
 * Admin /admin/customers (issue 26): everyone who ordered from the store or has an account with it,
 * guests grouped by email; search, sortable columns, pages, and the CSV export for owners and admins.
 * The list's state is in the address, so reloading or sharing the link shows the same page.
 */
export function CustomersPage({ canManage }: { canManage: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFromSearch(searchParams);
  const customers = useAdminCustomers(params);
  const [typed, setTyped] = useState(params.search);
  const [shownSearch, setShownSearch] = useState(params.search);
  // Back and forward change the address: the box follows it (set while rendering, as React advises).
  if (shownSearch !== params.search) {
    setShownSearch(params.search);
    setTyped(params.search);
  }
  const show = (next: Partial<CustomerListParams>) => setSearchParams(searchFromListParams({ ...params, page: 1, ...next }));
  const data = customers.data;
  const pages = data?.pagination.pages ?? 1;

  useEffect(() => {
    if (customers.isError) toast.error(errorMessage(customers.error, 'Failed to load customers'), { id: 'customers-load' });
  }, [customers.isError, customers.error]);
  // The page is clamped to the pages the server reports (a list that shrank, or a hand-written address).
  const lastPage = data && !customers.isPlaceholderData && params.page > data.pagination.pages ? data.pagination.pages : null;
  useEffect(() => {
    if (lastPage !== null) setSearchParams(searchFromListParams({ ...params, page: lastPage }), { replace: true });
  }, [lastPage]); // eslint-disable-line react-hooks/exhaustive-deps -- params is read at that moment on purpose

  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ search: typed.trim().replace(/\s+/g, ' ') });
  };
  const onSort = (column: CustomerSort) => show(sortBy(params, column));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Customers</h1>
          <p className="mt-1 text-sm text-zinc-500">Everyone who has ordered from your store or has an account with it.</p>
        </div>
        {canManage ? (
          <Button variant="outline" asChild className="self-start sm:self-auto">
            <a href={customersCsvUrl(params)} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        ) : null}
      </div>

      <Card className="p-4">
        <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
          <div className="flex flex-1 gap-2">
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} placeholder="Search by name or email" aria-label="Search customers" />
            <Button type="submit" variant="outline">
              <Search aria-hidden /> <span className="sr-only sm:not-sr-only">Search</span>
            </Button>
          </div>
          {/* Phones have no column headers to sort by: the same sorts as a menu. */}
          <div className="md:hidden">
            <Select
              aria-label="Sort customers"
              value={`${params.sort}:${params.dir}`}
              onChange={(e) => {
                const [sort, dir] = e.target.value.split(':') as [CustomerSort, SortDirection];
                show({ sort, dir });
              }}
            >
              {SORT_CHOICES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </Select>
          </div>
        </form>
      </Card>

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-5 py-3">
          <p className="text-sm font-medium text-zinc-700" aria-live="polite">
            {data ? totalText(data.pagination.total, params.search) : customers.isPending ? 'Loading customers…' : '\u00a0'}
          </p>
          {/* With nothing found, the empty list below has the button. */}
          {params.search && data && data.customers.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => show({ search: '' })}>Clear search</Button>
          ) : null}
        </div>
        {customers.isError && !data ? (
          <div className="p-5">
            <Alert variant="destructive">
              <span className="flex-1">{errorMessage(customers.error, 'Failed to load customers')}</span>
              <Button size="sm" variant="outline" onClick={() => void customers.refetch()}>Try again</Button>
            </Alert>
          </div>
        ) : customers.isPending ? (
          <div className="grid gap-3 p-5" aria-busy="true" aria-label="Loading customers">
            {[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-10" />)}
          </div>
        ) : data!.customers.length === 0 ? (
          <EmptyList search={params.search} onClear={() => show({ search: '' })} />
        ) : (
          <div className={cn('transition-opacity', customers.isPlaceholderData && 'opacity-60')} aria-busy={customers.isPlaceholderData}>
            <CustomerTable rows={data!.customers} sort={params.sort} dir={params.dir} onSort={onSort} />
          </div>
        )}
      </Card>

      {data && pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={params.page <= 1} onClick={() => show({ ...params, page: params.page - 1 })}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {params.page.toLocaleString('en-GB')} of {pages.toLocaleString('en-GB')}</span>
          <Button variant="outline" size="sm" disabled={params.page >= pages} onClick={() => show({ ...params, page: params.page + 1 })}>Next</Button>
        </nav>
      ) : null}
    </div>
  );
}

function totalText(total: number, search: string): string {
  const count = `${total.toLocaleString('en-GB')} customer${total === 1 ? '' : 's'}`;
  return search ? `${count} matching “${search}”` : count;
}

function EmptyList({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-zinc-100">
        {search ? <SearchX className="size-5 text-zinc-500" aria-hidden /> : <Users className="size-5 text-zinc-500" aria-hidden />}
      </div>
      {search ? (
        <>
          <p className="max-w-md text-sm text-zinc-600">No customer matches “{search}”. The search finds the start of a name, a surname or an email.</p>
          <Button variant="outline" size="sm" onClick={onClear}>Clear search</Button>
        </>
      ) : (
        <p className="max-w-md text-sm text-zinc-600">No customers yet. People appear here once they order or create an account in your store.</p>
      )}
    </div>
  );
}

type SortProps = { sort: CustomerSort; dir: SortDirection; onSort: (c: CustomerSort) => void };

const ariaSort = (active: boolean, dir: SortDirection) => (active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined);

function SortButton({ column, sort, dir, onSort, right }: SortProps & { column: CustomerSort; right?: boolean }) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className={cn('inline-flex items-center gap-1 rounded-sm whitespace-nowrap uppercase hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500', active && 'text-zinc-900', right && 'flex-row-reverse')}
    >
      {SORT_LABELS[column]}
      <Icon className={cn('size-3.5', !active && 'opacity-40')} aria-hidden />
    </button>
  );
}

function SortHeader({ column, className, ...props }: SortProps & { column: CustomerSort; className?: string }) {
  return (
    <TableHead aria-sort={ariaSort(props.sort === column, props.dir)} className={className}>
      <SortButton column={column} right={className?.includes('text-right')} {...props} />
    </TableHead>
  );
}

function CustomerTable({ rows, sort, dir, onSort }: { rows: CustomerRow[] } & SortProps) {
  const header = { sort, dir, onSort };
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {/* Name and email share a column (the email under the name), each sortable. */}
          <TableHead aria-sort={ariaSort(sort === 'name' || sort === 'email', dir)} className="hidden md:table-cell">
            <span className="inline-flex items-center gap-2">
              <SortButton column="name" {...header} />
              <span aria-hidden className="text-zinc-300">/</span>
              <SortButton column="email" {...header} />
            </span>
          </TableHead>
          <TableHead className="md:hidden">Customer</TableHead>
          <TableHead className="hidden md:table-cell">Type</TableHead>
          <SortHeader column="orders" {...header} className="hidden text-right md:table-cell" />
          <SortHeader column="total_spent" {...header} className="hidden text-right md:table-cell" />
          <TableHead className="text-right md:hidden">Spent</TableHead>
          <TableHead className="hidden whitespace-nowrap xl:table-cell">First order</TableHead>
          <SortHeader column="last_order" {...header} className="hidden md:table-cell" />
          <TableHead className="hidden xl:table-cell">Marketing</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.id}>
            <TableCell className="max-w-48 md:max-w-64">
              <Link to={`/admin/customers/${c.id}`} title={c.name ?? c.email} className="block truncate font-medium text-zinc-900 hover:text-indigo-700 hover:underline">
                {c.name ?? c.email}
              </Link>
              {c.name ? <span title={c.email} className="block truncate text-xs text-zinc-500">{c.email}</span> : null}
              <span className="block text-xs text-zinc-500 md:hidden">
                {c.has_account ? 'Account' : 'Guest'} · {c.orders_count} order{c.orders_count === 1 ? '' : 's'}
                {c.last_order_at ? ` · last ${customerDate(c.last_order_at)}` : ''}
              </span>
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <Badge variant={c.has_account ? 'default' : 'secondary'}>{c.has_account ? 'Account' : 'Guest'}</Badge>
            </TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{c.orders_count.toLocaleString('en-GB')}</TableCell>
            <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">{formatGBP(c.total_spent)}</TableCell>
            <TableCell className="hidden whitespace-nowrap text-zinc-600 xl:table-cell">{customerDate(c.first_order_at)}</TableCell>
            <TableCell className="hidden whitespace-nowrap text-zinc-600 md:table-cell">{customerDate(c.last_order_at)}</TableCell>
            <TableCell className="hidden whitespace-nowrap text-zinc-600 xl:table-cell">{consentLabel(c.marketing_consent)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
