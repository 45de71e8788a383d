import { useQuery } from '@tanstack/react-query';
import type { CrmContext } from '@shared/crm/context';
import { CRM_API } from '@shared/crm/routes';
import { api } from './api';

/** Which sales book this session works in (a store's, or the platform's own) and what it may do there. */
export function useCrmContext() {
  return useQuery({ queryKey: crmKeys.context, queryFn: () => api<CrmContext>('GET', CRM_API.context), staleTime: 60_000 });
}

/**
 * Query keys of the CRM (issue 16): its scope, leads, quotes and Client Access per store. Here, not in
 * query-keys.ts, which is in every page's first download; only CRM screens use these.
 */
export const crmKeys = {
  context: ['crm', 'context'] as const,
  leads: ['crm', 'leads'] as const,
  quotes: ['crm', 'quotes'] as const,
  quote: (id: string) => ['crm', 'quotes', id] as const,
  tenants: ['crm', 'tenants'] as const,
  invitations: (tenantId: string) => ['crm', 'invitations', tenantId] as const,
};
