import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChatMessage, TConversationSummary, TServerSocketEvent } from '#shared/contracts/chat.js';
import {
  fetchConversationMessagesAfter,
  getConversation,
  listConversations,
  markConversationRead,
  sendStaffMessage,
} from '#web/lib/chat/chat-api.js';
import { lastMessageId, mergeMessages } from '#web/lib/chat/messages.js';
import { useChatSocket } from '#web/lib/chat/use-chat-socket.js';
import { useDocumentVisible } from '#web/lib/chat/use-document-visible.js';
import { useTypingIndicator, useTypingSignal } from '#web/lib/chat/use-typing.js';

/** In memory only (decisions/013 D10): conversations name customers and go at logout. */
export const staffChatKeys = {
  conversations: ['admin', 'chat', 'conversations'] as const,
  unread: ['admin', 'chat', 'unread'] as const,
  quickReplies: ['admin', 'chat', 'quick-replies'] as const,
};

/** Newest last message first; conversations without messages last. */
export function sortConversations(list: TConversationSummary[]): TConversationSummary[] {
  return [...list].sort((a, b) => {
    if (a.lastMessageAt !== b.lastMessageAt) {
      if (a.lastMessageAt === null) return 1;
      if (b.lastMessageAt === null) return -1;
      return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
    }
    return b.id - a.id;
  });
}

export type TThread = {
  id: number;
  status: 'loading' | 'ready' | 'error';
  messages: TChatMessage[];
};

/**
 * Everything /admin/chat knows and does: the conversation list (kept current by the realtime
 * events), the open conversation's messages, unread marks, typing, and catching up after a
 * reconnect.
 */
export function useStaffChat() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: staffChatKeys.conversations,
    queryFn: async ({ signal }) => sortConversations((await listConversations(signal)).conversations),
  });
  const [thread, setThread] = useState<TThread | null>(null);
  const typing = useTypingIndicator<number>();
  const isVisible = useDocumentVisible();

  const threadRef = useRef(thread);
  useEffect(() => {
    threadRef.current = thread;
  });

  const updateList = useCallback(
    (change: (list: TConversationSummary[]) => TConversationSummary[]) =>
      queryClient.setQueryData<TConversationSummary[]>(staffChatKeys.conversations, (current) =>
        current ? sortConversations(change(current)) : current,
      ),
    [queryClient],
  );
  const patchConversation = useCallback(
    (id: number, patch: Partial<TConversationSummary>) =>
      updateList((current) => current.map((c) => (c.id === id ? { ...c, ...patch } : c))),
    [updateList],
  );

  const addMessages = useCallback((conversationId: number, messages: TChatMessage[]) => {
    setThread((current) =>
      current && current.id === conversationId ? { ...current, messages: mergeMessages(current.messages, messages) } : current,
    );
  }, []);

  /** Missed events: re-read the list and what came after the open conversation's last message. */
  const catchUp = useCallback(async () => {
    void queryClient.invalidateQueries({ queryKey: staffChatKeys.conversations });
    const open = threadRef.current;
    if (!open || open.status !== 'ready') return;
    try {
      addMessages(open.id, await fetchConversationMessagesAfter(open.id, lastMessageId(open.messages)));
    } catch (error) {
      console.warn('chat: catching up failed', error);
    }
  }, [queryClient, addMessages]);

  const onEvent = (event: TServerSocketEvent) => {
    if (event.type === 'message') {
      const { message } = event;
      const known = queryClient
        .getQueryData<TConversationSummary[]>(staffChatKeys.conversations)
        ?.some((c) => c.id === message.conversationId);
      if (!known) {
        // A customer's first message: the list learns their name from the server.
        void queryClient.invalidateQueries({ queryKey: staffChatKeys.conversations });
      } else {
        patchConversation(message.conversationId, {
          lastMessageText: message.text,
          lastMessageSender: message.sender,
          lastMessageVia: message.via,
          lastMessageAt: message.createdAt,
          ...(message.sender === 'user' ? { hasUnreadUserMessage: true } : { hasUnreadAdminMessage: true }),
        });
      }
      if (message.sender === 'user') typing.clear(message.conversationId);
      addMessages(message.conversationId, [message]);
    } else if (event.type === 'typing' && event.sender === 'user') {
      typing.signal(event.conversationId);
    } else if (event.type === 'read') {
      patchConversation(
        event.conversationId,
        event.reader === 'admin' ? { hasUnreadUserMessage: false } : { hasUnreadAdminMessage: false },
      );
    } else if (event.type === 'assigned') {
      // Who has a conversation changed (docs/decisions/034): the list reads it again.
      void queryClient.invalidateQueries({ queryKey: staffChatKeys.conversations });
    } else if (event.type === 'resync') {
      void catchUp();
    }
  };

  const socket = useChatSocket('/api/admin/chat/socket', {
    onEvent,
    onOpen: (isReconnect) => {
      if (isReconnect) void catchUp();
    },
  });

  const open = useCallback(
    (id: number) => {
      setThread({ id, status: 'loading', messages: [] });
      getConversation(id)
        .then(({ conversation, messages }) => {
          setThread((current) =>
            current?.id === id ? { id, status: 'ready', messages: mergeMessages(current.messages, messages) } : current,
          );
          patchConversation(id, conversation);
        })
        .catch((error: unknown) => {
          console.warn('chat: loading the conversation failed', error);
          setThread((current) => (current?.id === id ? { ...current, status: 'error' } : current));
        });
    },
    [patchConversation],
  );
  const closeThread = useCallback(() => setThread(null), []);

  // Opening a conversation reads it, and so does a new message in it while it is open and in view.
  const openSummary = thread ? list.data?.find((c) => c.id === thread.id) : undefined;
  const openId = thread?.status === 'ready' ? thread.id : null;
  const needsRead = openId !== null && isVisible && openSummary?.hasUnreadUserMessage === true;
  const readSentFor = useRef<number | null>(null);
  useEffect(() => {
    if (openId === null) return;
    // Once when it opens, then whenever an unread message shows up in it.
    if (readSentFor.current === openId && !needsRead) return;
    readSentFor.current = openId;
    patchConversation(openId, { hasUnreadUserMessage: false });
    markConversationRead(openId).catch((error: unknown) => console.warn('chat: marking read failed', error));
  }, [openId, needsRead, patchConversation]);

  const send = useCallback(
    async (text: string) => {
      if (!thread) return;
      const { message } = await sendStaffMessage(thread.id, text);
      addMessages(thread.id, [message]);
      patchConversation(thread.id, {
        lastMessageText: message.text,
        lastMessageSender: 'admin',
        lastMessageVia: message.via,
        lastMessageAt: message.createdAt,
        hasUnreadAdminMessage: true,
      });
    },
    [thread, addMessages, patchConversation],
  );

  const sendTyping = useTypingSignal(() => {
    if (threadRef.current) socket.send({ type: 'typing', conversationId: threadRef.current.id });
  });

  const unreadCount = list.data?.filter((c) => c.hasUnreadUserMessage).length ?? 0;

  return {
    list,
    thread,
    openSummary,
    open,
    closeThread,
    send,
    sendTyping,
    typing: typing.typing,
    unreadCount,
    socketStatus: socket.status,
  };
}
