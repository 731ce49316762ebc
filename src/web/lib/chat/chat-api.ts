import { ZOk } from '#shared/contracts/common.js';
import {
  ZConversationDetail,
  ZConversationList,
  ZMessagesAfter,
  ZMyConversationOpen,
  ZMyConversationStatus,
  ZQuickReplyList,
  ZSendMessageResponse,
  ZUnreadConversations,
  type TChatMessage,
} from '#shared/contracts/chat.js';
import { apiRequest } from '#web/lib/api.js';

// --- customer: always their own conversation, never an id --------------------------------

export function getMyConversationStatus(signal?: AbortSignal) {
  return apiRequest('/api/chat/conversation', { schema: ZMyConversationStatus, operation: 'Loading chat', signal });
}

export function openMyConversation() {
  return apiRequest('/api/chat/conversation', { method: 'POST', schema: ZMyConversationOpen, operation: 'Loading chat' });
}

export function sendMyMessage(text: string) {
  return apiRequest('/api/chat/messages', { method: 'POST', body: { text }, schema: ZSendMessageResponse, operation: 'Sending' });
}

export function markMyConversationRead() {
  return apiRequest('/api/chat/read', { method: 'POST', schema: ZOk, operation: 'Marking read' });
}

/** Every message after `after`, following the server's pages. */
async function fetchAllAfter(path: string, after: number): Promise<TChatMessage[]> {
  const all: TChatMessage[] = [];
  let last = after;
  for (;;) {
    const page = await apiRequest(path, { query: { after: String(last) }, schema: ZMessagesAfter, operation: 'Loading messages' });
    all.push(...page.messages);
    const newest = page.messages.at(-1);
    if (!page.hasMore || !newest) return all;
    last = newest.id;
  }
}

export function fetchMyMessagesAfter(after: number) {
  return fetchAllAfter('/api/chat/messages', after);
}

// --- staff ------------------------------------------------------------------------------

export function listConversations(signal?: AbortSignal) {
  return apiRequest('/api/admin/chat/conversations', { schema: ZConversationList, operation: 'Loading conversations', signal });
}

export function getConversation(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/chat/conversations/${id}`, { schema: ZConversationDetail, operation: 'Loading the conversation', signal });
}

export function fetchConversationMessagesAfter(id: number, after: number) {
  return fetchAllAfter(`/api/admin/chat/conversations/${id}/messages`, after);
}

export function sendStaffMessage(id: number, text: string) {
  return apiRequest(`/api/admin/chat/conversations/${id}/messages`, {
    method: 'POST',
    body: { text },
    schema: ZSendMessageResponse,
    operation: 'Sending',
  });
}

export function markConversationRead(id: number) {
  return apiRequest(`/api/admin/chat/conversations/${id}/read`, { method: 'POST', schema: ZOk, operation: 'Marking read' });
}

export function listQuickReplies(signal?: AbortSignal) {
  return apiRequest('/api/admin/chat/quick-replies', { schema: ZQuickReplyList, operation: 'Loading quick replies', signal });
}

/** How many conversations wait for staff (the back-office menu badge). */
export function getUnreadConversations(signal?: AbortSignal) {
  return apiRequest('/api/admin/chat/unread', { schema: ZUnreadConversations, operation: 'Loading unread chats', signal });
}
