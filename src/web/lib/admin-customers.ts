import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, CustomerNote, CustomerOrders, CustomerPage, CustomerSort, SortDirection } from '@shared/customers';
import type { EraseCustomerBody } from '@shared/privacy';
import { api } from './api';

/**
 * Admin > Customers (issue 26). Every key starts with adminCustomerKeys.all. Kept here, not in
 * query-keys.ts: that module ships in the app's entry, which the product page's budget counts (decision 004).
 */
export const adminCustomerKeys = {
  all: ['admin', 'customers'] as const,
  list: (params: { search: string; sort: string; dir: string; page: number }) => ['admin', 'customers', 'list', params] as const,
  one: (id: string) => ['admin', 'customers', 'one', id] as const,
  orders: (id: string, page: number) => ['admin', 'customers', 'orders', id, page] as const,
};

export type { CustomerDetail, CustomerNote, CustomerOrders, CustomerPage, CustomerRow } from '@shared/customers';

export interface CustomerListParams {
  search: string;
  sort: CustomerSort;
  dir: SortDirection;
  page: number;
}

const BASE = '/api/admin/customers';
const filters = ({ search, sort, dir }: Pick<CustomerListParams, 'search' | 'sort' | 'dir'>) => {
  const query = new URLSearchParams({ sort, dir });
  if (search) query.set('search', search);
  return query;
};

/** GET /api/admin/customers (issue 26): one page of the store's customers; the last page stays while the next loads. */
export function useAdminCustomers(params: CustomerListParams) {
  const query = filters(params);
  query.set('page', String(params.page));
  return useQuery({
    queryKey: adminCustomerKeys.list(params),
    queryFn: () => api<CustomerPage>('GET', `${BASE}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The same list (its search and order, every page) as a CSV file, for a plain download link. */
export const customersCsvUrl = (params: Pick<CustomerListParams, 'search' | 'sort' | 'dir'>) => `${BASE}.csv?${filters(params)}`;

export function useAdminCustomer(id: string) {
  return useQuery({
    queryKey: adminCustomerKeys.one(id),
    queryFn: () => api<{ customer: CustomerDetail }>('GET', `${BASE}/${encodeURIComponent(id)}`).then((r) => r.customer),
  });
}

/** A further page of a customer's orders (the first comes with the customer). */
export function useCustomerOrders(id: string, page: number) {
  return useQuery({
    queryKey: adminCustomerKeys.orders(id, page),
    queryFn: () => api<CustomerOrders>('GET', `${BASE}/${encodeURIComponent(id)}/orders?page=${page}`),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
}

/** Adds a staff note; the customer's page shows it at once. */
export function useAddCustomerNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<{ note: CustomerNote }>('POST', `${BASE}/${encodeURIComponent(id)}/notes`, { body }).then((r) => r.note),
    onSuccess: (note) => {
      queryClient.setQueryData<CustomerDetail>(adminCustomerKeys.one(id), (old) => (old ? { ...old, notes: [note, ...old.notes] } : old));
    },
  });
}

export function useDeleteCustomerNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api<void>('DELETE', `${BASE}/${encodeURIComponent(id)}/notes/${encodeURIComponent(noteId)}`).then(() => noteId),
    onSuccess: (noteId) => {
      queryClient.setQueryData<CustomerDetail>(adminCustomerKeys.one(id), (old) => (old ? { ...old, notes: old.notes.filter((n) => n.id !== noteId) } : old));
    },
  });
}

/** A customer's data as a file (UK GDPR, issue 26): a plain link, the browser saves the attachment. */
export const customerDataUrl = (id: string) => `/api/admin/customers/${encodeURIComponent(id)}/data`;

/** Erases a customer's data; the customer is gone from the list and their orders read as an erased customer's. */
export function useEraseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseCustomerBody) => api<{ message: string }>('POST', `/api/admin/customers/${encodeURIComponent(id)}/erase`, body),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' }),
  });
}
