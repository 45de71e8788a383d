import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, StoreSettings, UpdateSettingsBody } from '@shared/store-settings';
import { api } from './api';
import { authKeys, platformKeys, settingsKeys } from './query-keys';

/** GET /api/admin/settings: the Store Info tab's values and the store's id. */
export function useStoreSettings() {
  return useQuery({
    queryKey: settingsKeys.store,
    queryFn: () => api<SettingsResponse>('GET', '/api/admin/settings'),
  });
}

/**
 * PUT /api/admin/settings. The answer replaces the cached settings; the store's name and public
 * details also live in the current-tenant and admin-context answers (header, storefront footer in
 * this tab), so those are fetched again.
 */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api<{ settings: StoreSettings }>('PUT', '/api/admin/settings', body).then((r) => r.settings),
    onSuccess: (settings) => {
      queryClient.setQueryData<SettingsResponse>(settingsKeys.store, (old) => (old ? { ...old, settings } : old));
      void queryClient.invalidateQueries({ queryKey: platformKeys.currentTenant });
      void queryClient.invalidateQueries({ queryKey: authKeys.adminContext });
    },
  });
}
