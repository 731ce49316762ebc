import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ZServerSocketEvent, type TClientSocketEvent } from '#shared/contracts/chat.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { ChatSocket, type TChatSocketHandlers, type TSocketStatus } from '#web/lib/chat/chat-socket.js';
import { runInBackground } from '../background-requests';

/**
 * The realtime connection of a chat screen, open while the component is mounted. Handlers may
 * change between renders; the connection does not.
 */
export function useChatSocket(path: string, handlers: Pick<TChatSocketHandlers, 'onEvent' | 'onOpen'>) {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  const socketRef = useRef<ChatSocket | null>(null);
  const [status, setStatus] = useState<TSocketStatus>('connecting');

  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    const socket = new ChatSocket(
      path,
      {
        // What a push message or a reconnect makes the page read again is background (docs/decisions/020).
        onEvent: (event) => runInBackground(() => handlersRef.current.onEvent(event)),
        onOpen: (isReconnect) => runInBackground(() => handlersRef.current.onOpen(isReconnect)),
        onStatus: setStatus,
        // If the session is gone, the session query turns null and the guards take the person away;
        // if the role changed, they show the new menu, or Access Denied for this screen.
        onSessionDoubt: () => runInBackground(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
        onAccountChanged: () => runInBackground(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
      },
      ZServerSocketEvent,
    );
    socketRef.current = socket;
    socket.start();
    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [path, queryClient]);

  const send = (event: TClientSocketEvent) => socketRef.current?.send(event) ?? false;
  return { status, send };
}
