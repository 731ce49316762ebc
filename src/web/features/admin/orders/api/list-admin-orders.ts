import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminOrderList } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { ADMIN_ORDERS_PAGE_SIZE, type TAdminOrderFilter } from '#web/features/admin/orders/lib/order-filter.js';
import { adminOrderKeys } from './query-keys';

export function listAdminOrders(filter: TAdminOrderFilter, signal?: AbortSignal) {
  return apiRequest('/api/admin/orders', {
    query: {
      q: filter.q || undefined,
      status: filter.status,
      from: filter.from || undefined,
      to: filter.to || undefined,
      sort: filter.sort,
      dir: filter.dir,
      page: String(filter.page),
      pageSize: String(ADMIN_ORDERS_PAGE_SIZE),
    },
    schema: ZAdminOrderList,
    operation: 'Loading orders',
    signal,
  });
}

export const adminOrdersQueryOptions = (filter: TAdminOrderFilter) =>
  queryOptions({
    queryKey: adminOrderKeys.list(filter),
    queryFn: ({ signal }) => listAdminOrders(filter, signal),
    // The rows on screen stay while the next filter, sort or page loads: the list feels instant
    // without persisting anyone's orders (decisions/013 D10).
    placeholderData: keepPreviousData,
  });

/** One page of orders for a search, status, date range and sort (server side). */
export function useAdminOrders(filter: TAdminOrderFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}
