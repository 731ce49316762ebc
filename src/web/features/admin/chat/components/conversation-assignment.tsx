import { useId, useState } from 'react';
import { CHAT_MSG, type TConversationSummary } from '#shared/contracts/chat.js';
import { canAccess } from '#shared/permissions.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSession } from '#web/lib/session.js';
import { useAssignConversation, useChatAgents } from '#web/features/admin/chat/api/chat-admin.js';

/**
 * Who answers the open conversation (issue 27 point 7, docs/decisions/034): "Assigned: Ama" or
 * "Unassigned"; Assign to me, Assign to (another agent), Unassign, offered only where the server
 * allows it (a conversation nobody has or one's own; anyone's for the super admin). A refusal
 * (another agent was quicker) is said, and the list shows who has it.
 */
export function ConversationAssignment({ summary }: { summary: TConversationSummary }) {
  const { user } = useSession();
  const toast = useToast();
  const assign = useAssignConversation();
  const agents = useChatAgents();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const me = user?.id;
  const current = summary.assigneeId;
  const mayChange = current === null || current === me || canAccess(user?.role, 'chatAssignment');

  const change = (assigneeId: string | null) =>
    assign.mutate(
      { id: summary.id, assigneeId, currentAssigneeId: current },
      {
        onSuccess: () => setChoice(''),
        onError: (error) => toast.error(error.message),
      },
    );

  const others = (agents.data ?? []).filter((agent) => agent.id !== current);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 text-sm">
      <p className="font-medium text-slate-800" data-testid="conversation-assignee">
        {current === null ? CHAT_MSG.unassigned : CHAT_MSG.assignedTo(summary.assigneeName ?? '')}
      </p>
      {mayChange && (
        <>
          {me !== undefined && current !== me && (
            <Button size="sm" variant="outline" disabled={assign.isPending} onClick={() => change(me)}>
              {CHAT_MSG.assignToMe}
            </Button>
          )}
          {current !== null && (
            <Button size="sm" variant="ghost" disabled={assign.isPending} onClick={() => change(null)}>
              {CHAT_MSG.unassign}
            </Button>
          )}
          {others.length > 0 && (
            <form
              className="flex items-center gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                if (choice) change(choice);
              }}
            >
              <label htmlFor={selectId} className="sr-only">
                {CHAT_MSG.assignTo}
              </label>
              <select
                id={selectId}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                className="h-8 max-w-40 rounded-md border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">{CHAT_MSG.assignTo}…</option>
                {others.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name}
                  </option>
                ))}
              </select>
              <Button size="sm" variant="outline" type="submit" disabled={!choice || assign.isPending}>
                {CHAT_MSG.assign}
              </Button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
