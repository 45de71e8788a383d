import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NAV_SEARCH, type AdminNavigationResponse, type MenuGroup, type MenuKey, type NavSearchItem } from '@shared/navigation';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Admin > Webstore > Navigation and its link pickers' search. */
export const navigationKeys = {
  all: ['admin', 'navigation'] as const,
  menu: (key: MenuKey) => ['admin', 'navigation', key] as const,
  search: (type: 'product' | 'page', q: string) => ['admin', 'navigation', 'search', type, q] as const,
};

/** GET /api/admin/navigation?key=primary|footer: the saved menu (or none), its groups and target names. */
export function useAdminNavigation(key: MenuKey) {
  return useQuery({
    queryKey: navigationKeys.menu(key),
    queryFn: () => api<AdminNavigationResponse>('GET', `/api/admin/navigation?key=${key}`),
  });
}

/** PUT /api/admin/navigation {key, groups}; the storefront's menus in this tab refresh too. */
export function useSaveNavigation(key: MenuKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: MenuGroup[]) => api<AdminNavigationResponse>('PUT', '/api/admin/navigation', { key, groups }),
    onSuccess: (data) => {
      queryClient.setQueryData(navigationKeys.menu(key), data);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.menu });
    },
  });
}

/** The value once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The destination picker's search (spec §7, §9): GET /api/admin/search?type=product|page, once the
 * text has 2+ characters and has rested 250 ms; 10 products or 12 pages.
 */
export function useNavSearch(type: 'product' | 'page', text: string) {
  const q = useDebouncedValue(text.trim(), NAV_SEARCH.debounceMs);
  const limit = type === 'product' ? NAV_SEARCH.productLimit : NAV_SEARCH.pageLimit;
  const query = useQuery({
    queryKey: navigationKeys.search(type, q),
    queryFn: () => api<{ items: NavSearchItem[] }>('GET', `/api/admin/search?type=${type}&limit=${limit}&q=${encodeURIComponent(q)}`).then((r) => r.items),
    enabled: q.length >= NAV_SEARCH.minLength,
    staleTime: 30_000,
  });
  return { ...query, settled: q === text.trim() };
}
