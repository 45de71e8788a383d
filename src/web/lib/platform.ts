import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddDomainBody, CreateTenantBody, StoreDomain, StoreDomainsResponse, TenantDomain, TenantListItem, TenantStatusResponse } from '@shared/tenants';
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

/** Suspend or reactivate a store (owner only); the list and the launcher refresh. */
export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    /** A reason suspends (the store's team is shown it); null reactivates. */
    mutationFn: ({ tenantId, reason }: { tenantId: string; reason: string | null }) =>
      api<TenantStatusResponse>('POST', `/api/tenants/${tenantId}/${reason !== null ? 'suspend' : 'reactivate'}`, reason !== null ? { reason } : undefined).then((r) => r.tenant),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: platformKeys.tenants }),
  });
}

/** One store's domains, primary first (owner only). */
export function useStoreDomains(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: platformKeys.storeDomains(tenantId),
    queryFn: () => api<StoreDomainsResponse>('GET', `/api/tenants/${tenantId}/domains`).then((r) => r.domains),
    enabled,
  });
}

type DomainChange = { kind: 'add'; body: AddDomainBody } | { kind: 'remove' | 'primary'; domainId: string };

/** Add, remove or make primary; every answer is the store's new domain list. */
export function useChangeStoreDomains(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DomainChange): Promise<StoreDomain[]> => {
      const base = `/api/tenants/${tenantId}/domains`;
      const call =
        change.kind === 'add'
          ? api<StoreDomainsResponse>('POST', base, change.body)
          : change.kind === 'remove'
            ? api<StoreDomainsResponse>('DELETE', `${base}/${change.domainId}`)
            : api<StoreDomainsResponse>('POST', `${base}/${change.domainId}/primary`);
      return call.then((r) => r.domains);
    },
    onSuccess: (domains) => {
      queryClient.setQueryData(platformKeys.storeDomains(tenantId), domains);
      void queryClient.invalidateQueries({ queryKey: platformKeys.tenants });
      void queryClient.invalidateQueries({ queryKey: platformKeys.tenantDomains });
    },
  });
}
