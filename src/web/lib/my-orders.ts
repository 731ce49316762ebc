import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isFinalStatus, ZOrder, ZOrderList, type TOrder } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';

/** What /history is opened with after an order is placed: that order's details open at once. */
export type THistoryLocationState = { openOrderId?: number };

/** Every order query starts with this key, so one invalidation refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const myOrdersQueryKey = (userId: string) => [...ORDERS_QUERY_KEY, 'mine', userId] as const;

/**
 * Spec section 3, local cache key 'orders:{id}': the customer's own orders, shown at once on the
 * next visit and then refreshed. Cleared at logout with everything else (decisions/013 D10).
 */
export const ordersCacheKey = (userId: string) => `orders:${userId}`;

/** How often an open history re-reads the list while an order is still pending. */
const PENDING_REFETCH_MS = 60_000;

const ZCachedOrders = z.array(ZOrder);

export function readCachedOrders(userId: string): TOrder[] | undefined {
  try {
    const raw = localStorage.getItem(ordersCacheKey(userId));
    if (!raw) return undefined;
    const parsed = ZCachedOrders.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedOrders(userId: string, orders: TOrder[]): void {
  try {
    localStorage.setItem(ordersCacheKey(userId), JSON.stringify(orders));
  } catch {
    // Storage full or disabled: the cache is only a convenience.
  }
}

export async function listMyOrders(userId: string, signal?: AbortSignal): Promise<TOrder[]> {
  const { orders } = await apiRequest('/api/orders', { schema: ZOrderList, operation: 'Loading your orders', signal });
  writeCachedOrders(userId, orders);
  return orders;
}

export const myOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myOrdersQueryKey(userId),
    queryFn: ({ signal }) => listMyOrders(userId, signal),
    initialData: () => readCachedOrders(userId),
    // The cached list shows at once but counts as old, so the server is always asked too.
    initialDataUpdatedAt: 0,
    // Staff change statuses at any time: every visit re-reads the list, and while an order is
    // pending the open page checks again every minute.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((order) => !isFinalStatus(order.status)) ? PENDING_REFETCH_MS : false),
  });

/** The customer's orders, newest first. */
export function useMyOrders(userId: string) {
  return useQuery(myOrdersQueryOptions(userId));
}

/** Puts a just-placed order at the top of the list (and its cache) before the list is re-read. */
export function addOrderToList(queryClient: QueryClient, userId: string, order: TOrder): void {
  const current = queryClient.getQueryData<TOrder[]>(myOrdersQueryKey(userId)) ?? readCachedOrders(userId) ?? [];
  const next = [order, ...current.filter((existing) => existing.id !== order.id)];
  queryClient.setQueryData(myOrdersQueryKey(userId), next);
  writeCachedOrders(userId, next);
}
