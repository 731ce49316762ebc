import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAssignConversationResponse,
  ZChatAgentList,
  ZChatCustomerContext,
  type TAssignConversationRequest,
  type TConversationSummary,
} from '#shared/contracts/chat.js';
import { apiRequest } from '#web/lib/api.js';
import { chatCustomerKeys } from '#web/lib/query-keys.js';
import { staffChatKeys } from '#web/features/admin/chat/lib/use-staff-chat.js';

/** In memory only (decisions/013 D10): who answers chats goes at logout. */
export const chatAdminKeys = {
  agents: ['admin', 'chat', 'agents'] as const,
};

/** The customer beside a conversation (docs/decisions/034): tier, KYC status and last orders. */
export function useChatCustomerContext(conversationId: number) {
  return useQuery({
    queryKey: chatCustomerKeys.of(conversationId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/chat/conversations/${conversationId}/customer`, {
        schema: ZChatCustomerContext,
        operation: 'Loading the customer',
        signal,
      }),
  });
}

/** The staff members a conversation can be given to. */
export function useChatAgents() {
  return useQuery({
    queryKey: chatAdminKeys.agents,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/chat/agents', { schema: ZChatAgentList, operation: 'Loading agents', signal }).then(({ agents }) => agents),
    staleTime: 60_000,
  });
}

/**
 * Assigns a conversation (docs/decisions/034). The answer replaces the conversation in the list;
 * a refusal (someone else took it first) reads the list again, so the screen shows who has it.
 */
export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TAssignConversationRequest & { id: number }) =>
      apiRequest(`/api/admin/chat/conversations/${id}/assignee`, {
        method: 'PUT',
        body,
        schema: ZAssignConversationResponse,
        operation: 'Assigning the conversation',
      }).then(({ conversation }) => conversation),
    onSuccess: (conversation) =>
      queryClient.setQueryData<TConversationSummary[]>(staffChatKeys.conversations, (current) =>
        current?.map((c) =>
          c.id === conversation.id ? { ...c, assigneeId: conversation.assigneeId, assigneeName: conversation.assigneeName } : c,
        ),
      ),
    onError: () => void queryClient.invalidateQueries({ queryKey: staffChatKeys.conversations }),
  });
}
