import type { TConversationSummary } from '#shared/contracts/chat.js';
import { CHAT_MSG } from '#shared/contracts/chat.js';
import { cn } from '#web/lib/cn.js';
import { formatMessageTime } from '#web/lib/chat/messages.js';

type ConversationListProps = {
  conversations: TConversationSummary[];
  selectedId: number | null;
  typingIds: ReadonlySet<number>;
  onSelect: (id: number) => void;
};

/** Left column of /admin/chat: newest last message first, each with the name and email, a pulsing dot for an unread user message. */
export function ConversationList({ conversations, selectedId, typingIds, onSelect }: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const isSelected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
              className={cn('block w-full px-4 py-3 text-left hover:bg-slate-50', isSelected && 'bg-brand-50 hover:bg-brand-50')}
            >
              <span className="flex items-center justify-between gap-2">
                <span className={cn('truncate text-sm text-slate-900', conversation.hasUnreadUserMessage ? 'font-bold' : 'font-semibold')}>
                  {conversation.userName}
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  {conversation.lastMessageAt && (
                    <span className="text-xs text-slate-500">{formatMessageTime(conversation.lastMessageAt)}</span>
                  )}
                  {conversation.hasUnreadUserMessage && (
                    <span className="relative flex size-2.5" data-testid="unread-dot">
                      <span aria-hidden="true" className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
                      <span aria-hidden="true" className="relative inline-flex size-2.5 rounded-full bg-red-600" />
                      <span className="sr-only">Unread message</span>
                    </span>
                  )}
                </span>
              </span>
              {(conversation.isVisitor || conversation.lastMessageVia === 'contact_form') && (
                // docs/decisions/022: what came with the contact form, and who has no account (answers go by email).
                <span className="mt-1 flex flex-wrap gap-1 text-xs font-medium">
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">{CHAT_MSG.contactForm}</span>
                  {conversation.isVisitor && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{CHAT_MSG.visitor}</span>}
                </span>
              )}
              {/* Who answers it (docs/decisions/034). */}
              <span className="mt-0.5 block truncate text-xs font-medium text-slate-700">
                {conversation.assigneeId === null ? CHAT_MSG.unassigned : CHAT_MSG.assignedTo(conversation.assigneeName ?? '')}
              </span>
              {/* The email tells two people of the same name apart (issue 26 point 16); a visitor's is the one they gave. */}
              {conversation.userEmail && <span className="mt-0.5 block truncate text-xs text-slate-600">{conversation.userEmail}</span>}
              <span className="mt-0.5 block truncate text-sm text-slate-600">
                {typingIds.has(conversation.id) ? <em>{CHAT_MSG.userTyping}</em> : (conversation.lastMessageText ?? CHAT_MSG.noMessages)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
