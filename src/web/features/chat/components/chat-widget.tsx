import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { CHAT_MSG, type TChatMessage, type TServerSocketEvent } from '#shared/contracts/chat.js';
import { FLOATING_BAND_REM } from '#web/features/chat/floating-band.js';
import { cn } from '#web/lib/cn.js';
import {
  fetchMyMessagesAfter,
  getMyConversationStatus,
  markMyConversationRead,
  openMyConversation,
  sendMyMessage,
} from '#web/lib/chat/chat-api.js';
import { lastMessageId, mergeMessages } from '#web/lib/chat/messages.js';
import { useChatSocket } from '#web/lib/chat/use-chat-socket.js';
import { useMessageDraft } from '#web/lib/chat/use-message-draft.js';
import { useDocumentVisible } from '#web/lib/chat/use-document-visible.js';
import { useTypingIndicator, useTypingSignal } from '#web/lib/chat/use-typing.js';
import { MessageComposer } from '#web/components/chat/message-composer.js';
import { MessageList } from '#web/components/chat/message-list.js';
import { ThreadStatus } from '#web/components/chat/thread-status.js';
import { CloseIcon } from '#web/components/ui/close-icon.js';

type TLoadState = 'idle' | 'loading' | 'ready' | 'error';
const SUPPORT = 'support';

/**
 * While the widget is on screen, nothing is hidden under its button (issue 16 point 4): a field
 * or button brought into view by the keyboard or a scroll stops above the band the button takes
 * (scroll-padding-bottom), and the loader's spacer after the page lets the end of the page scroll
 * clear of it too. (Toasts are at the top of the screen: components/ui/toast.tsx.)
 */
