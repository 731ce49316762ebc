import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TOrder, TOrderDetail } from '#shared/contracts/orders.js';
import { ApiError, apiRequest, LazySchema } from '#web/lib/api.js';
import { refetchOnMountUnlessJustRead } from '#web/lib/query-client.js';

/*
 * The customer's orders and one order's detail: the query options the pages and the route
 * loaders share (app/route-loaders.ts). No zod or contracts at import: the schemas load with the
 * page's code (lib/api.ts LazySchema), so this module can sit in the first download. The hooks
 * that keep the list live are in lib/use-order-events.ts.
 */

/** Every order query starts with this key, so one invalidation refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const myOrdersQueryKey = (userId: string) => [...ORDERS_QUERY_KEY, 'mine', userId] as const;
export const orderDetailQueryKey = (orderId: number) => [...ORDERS_QUERY_KEY, 'detail', orderId] as const;

const orderContracts = () => import('#shared/contracts/orders.js');
const orderListSchema = new LazySchema(() => orderContracts().then((m) => m.ZOrderList));
// The order's own check needs no zod (lib/order-checks.ts, docs/decisions/055): the order page opened from a link
// downloads it with its code; the list's still loads zod.
const orderDetailSchema = new LazySchema(() => import('#web/lib/order-checks.js').then((m) => m.orderDetailCheck));
const cachedOrdersSchema = new LazySchema(() => orderContracts().then((m) => m.ZOrder.array()));

/**
 * docs/product.md §3, local cache key 'orders:{id}': the customer's own orders, shown at once on the
 * next visit and then refreshed. Cleared at logout with everything else (decisions/013 D10).
 */
export const ordersCacheKey = (userId: string) => `orders:${userId}`;

/** Resolves once readCachedOrders can check what is stored (the order contract has loaded). */
export function loadCachedOrdersCheck(): Promise<unknown> {
  return cachedOrdersSchema.load();
}

/**
 * The orders saved by the last read, checked against the order contract; undefined when there
 * are none, they do not pass, or the contract has not loaded yet (loadCachedOrdersCheck).
 */
export function readCachedOrders(userId: string): TOrder[] | undefined {
  const schema = cachedOrdersSchema.current;
  if (!schema) return undefined;
  try {
    const raw = localStorage.getItem(ordersCacheKey(userId));
    if (!raw) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
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
  const { orders } = await apiRequest('/api/orders', { schema: orderListSchema, operation: 'Loading your orders', signal });
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
    // Staff change statuses at any time: every visit re-reads the list (once: the route loader's
    // read counts), and the order socket says when one changed (useOrdersLive).
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustRead,
  });

/** Puts a just-placed order at the top of the list (and its cache) before the list is re-read. */
export function addOrderToList(queryClient: QueryClient, userId: string, order: TOrder): void {
  const put = () => {
    const current = queryClient.getQueryData<TOrder[]>(myOrdersQueryKey(userId)) ?? readCachedOrders(userId) ?? [];
    const next = [order, ...current.filter((existing) => existing.id !== order.id)];
    queryClient.setQueryData(myOrdersQueryKey(userId), next);
    writeCachedOrders(userId, next);
  };
  if (queryClient.getQueryData(myOrdersQueryKey(userId)) !== undefined || cachedOrdersSchema.current) put();
  // The saved list can be read once its check has loaded (the contract comes with the page's code).
  else void loadCachedOrdersCheck().then(put, put);
}

/** The largest id PostgreSQL's integer holds; anything else cannot be an order. */
const MAX_ORDER_ID = 2_147_483_647;

/** The order id of '#/orders/:id', or null when the text cannot be one (the page says the order is not found). */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ORDER_ID ? id : null;
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
  const detail = await apiRequest(`/api/orders/${orderId}`, { schema: orderDetailSchema, operation: 'Loading the order', signal });
  return { ...detail, clockOffsetMs: clockOffsetFrom(detail.now, sentAt, Date.now()) };
}

export const orderDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDetail(orderId, signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustRead,
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

/** What the order page is told by the form that has just created the order (router state, issue 26). */
export type TCreatedOrderState = { createdOrderId: number };

/** The order a form has just created, from the router state of the order page; null otherwise. */
export function createdOrderIdOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('createdOrderId' in state)) return null;
  return typeof state.createdOrderId === 'number' ? state.createdOrderId : null;
}
