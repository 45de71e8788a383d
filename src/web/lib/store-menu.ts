import { useQuery } from '@tanstack/react-query';
import type { StoreMenu } from '@shared/navigation';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** The store's menu for the header (GET /api/navigation): the saved menu, or the category tree. */
export function useStoreMenu() {
  return useQuery({
    queryKey: catalogKeys.menu,
    queryFn: () => api<{ menu: StoreMenu }>('GET', '/api/navigation?key=primary').then((r) => r.menu),
    staleTime: 5 * 60_000,
  });
}