function useFloatingSpace(widgetRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${FLOATING_BAND_REM}rem`;
    // The browser does not scroll to a field focused while already on screen, even when it is
    // under the button (a tall textarea at 360 px, issue 26 point 16): it is moved clear, as
    // scroll-padding-bottom says.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const widget = widgetRef.current;
      const toggle = buttonRef.current;
      if (!(target instanceof Element) || !widget || !toggle || widget.contains(target)) return;
      const field = target.getBoundingClientRect();
      const button = toggle.getBoundingClientRect();
      const isUnder = field.left < button.right && button.left < field.right && field.top < button.bottom && button.top < field.bottom;
      if (isUnder) target.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [widgetRef, buttonRef]);
}

/**
 * The floating live-support widget of a signed-in customer (docs/product.md §2): a button at the
 * bottom right with a red dot for an unread support message, and a 'Live Support' panel of
 * 20rem x 450px. The conversation is created the first time the panel opens.
 */
export function ChatWidget() {
  const panelId = useId();
  const titleId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [loadState, setLoadState] = useState<TLoadState>('idle');
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [hasUnread, setHasUnread] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { typing, signal: showTyping, clear: hideTyping } = useTypingIndicator<typeof SUPPORT>();

  // Current values for the socket callbacks, which outlive renders.
  const state = useRef({ isOpen, loadState, messages });
  useEffect(() => {
    state.current = { isOpen, loadState, messages };
  });

  const markRead = useCallback(() => {
    setHasUnread(false);
    markMyConversationRead().catch((error: unknown) => console.warn('chat: marking read failed', error));
  }, []);

  /** The red dot: is there an unread support message? (No conversation is created for it.) */
  const refreshStatus = useCallback(async () => {
    try {
      const { conversation } = await getMyConversationStatus();
      if (!conversation) return;
      setConversationId(conversation.id);
      if (conversation.hasUnreadAdminMessage) setHasUnread(true);
    } catch (error) {
      console.warn('chat: status check failed', error);
    }
  }, []);

  /** After a reconnect: whatever arrived while the connection was down. */
  const catchUp = useCallback(async () => {
    if (state.current.loadState === 'ready') {
      try {
        const missed = await fetchMyMessagesAfter(lastMessageId(state.current.messages));
        setMessages((current) => mergeMessages(current, missed));
      } catch (error) {
        console.warn('chat: catching up failed', error);
      }
    }
    await refreshStatus();
  }, [refreshStatus]);

  const onEvent = (event: TServerSocketEvent) => {
    if (event.type === 'message') {
      setConversationId(event.message.conversationId);
      setMessages((current) => mergeMessages(current, [event.message]));
      if (event.message.sender === 'admin') {
        hideTyping(SUPPORT);
        setHasUnread(true); // read at once below when the panel is open and in view
      }
    } else if (event.type === 'typing' && event.sender === 'admin') {
      showTyping(SUPPORT);
    } else if (event.type === 'read' && event.reader === 'user') {
      setHasUnread(false); // read in another tab
    } else if (event.type === 'resync') {
      void catchUp();
    }
  };

  const socket = useChatSocket('/api/chat/socket', {
    onEvent,
    // Whatever came before the socket was up (or while it was down) is fetched over HTTP.
    onOpen: (isReconnect) => void (isReconnect ? catchUp() : refreshStatus()),
  });

  // The red dot from the start, whether or not the socket gets through.
  useEffect(() => {
    void refreshStatus();
  }, [refreshStatus]);
  const sendTyping = useTypingSignal(() => socket.send({ type: 'typing' }));
  const { composer, inputRef } = useMessageDraft({
    sendText: async (text) => {
      const { message } = await sendMyMessage(text);
      setConversationId(message.conversationId);
      setMessages((current) => mergeMessages(current, [message]));
    },
    // Typing is announced in a conversation that exists.
    onTyping: () => {
      if (conversationId !== null) sendTyping();
    },
  });

  /** First use: get or create the conversation and load its latest messages. */
  const isLoading = useRef(false);
  const load = useCallback(() => {
    if (isLoading.current || state.current.loadState === 'ready') return;
    isLoading.current = true;
    setLoadState('loading');
    openMyConversation()
      .then(({ conversation, messages: latest }) => {
        setConversationId(conversation.id);
        setMessages((current) => mergeMessages(current, latest));
        setLoadState('ready');
        if (conversation.hasUnreadAdminMessage) setHasUnread(true);
      })
      .catch((error: unknown) => {
        console.warn('chat: loading failed', error);
        setLoadState('error');
      })
      .finally(() => {
        isLoading.current = false;
      });
  }, []);

  // An unread support message counts as read once the open panel shows it in a visible tab.
  const isVisible = useDocumentVisible();
  useEffect(() => {
    if (isOpen && hasUnread && loadState === 'ready' && isVisible) markRead();
  }, [isOpen, hasUnread, loadState, isVisible, markRead]);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen, inputRef]);

  const close = useCallback(() => {
    setIsOpen(false);
    toggleRef.current?.focus();
  }, []);

  // Escape anywhere in the open panel closes it and gives the focus back to the chat button.
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (!isOpen || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  const widgetRef = useRef<HTMLDivElement>(null);
  useFloatingSpace(widgetRef, toggleRef);

  return (
    <div ref={widgetRef} className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
      {isOpen && (
        <section
          ref={panelRef}
          id={panelId}
          aria-labelledby={titleId}
          className="flex h-[450px] max-h-[calc(100dvh-6rem)] w-[20rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-2xl"
        >
          <header className="flex items-center justify-between gap-2 bg-brand-700 px-4 py-3 text-white">
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold text-white">
                Live Support
              </h2>
              {socket.status === 'reconnecting' && <p className="text-xs text-brand-100">Reconnecting…</p>}
            </div>
            <button
              type="button"
              aria-label="Close live support chat"
              onClick={close}
              className="-m-1 rounded-md p-1 text-white hover:bg-brand-800"
            >
              <CloseIcon className="size-5" />
            </button>
          </header>

          {loadState === 'ready' ? (
            <MessageList
              messages={messages}
              ownSide="user"
              senderLabels={{ user: 'You', admin: 'Support' }}
              label="Messages"
              empty={
                <p className="px-2 py-6 text-center text-sm text-slate-500">Send us a message and our support team will reply here.</p>
              }
              typingText={CHAT_MSG.supportTyping}
              isTyping={typing.has(SUPPORT)}
            />
          ) : (
            <ThreadStatus isError={loadState === 'error'} errorText="Could not load the chat." onRetry={load} />
          )}

          <MessageComposer {...composer} />
        </section>
      )}

      <button
        ref={toggleRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-label={hasUnread ? 'Live support chat, new message from support' : 'Live support chat'}
        onClick={() => {
          if (isOpen) return close();
          setIsOpen(true);
          load();
        }}
        className="relative flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {isOpen ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path
              d="M8 10h8M8 14h5m-8 6 2.5-3H18a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H6a3 3 0 0 0-3 3v7a3 3 0 0 0 2 2.83V20Z"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </svg>
        <span
          aria-hidden="true"
          data-testid="chat-unread-dot"
          className={cn('absolute top-0.5 right-0.5 size-3.5 rounded-full bg-red-600 ring-2 ring-white', !hasUnread && 'hidden')}
        />
      </button>
    </div>
  );
}
