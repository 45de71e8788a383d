import { useQuery } from '@tanstack/react-query';
import type { DashboardKpis, DashboardQuickWins } from '@shared/dashboard';
import { api } from './api';
import { dashboardKeys } from './query-keys';

/** GET /api/admin/dashboard/kpis: the four KPI cards, the 30-day chart and the set-up checklist. */
export function useDashboardKpis(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.kpis,
    queryFn: () => api<DashboardKpis>('GET', '/api/admin/dashboard/kpis'),
    enabled,
    // Coming back to the dashboard should show today's sales, not the figure from the last visit.
    staleTime: 0,
    retry: 1,
  });
}

/** GET /api/admin/dashboard/quick-wins: at most 3; the panel hides itself on failure or when empty. */
export function useDashboardQuickWins(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.quickWins,
    queryFn: () => api<DashboardQuickWins>('GET', '/api/admin/dashboard/quick-wins'),
    enabled,
    // Each load is an AI call counted against the person's allowance: a minute's reuse is plenty fresh.
    staleTime: 60_000,
    retry: false,
  });
}
