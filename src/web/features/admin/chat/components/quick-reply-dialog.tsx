import { useQuery } from '@tanstack/react-query';
import type { TQuickReply } from '#shared/contracts/chat.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { listQuickReplies } from '#web/lib/chat/chat-api.js';
import { staffChatKeys } from '#web/features/admin/chat/lib/use-staff-chat.js';

/** 'Select a Quick Reply': the canned responses; choosing one puts its message into the input. */
export function QuickReplyDialog({ onChoose, onClose }: { onChoose: (reply: TQuickReply) => void; onClose: () => void }) {
  const query = useQuery({
    queryKey: staffChatKeys.quickReplies,
    queryFn: async ({ signal }) => (await listQuickReplies(signal)).cannedResponses,
  });

  return (
    <Dialog isOpen onClose={onClose} title="Select a Quick Reply" size="md">
      {query.isPending ? (
        <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading quick replies…
        </p>
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-600">No canned responses yet.</p>
      ) : (
        <ul aria-label="Quick replies" className="max-h-96 space-y-2 overflow-y-auto pr-1">
          {query.data.map((reply) => (
            <li key={reply.id}>
              <button
                type="button"
                onClick={() => onChoose(reply)}
                className="block w-full rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-50"
              >
                <span className="block text-sm font-semibold text-slate-900">{reply.title}</span>
                <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">{reply.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
