import { queryOptions, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { isFinalStatus, ZOrder, ZOrderDetailResponse, ZOrderList, type TOrder, type TOrderDetail } from '#shared/contracts/orders.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { useOrderEvents } from '#web/lib/use-order-events.js';

/** Every order query starts with this key, so one invalidation refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const myOrdersQueryKey = (userId: string) => [...ORDERS_QUERY_KEY, 'mine', userId] as const;
export const orderDetailQueryKey = (orderId: number) => [...ORDERS_QUERY_KEY, 'detail', orderId] as const;

/**
 * docs/product.md §3, local cache key 'orders:{id}': the customer's own orders, shown at once on the
 * next visit and then refreshed. Cleared at logout with everything else (decisions/013 D10).
 */
export const ordersCacheKey = (userId: string) => `orders:${userId}`;

/**
 * How often an open history re-reads the list while an order is still open: a safety net, the
 * order socket says at once when one changes.
 */
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
    // Staff change statuses at any time: every visit re-reads the list, the order socket says
    // when one changed (useOrdersLive), and while an order is open the page checks every minute.
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

/**
 * Keeps what a customer's page shows of their orders live (docs/decisions/014): every change the
 * order socket announces (or a 'resync' after a reconnect) re-reads the order queries, and the
 * `alsoRefresh` ones (the dashboard's portfolio, whose holdings follow completed orders).
 */
export function useOrdersLive(alsoRefresh: readonly QueryKey[] = []): void {
  const queryClient = useQueryClient();
  useOrderEvents('/api/orders/socket', () => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
  });
}

/**
 * One order and its timeline, with how far this device's clock is from the server's (from the
 * answer's `now`, the clock the deadline is on) so the countdown to the deadline is right on a
 * phone whose clock is off.
 */
export type TOrderDetailAnswer = TOrderDetail & { clockOffsetMs: number };

/** Differences within a round trip's noise are not worth correcting. */
const CLOCK_TOLERANCE_MS = 1_000;

function clockOffsetFrom(serverNow: string, sentAt: number, receivedAt: number): number {
  const serverTime = Date.parse(serverNow);
  if (!Number.isFinite(serverTime)) return 0;
  // The server answered somewhere in the round trip; its middle is the best guess.
  const offset = serverTime - (sentAt + receivedAt) / 2;
  return Math.abs(offset) < CLOCK_TOLERANCE_MS ? 0 : offset;
}

/** GET /api/orders/:id: the customer's own order and its timeline (404 for anyone else's). */
export async function getOrderDetail(orderId: number, signal?: AbortSignal): Promise<TOrderDetailAnswer> {
  const sentAt = Date.now();
  const detail = await apiRequest(`/api/orders/${orderId}`, { schema: ZOrderDetailResponse, operation: 'Loading the order', signal });
  return { ...detail, clockOffsetMs: clockOffsetFrom(detail.now, sentAt, Date.now()) };
}

export const orderDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDetail(orderId, signal),
    staleTime: 0,
    // A missing order stays missing; anything else is tried again once.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });

/** One of the customer's orders with its timeline (the order page, the history's Order Details). */
export function useOrderDetail(orderId: number | null) {
  return useQuery({ ...orderDetailQueryOptions(orderId ?? 0), enabled: orderId !== null });
}

/** Puts an order as the server now has it into the list and its detail, before they are re-read. */
export function updateOrderInCaches(queryClient: QueryClient, userId: string, order: TOrder): void {
  const current = queryClient.getQueryData<TOrder[]>(myOrdersQueryKey(userId));
  if (current) {
    const next = current.map((existing) => (existing.id === order.id ? order : existing));
    queryClient.setQueryData(myOrdersQueryKey(userId), next);
    writeCachedOrders(userId, next);
  }
  queryClient.setQueryData<TOrderDetailAnswer>(orderDetailQueryKey(order.id), (detail) => (detail ? { ...detail, order } : detail));
}
