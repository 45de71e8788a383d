import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscountDetail, AdminDiscountList, DiscountBody } from '@shared/admin-discounts';
import { api } from './api';
import { cartKeys } from './query-keys';

/** Admin > Discounts (issue 28). Kept here, not in query-keys.ts, which the storefront's entry ships. */
export const adminDiscountKeys = {
  all: ['admin', 'discounts'] as const,
  list: (params: DiscountListParams) => ['admin', 'discounts', 'list', params] as const,
  one: (id: string) => ['admin', 'discounts', 'one', id] as const,
};

export type { AdminDiscount, AdminDiscountDetail } from '@shared/admin-discounts';

export interface DiscountListParams {
  page: number;
  /** '' or 'all': every status. */
  status: string;
  search: string;
}

const BASE = '/api/admin/discounts';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** GET /api/admin/discounts: newest first, 25 a page. */
export function useAdminDiscounts(params: DiscountListParams) {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.status && params.status !== 'all') query.set('status', params.status);
  if (params.search) query.set('q', params.search);
  return useQuery({
    queryKey: adminDiscountKeys.list(params),
    queryFn: () => api<AdminDiscountList>('GET', `${BASE}?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDiscount(id: string | undefined) {
  return useQuery({
    queryKey: adminDiscountKeys.one(id ?? ''),
    queryFn: () => api<{ discount: AdminDiscountDetail }>('GET', one(id!)).then((r) => r.discount),
    enabled: Boolean(id),
  });
}

/** After any change: the lists and the code, and this tab's cart (its code may no longer apply). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (saved?: AdminDiscountDetail) => {
    if (saved) queryClient.setQueryData(adminDiscountKeys.one(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'discounts', 'list'] });
    void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
  };
}

export function useSaveDiscount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DiscountBody }) =>
      api<{ discount: AdminDiscountDetail }>(id ? 'PUT' : 'POST', id ? one(id) : BASE, body).then((r) => r.discount),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useSetDiscountActive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: string; is_active: boolean }) =>
      api<{ discount: AdminDiscountDetail }>('PUT', `${one(id)}/active`, { is_active }).then((r) => r.discount),
    onSuccess: (saved) => refresh(saved),
    onError: () => refresh(),
  });
}

/** Deleted (null), or switched off instead because checkouts used it (the code as it now is). */
export function useDeleteDiscount() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ discount: AdminDiscountDetail; switched_off: true } | undefined>('DELETE', one(id)).then((r) => r?.discount ?? null),
    onSuccess: (kept, id) => {
      if (kept) refresh(kept);
      else {
        queryClient.removeQueries({ queryKey: adminDiscountKeys.one(id) });
        refresh();
      }
    },
  });
}
