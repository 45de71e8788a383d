import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Plus, Search, TicketPercent } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useAdminDiscounts, type AdminDiscount } from '@/lib/admin-discounts';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { DISCOUNT_LIMITS } from '@shared/admin-discounts';
import { DISCOUNT_STATUSES, DISCOUNT_STATUS_LABELS } from '@shared/discounts';
import { useAdminAccess } from '../access';
import { DeleteDiscountDialog } from './DeleteDiscountDialog';
import { DiscountCard, DiscountRow } from './DiscountRow';

const SEARCH_DELAY_MS = 250;
const COLUMNS: { label: string; numeric?: boolean }[] = [
  { label: 'Code' },
  { label: 'Discount' },
  { label: 'Status' },
  { label: 'Uses', numeric: true },
  { label: 'Dates' },
  { label: 'Orders', numeric: true },
  { label: 'Sales', numeric: true },
  { label: 'Discount given', numeric: true },
];

/**
 * /admin/discounts (issue 28 item 1): the store's discount codes with their status, uses and what
 * they sold; search by code and filter by status. Owners and admins create, edit, switch and delete;
 * staff who see orders read the list.
 */
export function DiscountsPage() {
  const { canManage } = useAdminAccess();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);
  const query = useAdminDiscounts({ page, status, search });
  const data = query.data;
  const filtered = search !== '' || status !== 'all';
  // Eight columns and the actions need a laptop's width; narrower windows get one card per code.
  const wide = useMediaQuery('(min-width: 1024px)');

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, 'Failed to load discount codes'), { id: 'discounts-load' });
  }, [query.isError, query.error]);
  // The page asked for may be past the end (a delete, a narrower filter): back to the last one.
  if (data && !query.isPlaceholderData && page > data.pagination.pages) setPage(data.pagination.pages);

  const createButton = (
    <Button asChild>
      <Link to="/admin/discounts/new"><Plus aria-hidden /> Create discount</Link>
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Discounts</h1>
          <p className="mt-1 text-sm text-zinc-500">Codes shoppers enter in the cart or at checkout</p>
        </div>
        {/* With no code yet, the empty list's own button is the one to press. */}
        {canManage && !(data && data.pagination.total === 0 && !filtered) ? createButton : null}
      </div>

      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
            <Input
              type="search"
              aria-label="Search discount codes"
              placeholder="Search by code"
              className="pl-9"
              maxLength={DISCOUNT_LIMITS.searchMax}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="sm:w-48">
            <Select aria-label="Filter by status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
              <option value="all">All statuses</option>
              {DISCOUNT_STATUSES.map((s) => <option key={s} value={s}>{DISCOUNT_STATUS_LABELS[s]}</option>)}
            </Select>
          </div>
        </div>
      </Card>

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3">
          <h2 className="text-sm font-semibold">Discount codes</h2>
          <p className="text-sm text-zinc-500" aria-live="polite">{data ? `${data.pagination.total} code(s)` : '\u00a0'}</p>
        </div>
        {query.isError && !data ? (
          <div className="p-4">
            <Alert variant="destructive">
              <span className="flex-1">{errorMessage(query.error, 'Failed to load discount codes')}</span>
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
            </Alert>
          </div>
        ) : !data ? (
          <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading discount codes">
            {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-12" />)}
          </div>
        ) : data.discounts.length === 0 ? (
          <div className="p-4">
            <EmptyState icon={TicketPercent} title={filtered ? 'No discount codes found' : 'No discount codes yet'} action={filtered || !canManage ? undefined : createButton}>
              {filtered
                ? 'No codes match your search or filter. Try another code or status.'
                : canManage
                  ? 'Create a code for a sale, a newsletter or a thank-you: a percentage or an amount off, or free delivery.'
                  : 'The store has no discount codes yet. Owners and admins create them.'}
            </EmptyState>
          </div>
        ) : wide ? (
          <Table aria-label="Discount codes" aria-busy={query.isFetching}>
            <TableHeader>
              <tr>
                {COLUMNS.map((c) => <TableHead key={c.label} className={cn('px-3', c.numeric && 'text-right')}>{c.label}</TableHead>)}
                {canManage ? <TableHead className="px-3 text-right">Actions</TableHead> : null}
              </tr>
            </TableHeader>
            <TableBody>
              {data.discounts.map((d) => <DiscountRow key={d.id} d={d} canManage={canManage} onDelete={setDeleting} />)}
            </TableBody>
          </Table>
        ) : (
          <ul aria-label="Discount codes" aria-busy={query.isFetching} className="divide-y divide-zinc-100">
            {data.discounts.map((d) => <DiscountCard key={d.id} d={d} canManage={canManage} onDelete={setDeleting} />)}
          </ul>
        )}
      </Card>

      {data && data.pagination.pages > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {Math.min(page, data.pagination.pages)} of {data.pagination.pages}</span>
          <Button variant="outline" size="sm" disabled={page >= data.pagination.pages} onClick={() => setPage(page + 1)}>Next</Button>
        </nav>
      ) : null}

      <DeleteDiscountDialog discount={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
