import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminOrderResponse, type TAdminOrder } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminOrderKeys } from './query-keys';

export function getAdminOrder(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders/${id}`, {
    schema: ZAdminOrderResponse,
    operation: 'Loading the order',
    signal,
  }).then(({ order }) => order);
}

export const adminOrderQueryOptions = (id: number, shown?: TAdminOrder) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
    // The row that was clicked is shown at once; the fresh copy replaces it when it arrives.
    placeholderData: shown,
  });

/** One order with its customer, read again when the details open (someone may have decided it). */
export function useAdminOrder(id: number, shown?: TAdminOrder) {
  return useQuery(adminOrderQueryOptions(id, shown));
}
