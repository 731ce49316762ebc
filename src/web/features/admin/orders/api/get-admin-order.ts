import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminOrderDetailResponse } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminOrderKeys } from './query-keys';

/** The order, the customer's KYC status and remaining limit, and the timeline with staff names (docs/decisions/014). */
export function getAdminOrder(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders/${id}`, {
    schema: ZAdminOrderDetailResponse,
    operation: 'Loading the order',
    signal,
  });
}

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
    // Read again whenever the details open: someone may have decided it meanwhile.
    staleTime: 0,
  });

/** One order's details, read again when they open and whenever the order changes (the admin layout's order events). */
export function useAdminOrder(id: number) {
  return useQuery(adminOrderQueryOptions(id));
}

/** The payment screenshot; every view is written to the audit log by the server (docs/decisions/014). */
export function adminOrderProofUrl(id: number): string {
  return `/api/admin/orders/${id}/proof`;
}
