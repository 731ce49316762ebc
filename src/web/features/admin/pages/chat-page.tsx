import { CHAT_MSG } from '#shared/contracts/chat.js';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { cn } from '#web/lib/cn.js';
import { usePageTitle } from '#web/lib/page-title.js';
import { ConversationList } from '#web/features/admin/chat/components/conversation-list.js';
import { ConversationPanel } from '#web/features/admin/chat/components/conversation-panel.js';
import { useStaffChat } from '#web/features/admin/chat/lib/use-staff-chat.js';
import { useSyncUnreadConversations } from '#web/features/admin/chat/lib/use-unread-conversations.js';

const PAGE_TITLE = 'Live Chat Support';
const RECONNECTING = 'Reconnecting… new messages will appear when the connection is back.';

/** The tab title carries the number of conversations with an unread customer message: '(2) Live Chat Support · CediCrypto'. */
function useUnreadTitle(count: number) {
  usePageTitle(count > 0 ? `(${count}) ${PAGE_TITLE}` : PAGE_TITLE);
}

/**
 * /admin/chat (super_admin, support): conversation list on the left, the open conversation on the right.
 *
 * The realtime connection's state: a lost connection is said under the heading in a polite live
 * region that is always there (empty otherwise), so screen readers hear it once when it drops and
 * nothing while all is well; `data-connection` (connecting, open, reconnecting, ended) carries it
 * for scripts and tests without being announced.
 */
export function ChatPage() {
  const chat = useStaffChat();
  useUnreadTitle(chat.unreadCount);
  useSyncUnreadConversations(chat.unreadCount, chat.list.isSuccess);
  const { list, thread } = chat;

  return (
    <section data-connection={chat.socketStatus}>
      <PageHeading
        title={PAGE_TITLE}
        description={<span role="status">{chat.socketStatus === 'reconnecting' ? RECONNECTING : null}</span>}
      />

      {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} className="mb-4" />}

      <div className="h-[75vh] min-h-[24rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={cn('h-full overflow-y-auto border-slate-200 md:block md:border-r', thread ? 'hidden' : 'block')}>
          {list.isPending ? (
            <p role="status" className="inline-flex items-center gap-2 p-4 text-sm text-slate-600">
              <Spinner /> Loading conversations…
            </p>
          ) : list.data && list.data.length > 0 ? (
            <ConversationList conversations={list.data} selectedId={thread?.id ?? null} typingIds={chat.typing} onSelect={chat.open} />
          ) : (
            !list.isError && <p className="p-4 text-sm text-slate-600">No conversations yet.</p>
          )}
        </div>

        <div className={cn('h-full min-h-0', thread ? 'block' : 'hidden md:block')}>
          {thread ? (
            <ConversationPanel
              key={thread.id}
              thread={thread}
              summary={chat.openSummary}
              isUserTyping={chat.typing.has(thread.id)}
              onSend={chat.send}
              onTyping={chat.sendTyping}
              onBack={chat.closeThread}
              onRetry={() => chat.open(thread.id)}
            />
          ) : (
            <div className="flex h-full items-center justify-center p-6 text-center text-slate-500">
              <p>{CHAT_MSG.selectConversation}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
