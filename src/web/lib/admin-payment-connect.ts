import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountLinkResponse, ConnectStatus } from '@shared/payment-connect';
import { api } from './api';
import { dashboardKeys } from './query-keys';

/** Settings > Payment: the store's card-payment account (src/web/lib/admin-payment-connect.ts). */
export const paymentConnectKeys = {
  status: ['admin', 'payment-connect', 'status'] as const,
};

/**
 * GET /api/stripe/connect/status (admin spec §7). The server asks the provider each time, so it is
 * fetched when the tab opens and on Refresh status, not on a timer.
 */
export function useConnectStatus() {
  return useQuery({
    queryKey: paymentConnectKeys.status,
    queryFn: () => api<ConnectStatus>('GET', '/api/stripe/connect/status'),
    staleTime: 0,
    retry: false,
  });
}

/**
 * Connect / Update details: makes the store's account first when it has none (POST create-account),
 * then asks for an onboarding link (POST account-link) and answers its URL for the browser to follow.
 */
export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hasAccount: boolean) => {
      if (!hasAccount) {
        const created = await api<ConnectStatus>('POST', '/api/stripe/connect/create-account', {});
        queryClient.setQueryData(paymentConnectKeys.status, created);
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.kpis });
      }
      return (await api<AccountLinkResponse>('POST', '/api/stripe/connect/account-link', {})).onboarding_url;
    },
  });
}
