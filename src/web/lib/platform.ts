import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTenantBody, TenantDomain, TenantListItem } from '@shared/tenants';
import { api } from './api';
import { platformKeys } from './query-keys';

/** Owner only: every tenant with its primary domain and member count. */
export function useTenants() {
  return useQuery({
    queryKey: platformKeys.tenants,
    queryFn: () => api<{ tenants: TenantListItem[] }>('GET', '/api/tenants').then((r) => r.tenants),
  });
}

/** Owner only: where each tenant's store answers, for the tenant launcher. */
export function useTenantDomains(enabled: boolean) {
  return useQuery({
    queryKey: platformKeys.tenantDomains,
    queryFn: () => api<{ domains: TenantDomain[] }>('GET', '/api/tenants/domains').then((r) => r.domains),
    enabled,
  });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => api<{ tenant: TenantListItem }>('POST', '/api/tenants', body).then((r) => r.tenant),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: platformKeys.tenants });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tenantDomains });
    },
  });
}
