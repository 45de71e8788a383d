import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupResponse } from '@shared/store-setup';
import { api } from './api';
import { dashboardKeys, platformKeys } from './query-keys';

/** The store's set-up checklist and launch (issue 25). Kept here, beside its only hooks. */
export const setupKeys = {
  state: ['admin', 'setup'] as const,
};

/** GET /api/admin/setup: the six steps, the launch, the preview password. Store managers only. */
export function useStoreSetup(enabled = true) {
  return useQuery({
    queryKey: setupKeys.state,
    queryFn: () => api<SetupResponse>('GET', '/api/admin/setup'),
    enabled,
    // Steps are ticked from the store's real state: coming back from a settings tab should show it.
    staleTime: 0,
    retry: 1,
  });
}

/**
 * Every action answers the new set-up state: it replaces the cached one. Launch and the preview
 * password also change what the current-tenant answer says (launched, opening soon), and the
 * dashboard's figures carry a copy of the checklist, so both are fetched again.
 */
function useSetupMutation<V>(call: (vars: V) => Promise<SetupResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      queryClient.setQueryData<SetupResponse>(setupKeys.state, state);
      void queryClient.invalidateQueries({ queryKey: platformKeys.currentTenant });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.kpis });
    },
  });
}

/** POST /api/admin/setup/launch: 409 `launch_blocked` (with a message per missing step) while it may not open. */
export const useLaunchStore = () => useSetupMutation<void>(() => api<SetupResponse>('POST', '/api/admin/setup/launch'));

/** POST /api/admin/setup/unlaunch: back to "Opening soon". */
export const useUnlaunchStore = () => useSetupMutation<void>(() => api<SetupResponse>('POST', '/api/admin/setup/unlaunch'));

/** POST /api/admin/setup/confirm-delivery: 400 while the store has no active delivery option. */
export const useConfirmDelivery = () => useSetupMutation<void>(() => api<SetupResponse>('POST', '/api/admin/setup/confirm-delivery'));

/** PUT /api/admin/setup/preview-password: a password (4 to 64 characters), or null for staff only. */
export const useSetPreviewPassword = () =>
  useSetupMutation((password: string | null) => api<SetupResponse>('PUT', '/api/admin/setup/preview-password', { password }));
