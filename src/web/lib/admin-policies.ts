import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalPageKind } from '@shared/store-promises';
import type { LegalPageStatus, PoliciesResponse, UpdatePoliciesBody } from '@shared/store-policies';
import { api } from './api';
import { pageKeys } from './admin-pages';
import { platformKeys, settingsKeys } from './query-keys';

/** GET /api/admin/settings/policies: the store's promises and the state of its legal pages. */
export function usePolicies() {
  return useQuery({
    queryKey: settingsKeys.policies,
    queryFn: () => api<PoliciesResponse>('GET', '/api/admin/settings/policies'),
  });
}

/**
 * PUT /api/admin/settings/policies. The answer replaces the cached policies; the storefront reads the
 * promises from the current-tenant answer (top bar, home cards, product page, footer), so that is
 * fetched again.
 */
export function useSavePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePoliciesBody) => api<PoliciesResponse>('PUT', '/api/admin/settings/policies', body),
    onSuccess: (saved) => {
      queryClient.setQueryData<PoliciesResponse>(settingsKeys.policies, saved);
      void queryClient.invalidateQueries({ queryKey: platformKeys.currentTenant });
    },
  });
}

/**
 * POST /api/admin/settings/legal-pages/{kind}: a draft content page from the template. Its row in the
 * cached policies shows the new page at once; the policies and the admin pages lists are fetched again.
 */
export function useCreateLegalPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: LegalPageKind) =>
      api<{ page: LegalPageStatus }>('POST', `/api/admin/settings/legal-pages/${encodeURIComponent(kind)}`).then((r) => r.page),
    onSuccess: (created) => {
      queryClient.setQueryData<PoliciesResponse>(settingsKeys.policies, (old) =>
        old ? { ...old, legal_pages: old.legal_pages.map((row) => (row.kind === created.kind ? created : row)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.policies });
      void queryClient.invalidateQueries({ queryKey: pageKeys.all });
    },
  });
}
