import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardRange } from '@mtumba/contract/insights';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** A named range, or from–to Nairobi days (both included). */
export type DashboardPeriod = { range: DashboardRange } | { from: string; to: string };

/** GET /admin/dashboard?range= or ?from&to: the figures of docs/product.md section 12. */
export function getDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/admin/dashboard', period, signal);
}

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: adminKeys.dashboard(period),
    queryFn: ({ signal }) => getDashboard(period, signal),
    placeholderData: keepPreviousData,
  });

export function useDashboard(period: DashboardPeriod) {
  return useQuery(dashboardQueryOptions(period));
}
