import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, AdminOrderPage, OrderNoteInput, OrderStatusInput, RefundInput } from '@shared/admin-orders';
import type { EmailPage } from '@shared/emails';
import { api } from './api';
import { orderKeys } from './query-keys';

/** Kept here, not in query-keys.ts: that module ships in the app's entry, which the product page's budget counts (decision 004). */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: { page: number; status: string; search: string }) => ['admin', 'orders', 'list', params] as const,
  one: (id: string) => ['admin', 'orders', 'one', id] as const,
  emails: (id: string) => ['admin', 'orders', 'emails', id] as const,
};

/** Admin: GET /api/admin/orders (admin spec §7), 20 a page, with optional status and search. */
export function useAdminOrders(params: { page: number; status: string; search: string }) {
  const query = new URLSearchParams({ page: String(params.page), limit: '20' });
  if (params.status) query.set('status', params.status);
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: adminOrderKeys.list(params),
    queryFn: () => api<AdminOrderPage>('GET', `/api/admin/orders?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminOrderKeys.one(id),
    queryFn: () => api<{ order: AdminOrderDetail }>('GET', `/api/admin/orders/${encodeURIComponent(id)}`).then((r) => r.order),
  });
}

/** The order's messages from the email outbox (GET /api/admin/emails?order_id=). */
export function useOrderEmails(id: string) {
  return useQuery({
    queryKey: adminOrderKeys.emails(id),
    queryFn: () => api<EmailPage>('GET', `/api/admin/emails?order_id=${encodeURIComponent(id)}`),
  });
}

type OrderAction = { kind: 'status'; body: OrderStatusInput } | { kind: 'refunds'; body: RefundInput } | { kind: 'notes'; body: OrderNoteInput } | { kind: 'resend-confirmation' };

/**
 * Every change to an order answers its fresh details: the page shows them at once, and the lists,
 * the order's emails and the shopper's own order views are refetched when next shown.
 */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      api<{ order: AdminOrderDetail }>('POST', `/api/admin/orders/${encodeURIComponent(id)}/${action.kind}`, 'body' in action ? action.body : undefined).then((r) => r.order),
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.emails(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'emails'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
    },
  });
}
