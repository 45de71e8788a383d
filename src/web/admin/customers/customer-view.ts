import { CUSTOMER_SEARCH_MAX, CUSTOMER_SORTS, CUSTOMERS_MAX_PAGE, DEFAULT_DIRECTION, SORT_DIRECTIONS, type CustomerSort, type SortDirection } from '@shared/customers';
import type { CustomerListParams } from '@/lib/admin-customers';

// What the customers list keeps in the address (?search=&sort=&dir=&page=), so a reload, the back button
// or a shared link shows the same page; anything odd in it falls back to the default.

export const DEFAULT_SORT: CustomerSort = 'last_order';

export function listParamsFromSearch(params: URLSearchParams): CustomerListParams {
  const sortParam = params.get('sort');
  const sort = CUSTOMER_SORTS.includes(sortParam as CustomerSort) ? (sortParam as CustomerSort) : DEFAULT_SORT;
  const dirParam = params.get('dir');
  const dir = SORT_DIRECTIONS.includes(dirParam as SortDirection) ? (dirParam as SortDirection) : DEFAULT_DIRECTION[sort];
  const pageParam = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageParam) ? Math.min(Math.max(Number(pageParam), 1), CUSTOMERS_MAX_PAGE) : 1;
  const search = (params.get('search') ?? '').trim().replace(/\s+/g, ' ').slice(0, CUSTOMER_SEARCH_MAX);
  return { search, sort, dir, page };
}

/** The address for a list state: only what differs from the default. */
export function searchFromListParams(p: CustomerListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.search) out.set('search', p.search);
  if (p.sort !== DEFAULT_SORT) out.set('sort', p.sort);
  if (p.dir !== DEFAULT_DIRECTION[p.sort]) out.set('dir', p.dir);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

/** Choosing a column's header: the same column turns its direction round; another starts with its own default. */
export function sortBy(current: Pick<CustomerListParams, 'sort' | 'dir'>, column: CustomerSort): Pick<CustomerListParams, 'sort' | 'dir'> {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: DEFAULT_DIRECTION[column] };
}

export const SORT_LABELS: Record<CustomerSort, string> = {
  last_order: 'Last order',
  total_spent: 'Total spent',
  orders: 'Orders',
  name: 'Name',
  email: 'Email',
};

/** The phone's sort menu: each sort in both directions, worded for people. */
export const SORT_CHOICES: { value: string; label: string }[] = [
  { value: 'last_order:desc', label: 'Last order, newest first' },
  { value: 'last_order:asc', label: 'Last order, oldest first' },
  { value: 'total_spent:desc', label: 'Total spent, highest first' },
  { value: 'total_spent:asc', label: 'Total spent, lowest first' },
  { value: 'orders:desc', label: 'Orders, most first' },
  { value: 'orders:asc', label: 'Orders, fewest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'email:asc', label: 'Email, A to Z' },
  { value: 'email:desc', label: 'Email, Z to A' },
];

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** 27 Nov 2026 (UK time); "—" for never. */
export function customerDate(iso: string | null): string {
  return iso === null ? '—' : dateFormat.format(new Date(iso));
}
