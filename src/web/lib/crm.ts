import { useQuery } from '@tanstack/react-query';
import type { CrmContext } from '@shared/crm/context';
import { CRM_API } from '@shared/crm/routes';
import { api } from './api';
import { crmKeys } from './query-keys';

/** Which sales book this session works in (a store's, or the platform's own) and what it may do there. */
export function useCrmContext() {
  return useQuery({ queryKey: crmKeys.context, queryFn: () => api<CrmContext>('GET', CRM_API.context), staleTime: 60_000 });
}
