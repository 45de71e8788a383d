import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSummary } from '@shared/orders';
import type { CheckoutBody } from '@shared/checkout-schemas';
import type { ClaimOrdersBody, ConfirmClaimBody } from '@shared/claim-schemas';
import { api } from './api';
import { orderKeys } from './query-keys';

/** POST /api/checkout answers where to pay; the caller sends the browser there. */
export function useCheckout() {
  return useMutation({ mutationFn: (payload: CheckoutBody) => api<{ url: string; order_number: string; session_id: string }>('POST', '/api/checkout', payload) });
}

/**
 * The order behind the success page, by session_id or order_number. It may still be unpaid for a
 * moment after the return from the pay page (the webhook can be slower), so it polls until paid.
 */
export function useOrderLookup(by: 'session_id' | 'order_number', value: string) {
  return useQuery({
    queryKey: orderKeys.lookup(by, value),
    queryFn: () => api<{ order: OrderSummary }>('GET', `/api/orders/public-lookup?${by}=${encodeURIComponent(value)}`).then((r) => r.order),
    enabled: value !== '',
    refetchInterval: (query) => (query.state.data && query.state.data.payment_status === 'unpaid' && query.state.data.status === 'pending' ? 2000 : false),
    retry: 1,
  });
}

export function useMyOrders(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.mine,
    queryFn: () => api<{ orders: OrderSummary[] }>('GET', '/api/account/orders').then((r) => r.orders),
    enabled,
  });
}

/** My orders' Cancel on an order awaiting payment: the server gives the held stock back. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string) => api<{ message: string }>('POST', `/api/account/orders/${encodeURIComponent(orderNumber)}/cancel`),
    // Cancelled or not (paid meanwhile, lapsed), the list is read again to show where the order stands.
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.mine }),
  });
}

export function useClaimOrders() {
  return useMutation({ mutationFn: (body: ClaimOrdersBody) => api<{ message: string }>('POST', '/api/account/claim-orders', body) });
}

export function useConfirmClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<{ claimed: number; message: string }>('POST', '/api/account/claim-orders/confirm', { token } satisfies ConfirmClaimBody),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.mine }),
  });
}
