import { useEffect, useRef, type ReactNode } from 'react';
import type { TChatMessage, TChatSender } from '#shared/contracts/chat.js';
import { cn } from '#web/lib/cn.js';
import { formatMessageTime } from '#web/lib/chat/messages.js';

type MessageListProps = {
  messages: readonly TChatMessage[];
  /** Whose messages are "mine" (right-aligned). */
  ownSide: TChatSender;
  /** How each side is announced to screen readers, e.g. { user: 'You', admin: 'Support' }. */
  senderLabels: Record<TChatSender, string>;
  label: string;
  empty?: ReactNode;
  /** 'Support is typing...' / 'User is typing...' below the last message while `isTyping`. */
  typingText: string;
  isTyping: boolean;
  className?: string;
  /** Shown on a message that came with the contact form (docs/decisions/022), when given. */
  contactFormLabel?: string;
};

/** Closer to the bottom than this (px) counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

/**
 * Chat messages aligned by sender, with hours:minutes. The text is a React text node: whatever
 * a person typed (HTML included) shows as typed and is never interpreted.
 */
export function MessageList({
  messages,
  ownSide,
  senderLabels,
  label,
  empty,
  typingText,
  isTyping,
  className,
  contactFormLabel,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const last = messages.length > 0 ? messages[messages.length - 1] : undefined;

  // Follow new messages (and the typing line) unless the person scrolled up to read; one's own
  // message always brings the view down.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && (isNearBottom.current || last?.sender === ownSide)) element.scrollTop = element.scrollHeight;
  }, [last?.id, last?.sender, ownSide, isTyping]);

  return (
    <div
      ref={scrollRef}
      onScroll={(event) => {
        const element = event.currentTarget;
        isNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
      className={cn('min-h-0 flex-1 overflow-y-auto px-3 py-3', className)}
    >
      {messages.length === 0 && empty}
      {/* The log is the list's frame: an <ol> may not take the log role, and stays a list inside it. */}
      <div role="log" aria-label={label} aria-live="polite">
        <ol className="space-y-2">
          {messages.map((message) => {
            const isOwn = message.sender === ownSide;
            return (
              <li key={message.id} className={cn('flex', isOwn ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm',
                    isOwn ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200',
                  )}
                >
                  <span className="sr-only">{senderLabels[message.sender]}: </span>
                  <p className="break-words whitespace-pre-wrap">{message.text}</p>
                  <time
                    dateTime={message.createdAt}
                    className={cn('mt-1 block text-right text-xs', isOwn ? 'text-brand-100' : 'text-slate-500')}
                  >
                    {contactFormLabel && message.via === 'contact_form' && `${contactFormLabel} · `}
                    {formatMessageTime(message.createdAt)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      <TypingLine text={typingText} isVisible={isTyping} />
    </div>
  );
}

/** 'Support is typing...' / 'User is typing...': a polite live region. */
function TypingLine({ text, isVisible }: { text: string; isVisible: boolean }) {
  return (
    <p role="status" className="mt-2 min-h-5 text-xs text-slate-500 italic">
      {isVisible ? text : ''}
    </p>
  );
}
