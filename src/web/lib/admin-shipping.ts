import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShippingMethod, ShippingMethodBody } from '@shared/admin-shipping';
import { api } from './api';
import { cartKeys } from './query-keys';

/** Settings > Shipping (src/web/lib/admin-shipping.ts). */
export const adminShippingKeys = {
  all: ['admin', 'shipping-methods'] as const,
};

export type { AdminShippingMethod } from '@shared/admin-shipping';

const BASE = '/api/admin/shipping-methods';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Every delivery option of the store, active or not, in checkout order. */
export function useShippingMethods() {
  return useQuery({
    queryKey: adminShippingKeys.all,
    queryFn: () => api<{ shipping_methods: AdminShippingMethod[] }>('GET', BASE).then((r) => r.shipping_methods),
  });
}

/** After any change: the admin list, and the checkout's options if this tab has them. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminShippingKeys.all });
    void queryClient.invalidateQueries({ queryKey: cartKeys.shippingMethods });
  };
}

export function useSaveShippingMethod() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ShippingMethodBody }) =>
      api<{ shipping_method: AdminShippingMethod }>(id ? 'PUT' : 'POST', id ? one(id) : BASE, body).then((r) => r.shipping_method),
    onSuccess: refresh,
  });
}

export function useSetShippingActive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: string; is_active: boolean }) =>
      api<{ shipping_method: AdminShippingMethod }>('PUT', `${one(id)}/active`, { is_active }).then((r) => r.shipping_method),
    onSettled: refresh,
  });
}

/** Moves happen at once on screen and are undone if the server refuses them. */
export function useReorderShippingMethods() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) => api<{ shipping_methods: AdminShippingMethod[] }>('PUT', `${BASE}/order`, { ids }).then((r) => r.shipping_methods),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: adminShippingKeys.all });
      const before = queryClient.getQueryData<AdminShippingMethod[]>(adminShippingKeys.all);
      if (before) {
        const byId = new Map(before.map((m) => [m.id, m]));
        queryClient.setQueryData(adminShippingKeys.all, ids.map((id, position) => ({ ...byId.get(id)!, position })));
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(adminShippingKeys.all, context.before);
    },
    onSettled: refresh,
  });
}

export function useDeleteShippingMethod() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', one(id)),
    onSuccess: refresh,
  });
}
