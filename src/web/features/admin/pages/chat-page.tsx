import { useSearchParams } from '#web/lib/router.js';
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
import {
  ASSIGNMENT_FILTERS,
  filterConversations,
  readAssignmentFilter,
  type TAssignmentFilter,
} from '#web/features/admin/chat/lib/assignment-filter.js';
import { useSession } from '#web/lib/session.js';

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
  const me = useSession().user?.id;
  const [params, setParams] = useSearchParams();
  const filter = readAssignmentFilter(params);
  const setFilter = (next: TAssignmentFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('assigned');
        else updated.set('assigned', next);
        return updated;
      },
      { replace: true },
    );
  const shown = list.data ? filterConversations(list.data, filter, me) : undefined;

  return (
    <section data-connection={chat.socketStatus}>
      <PageHeading
        title={PAGE_TITLE}
        description={<span role="status">{chat.socketStatus === 'reconnecting' ? RECONNECTING : null}</span>}
      />

      {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} className="mb-4" />}

      <div className="h-[75vh] min-h-[24rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={cn('h-full overflow-y-auto border-slate-200 md:block md:border-r', thread ? 'hidden' : 'block')}>
          <AssignmentFilter value={filter} onChange={setFilter} />
          {list.isPending ? (
            <p role="status" className="inline-flex items-center gap-2 p-4 text-sm text-slate-600">
              <Spinner /> Loading conversations…
            </p>
          ) : shown && shown.length > 0 ? (
            <ConversationList conversations={shown} selectedId={thread?.id ?? null} typingIds={chat.typing} onSelect={chat.open} />
          ) : (
            !list.isError && (
              <p className="p-4 text-sm text-slate-600">
                {list.data && list.data.length > 0 ? CHAT_MSG.noConversationsInFilter : 'No conversations yet.'}
              </p>
            )
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

/** Mine, Unassigned, All (docs/decisions/034): a radio group above the list, kept in the URL. */
function AssignmentFilter({ value, onChange }: { value: TAssignmentFilter; onChange: (value: TAssignmentFilter) => void }) {
  return (
    <fieldset className="sticky top-0 z-10 flex gap-1 border-b border-slate-200 bg-white px-3 py-2">
      <legend className="sr-only">{CHAT_MSG.assignFilterLabel}</legend>
      {ASSIGNMENT_FILTERS.map((option) => (
        <label
          key={option}
          className={cn(
            'relative rounded-md px-3 py-1 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
            value === option ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <input
            type="radio"
            name="assigned"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            // Over the whole label and unseen: the radio itself takes the click, the label shows its state.
            className="absolute inset-0 cursor-pointer appearance-none opacity-0"
          />
          {CHAT_MSG.assignFilters[option]}
        </label>
      ))}
    </fieldset>
  );
}
