import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminDashboard } from '#shared/contracts/dashboard.js';
import { apiRequest } from '#web/lib/api.js';
import { adminDashboardKeys } from '#web/lib/query-keys.js';

export function getAdminDashboard(signal?: AbortSignal) {
  return apiRequest('/api/admin/dashboard', {
    schema: ZAdminDashboard,
    operation: 'Loading the dashboard',
    signal,
  });
}

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminDashboardKeys.all,
    queryFn: ({ signal }) => getAdminDashboard(signal),
  });

/** Users, pending orders, completed volume, 7 days of volume and the 5 newest orders. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
