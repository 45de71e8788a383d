import { useQuery } from '@tanstack/react-query';
import type { MenuKey, StoreMenu } from '@shared/navigation';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** A store menu (GET /api/navigation): the header's (primary) or the footer's, else their category fallback. */
export const storeMenuQuery = (key: MenuKey) => ({
  queryKey: [...catalogKeys.menu, key],
  queryFn: () => api<{ menu: StoreMenu }>('GET', `/api/navigation?key=${key}`).then((r) => r.menu),
  staleTime: 5 * 60_000,
});

export function useStoreMenu(key: MenuKey = 'primary') {
  return useQuery(storeMenuQuery(key));
}
