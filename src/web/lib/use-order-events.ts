import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TOrderSocketEvent } from '#shared/contracts/orders.js';
import { orderSocketEventCheck } from '#web/lib/order-checks.js';
import { isFinalStatus } from '#shared/order-rules.js';
import { ChatSocket } from '#web/lib/chat/chat-socket.js';
import { myOrdersQueryOptions, ORDERS_QUERY_KEY } from '#web/lib/my-orders.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { runInBackground } from './background-requests';

/**
 * How often an open history re-reads the list while an order is still open: a safety net, the
 * order socket says at once when one changes.
 */
const PENDING_REFETCH_MS = 60_000;

/** The two order sockets (docs/decisions/014): a customer's own orders, or every order for staff with the orders area. */
export type TOrderSocketPath = '/api/orders/socket' | '/api/admin/orders/socket';

/**
 * Order changes pushed by the server while the component is mounted (and `enabled`): an
 * `order` event names the order that changed; `resync` (also sent to the handler after a
 * reconnect, when events may have been missed) means read everything again. The connection
 * comes back by itself (lib/chat/chat-socket.ts) and re-reads the session when the server says it
 * ended or the account changed.
 */
export function useOrderEvents(path: TOrderSocketPath, onEvent: (event: TOrderSocketEvent) => void, enabled = true): void {
  const queryClient = useQueryClient();
  const onEventRef = useRef(onEvent);

  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!enabled) return;
    const socket = new ChatSocket<TOrderSocketEvent>(
      path,
      {
        // What a push message or a reconnect makes the page read again is background (docs/decisions/020).
        onEvent: (event) => runInBackground(() => onEventRef.current(event)),
        onOpen: (isReconnect) => {
          if (isReconnect) runInBackground(() => onEventRef.current({ type: 'resync' }));
        },
        onSessionDoubt: () => runInBackground(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
        onAccountChanged: () => runInBackground(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
      },
      orderSocketEventCheck,
    );
    socket.start();
    return () => socket.close();
  }, [path, enabled, queryClient]);
}

/** The customer's orders, newest first (lib/my-orders.ts), read again every minute while one is still open. */
export function useMyOrders(userId: string) {
  return useQuery({
    ...myOrdersQueryOptions(userId),
    refetchInterval: (query) => (query.state.data?.some((order) => !isFinalStatus(order.status)) ? PENDING_REFETCH_MS : false),
  });
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
