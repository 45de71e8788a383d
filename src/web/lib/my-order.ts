import { useQuery } from '@tanstack/react-query';
import type { AccountOrder } from '@shared/orders';
import { api } from './api';
import { orderKeys } from './query-keys';

/**
 * Kept here, not in query-keys.ts: that module ships in the app's entry, which the product page's
 * budget counts (decision 004). Under My orders' own key, so whatever refreshes the list (a claim, a
 * cancellation, the admin's changes in the same browser) refreshes the order pages too.
 */
export const myOrderKeys = {
  one: (orderNumber: string) => [...orderKeys.mine, 'one', orderNumber] as const,
};

/** GET /api/account/orders/{order_number}: one of the signed-in customer's orders, with its address and refunds (issue 27). */
export function useMyOrder(orderNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: myOrderKeys.one(orderNumber),
    queryFn: () => api<{ order: AccountOrder }>('GET', `/api/account/orders/${encodeURIComponent(orderNumber)}`).then((r) => r.order),
    enabled: enabled && orderNumber !== '',
    retry: false,
  });
}
