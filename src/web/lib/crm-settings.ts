import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CRM_SETTINGS_API } from '@shared/crm/routes';
import type { CrmSettings, SaveCrmSettingsBody } from '@shared/crm/settings';
import { api } from './api';
import { crmKeys } from './crm';
import { authKeys } from './query-keys';

const key = ['admin', 'settings', 'crm'] as const;

/** GET /api/admin/settings/crm: Settings > CRM (decision 044). */
export function useCrmSettings() {
  return useQuery({ queryKey: key, queryFn: () => api<{ settings: CrmSettings }>('GET', CRM_SETTINGS_API).then((r) => r.settings) });
}

/**
 * PUT /api/admin/settings/crm. The sidebar (admin context: CRM on or off) and the CRM's own context
 * (its project types) are fetched again.
 */
export function useSaveCrmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCrmSettingsBody) => api<{ settings: CrmSettings }>('PUT', CRM_SETTINGS_API, body).then((r) => r.settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: authKeys.adminContext });
      void queryClient.invalidateQueries({ queryKey: crmKeys.context });
    },
  });
}
