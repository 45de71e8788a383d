import { useQuery } from '@tanstack/react-query';
import type { CurrentTenantResponse } from '@shared/tenants';
import { api } from './api';
import { platformKeys } from './query-keys';

/** The store this host belongs to (null on the platform host). Fixed for the life of the page. */
export const currentTenantQuery = () => ({
  queryKey: platformKeys.currentTenant,
  queryFn: () => api<CurrentTenantResponse>('GET', '/api/tenant/current'),
  staleTime: Infinity,
  retry: 1,
});

export function useCurrentTenant() {
  return useQuery(currentTenantQuery());
}
