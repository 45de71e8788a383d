import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKOUT_RECOVERY_SETTINGS_API } from '@shared/checkout-recovery';
import type { CheckoutRecoverySettingsBody, CheckoutRecoverySettingsView } from '@shared/checkout-recovery-schemas';
import { api } from './api';
import { dashboardKeys } from './query-keys';

/** Kept here, not in query-keys.ts: that module ships in the storefront's entry (decision 004). */
const key = ['admin', 'settings', 'checkout-recovery'] as const;

/** GET /api/admin/settings/checkout-recovery: Settings > Email > Checkout recovery (decision 048). */
export function useCheckoutRecoverySettings() {
  return useQuery({ queryKey: key, queryFn: () => api<CheckoutRecoverySettingsView>('GET', CHECKOUT_RECOVERY_SETTINGS_API) });
}

/** PUT /api/admin/settings/checkout-recovery (owners and admins). The dashboard's card follows the switch. */
export function useSaveCheckoutRecoverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutRecoverySettingsBody) => api<CheckoutRecoverySettingsView>('PUT', CHECKOUT_RECOVERY_SETTINGS_API, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.kpis });
    },
  });
}
