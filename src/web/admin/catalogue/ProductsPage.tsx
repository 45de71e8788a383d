import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Package, Plus, Search, Sparkles } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableHead, TableHeader } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { errorMessage } from '@/lib/api';
import { useAdminProducts } from '@/lib/admin-products';
import { ADMIN_PRODUCT_SORTS, ADMIN_PRODUCT_SORT_LABELS, PRODUCT_STATUSES, type AdminProductRow, type AdminProductSort } from '@shared/admin-products';
import { useMediaQuery } from '@/lib/use-media-query';
import { ProductCardItem, ProductRow } from './ProductRow';
import { LowStockAlert } from '../stock/LowStockAlert';
import { ExportButton } from '../import/ExportButton';

/** Search debounce (admin spec §9). */
const SEARCH_DELAY_MS = 250;
const STATUS_LABELS: Record<string, string> = { all: 'All Statuses', active: 'Active', draft: 'Draft', archived: 'Archived' };
const COLUMNS = ['Product', 'SKU', 'Price', 'Stock', 'Inventory Tracking', 'Status', 'Featured', 'Actions'];

export interface ProductsPageProps {
  /** The Adjust Stock dialog (stock feature). Without it, 'Adjust' links to the edit form's stock field. */
  onAdjustStock?: (row: AdminProductRow) => void;
  /** The AI Product Wizard (AI feature). Without it, the 'AI Wizard' buttons do nothing yet. */
  onOpenWizard?: () => void;
}

interface ListState {
  page: number;
  status: string;
  sort: AdminProductSort;
  search: string;
}

function fromAddress(params: URLSearchParams): ListState {
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    status: (PRODUCT_STATUSES as readonly string[]).includes(status) ? status : 'all',
    sort: (ADMIN_PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as AdminProductSort) : 'created_at_desc',
    search: params.get('q') ?? '',
  };
}

/**
 * The list's filters. Kept in React state (quick successive changes each build on the last one) and
 * copied into the address, so going back from the form returns to the same page and filters.
 */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => fromAddress(params));
  const { pathname } = useLocation();
  useEffect(() => {
    // A click away (to a product's form) may still be rendering when a typed search settles: the
    // browser's address has already moved on, and copying the filters now would navigate back here.
    if (window.location.pathname !== pathname) return;
    const out = new URLSearchParams();
    if (state.page > 1) out.set('page', String(state.page));
    if (state.status !== 'all') out.set('status', state.status);
    if (state.sort !== 'created_at_desc') out.set('sort', state.sort);
    if (state.search) out.set('q', state.search);
    setParams(out, { replace: true });
  }, [state, setParams, pathname]);
  /** Changing a filter goes back to page 1 (spec §4). */
  const set = (next: Partial<ListState>) => setState((prev) => ({ ...prev, page: 1, ...next }));
  return { ...state, set };
}

/** Admin spec §2 "Products list". */
export function ProductsPage({ onAdjustStock, onOpenWizard = () => {} }: ProductsPageProps) {
  const list = useListParams();
  const [searchText, setSearchText] = useState(list.search);
  const query = useAdminProducts({ page: list.page, status: list.status, sort: list.sort, search: list.search });
  const data = query.data;
  const filtered = list.search !== '' || list.status !== 'all';
  // The eight columns need a tablet's width; phones get one card per product instead.
  const wide = useMediaQuery('(min-width: 768px)');

  useEffect(() => {
    if (searchText.trim() === list.search) return;
    const timer = setTimeout(() => list.set({ search: searchText.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the wait
  }, [searchText]);

  // The page asked for may be past the end (a delete, a narrower filter): clamp it to the last page.
  const pages = data?.pagination.pages;
  useEffect(() => {
    if (pages !== undefined && list.page > pages) list.set({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages, list.page]);

  useEffect(() => {
    if (query.isError) toast.error('Failed to load products', { description: errorMessage(query.error, 'Please try again shortly.') });
  }, [query.isError, query.error]);

  const total = data?.pagination.total;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Products</h1>
          <p className="mt-1 text-sm text-zinc-500">Manage your product catalogue with AI assistance</p>
        </div>
        <ExportButton />
      </div>

      <LowStockAlert />

      <Card className="p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
            <Input
              type="search"
              aria-label="Search products"
              placeholder="Search name, SKU or description"
              className="pl-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-3 lg:flex">
            <div className="lg:w-36">
              <Select aria-label="Status" value={list.status} onChange={(e) => list.set({ status: e.target.value })}>
                {Object.entries(STATUS_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </Select>
            </div>
            <div className="lg:w-44">
              <Select aria-label="Sort" value={list.sort} onChange={(e) => list.set({ sort: e.target.value as AdminProductSort })}>
                {ADMIN_PRODUCT_SORTS.map((sort) => <option key={sort} value={sort}>{ADMIN_PRODUCT_SORT_LABELS[sort]}</option>)}
              </Select>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 lg:flex">
            <Button variant="outline" onClick={onOpenWizard}><Sparkles aria-hidden /> AI Wizard</Button>
            <Button asChild><Link to="/admin/catalogue/products/new"><Plus aria-hidden /> Add Product</Link></Button>
          </div>
        </div>
      </Card>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3">
          <h2 className="text-sm font-semibold">Catalogue</h2>
          <p className="text-sm text-zinc-500" aria-live="polite">{total !== undefined ? `${total} product(s) total` : ' '}</p>
        </div>
        {query.isError && !data ? (
          <div className="p-4">
            <Alert variant="destructive">
              <span className="flex-1">{errorMessage(query.error, 'Failed to load products')}</span>
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
            </Alert>
          </div>
        ) : data && data.products.length === 0 ? (
          <div className="p-4">
            <EmptyState
              icon={Package}
              title="No products found"
              action={
                filtered ? undefined : (
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button variant="outline" onClick={onOpenWizard}><Sparkles aria-hidden /> AI Product Wizard</Button>
                    <Button asChild><Link to="/admin/catalogue/products/new"><Plus aria-hidden /> Add Product</Link></Button>
                  </div>
                )
              }
            >
              {filtered ? 'No products match your filter criteria. Try adjusting your filters.' : 'Get started by creating your first product.'}
            </EmptyState>
          </div>
        ) : !data ? (
          <p className="px-4 py-10 text-center text-sm text-zinc-500" role="status">Loading products…</p>
        ) : wide ? (
          <Table aria-label="Products" aria-busy={query.isFetching}>
            <TableHeader>
              <tr>{COLUMNS.map((c) => <TableHead key={c} className={cn('px-3', c === 'Actions' && 'text-right')}>{c}</TableHead>)}</tr>
            </TableHeader>
            <TableBody>
              {data.products.map((row) => <ProductRow key={row.id} row={row} onAdjustStock={onAdjustStock} />)}
            </TableBody>
          </Table>
        ) : (
          <ul aria-label="Products" aria-busy={query.isFetching} className="divide-y divide-zinc-100">
            {data.products.map((row) => <ProductCardItem key={row.id} row={row} onAdjustStock={onAdjustStock} />)}
          </ul>
        )}
      </Card>

      {data && data.pagination.pages > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={list.page <= 1} onClick={() => list.set({ page: list.page - 1 })}>Previous</Button>
          <span className="text-sm text-zinc-600">Page {Math.min(list.page, data.pagination.pages)} of {data.pagination.pages}</span>
          <Button variant="outline" size="sm" disabled={list.page >= data.pagination.pages} onClick={() => list.set({ page: list.page + 1 })}>Next</Button>
        </nav>
      ) : null}
    </div>
  );
}
