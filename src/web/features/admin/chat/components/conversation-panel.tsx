import { useState } from 'react';
import { CHAT_MSG, type TConversationSummary } from '#shared/contracts/chat.js';
import { Button } from '#web/components/ui/button.js';
import { MessageComposer } from '#web/components/chat/message-composer.js';
import { MessageList } from '#web/components/chat/message-list.js';
import { ThreadStatus } from '#web/components/chat/thread-status.js';
import { useMessageDraft } from '#web/lib/chat/use-message-draft.js';
import type { TThread } from '#web/features/admin/chat/lib/use-staff-chat.js';
import { ConversationAssignment } from './conversation-assignment';
import { CustomerContext } from './customer-context';
import { QuickReplyDialog } from './quick-reply-dialog';

type ConversationPanelProps = {
  thread: TThread;
  summary: TConversationSummary | undefined;
  isUserTyping: boolean;
  onSend: (text: string) => Promise<void>;
  onTyping: () => void;
  onBack: () => void;
  onRetry: () => void;
};

/** Right column of /admin/chat: the open conversation, its messages, and the reply box. */
export function ConversationPanel({ thread, summary, isUserTyping, onSend, onTyping, onBack, onRetry }: ConversationPanelProps) {
  const [isPickingReply, setIsPickingReply] = useState(false);
  const { composer, inputRef, replaceDraft } = useMessageDraft({ sendText: onSend, onTyping });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <Button variant="ghost" size="sm" onClick={onBack} className="md:hidden" aria-label="Back to conversations">
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" />
          </svg>
        </Button>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{summary?.userName ?? '…'}</h2>
          <p className="truncate text-sm text-slate-600">{summary?.userEmail}</p>
        </div>
      </header>
      {summary && <ConversationAssignment summary={summary} />}
      <CustomerContext conversationId={thread.id} />
      {summary?.isVisitor && (
        // docs/decisions/022: no account behind it; what staff write here goes out by email.
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {CHAT_MSG.visitorReplies(summary.userEmail)}
        </p>
      )}

      {thread.status === 'ready' ? (
        <MessageList
          messages={thread.messages}
          ownSide="admin"
          senderLabels={{ user: summary?.userName ?? 'Customer', admin: 'Support' }}
          label={`Messages with ${summary?.userName ?? 'the customer'}`}
          empty={<p className="py-6 text-center text-sm text-slate-500">{CHAT_MSG.noMessages}</p>}
          typingText={CHAT_MSG.userTyping}
          isTyping={isUserTyping}
          className="bg-slate-50"
          contactFormLabel={CHAT_MSG.viaContactForm}
        />
      ) : (
        <ThreadStatus
          isError={thread.status === 'error'}
          errorText="Could not load the conversation."
          onRetry={onRetry}
          className="bg-slate-50"
        />
      )}

      <MessageComposer
        {...composer}
        before={
          <Button
            variant="outline"
            size="sm"
            className="min-h-10 shrink-0"
            aria-label="Quick reply"
            onClick={() => setIsPickingReply(true)}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
              <path d="M11.983 1.907a.75.75 0 0 0-1.292-.657l-8.5 9.5A.75.75 0 0 0 2.75 12h6.572l-1.305 6.093a.75.75 0 0 0 1.292.657l8.5-9.5A.75.75 0 0 0 17.25 8h-6.572l1.305-6.093Z" />
            </svg>
            <span className="hidden lg:inline">Quick reply</span>
          </Button>
        }
      />

      {isPickingReply && (
        <QuickReplyDialog
          onClose={() => setIsPickingReply(false)}
          onChoose={(reply) => {
            replaceDraft(reply.message);
            setIsPickingReply(false);
            // After the dialog hands focus back to its opener.
            setTimeout(() => inputRef.current?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}
