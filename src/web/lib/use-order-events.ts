import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ZOrderSocketEvent, type TOrderSocketEvent } from '#shared/contracts/orders.js';
import { ChatSocket } from '#web/lib/chat/chat-socket.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';

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
        onEvent: (event) => onEventRef.current(event),
        onOpen: (isReconnect) => {
          if (isReconnect) onEventRef.current({ type: 'resync' });
        },
        onSessionDoubt: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        onAccountChanged: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      },
      ZOrderSocketEvent,
    );
    socket.start();
    return () => socket.close();
  }, [path, enabled, queryClient]);
}
