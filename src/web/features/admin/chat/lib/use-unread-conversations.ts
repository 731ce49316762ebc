import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from '#web/lib/router.js';
import type { TUnreadConversations } from '#shared/contracts/chat.js';
import { paths } from '#web/lib/paths.js';
import { getUnreadConversations } from '#web/lib/chat/chat-api.js';
import { staffChatKeys } from './use-staff-chat';

/**
 * Conversations with a customer message no staff member has read, for the "Live Chat" menu
 * badge on every back-office page: asked on each page change and whenever the back-office socket
 * says a message was written or read (app/layouts/use-staff-live.ts, docs/decisions/032). /admin/chat knows
 * the exact number from its live list and writes it here instead (useSyncUnreadConversations).
 */
export function useUnreadConversations(isEnabled: boolean): number {
  const { pathname } = useLocation();
  // On /admin/chat the page's live list is the count: no request of our own there.
  const isAsking = isEnabled && pathname !== paths.admin.chat.path;
  const query = useQuery({
    queryKey: staffChatKeys.unread,
    queryFn: ({ signal }) => getUnreadConversations(signal),
    enabled: isAsking,
    retry: false,
  });
  const { refetch } = query;
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (!isAsking || lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    void refetch();
  }, [isAsking, pathname, refetch]);
  return query.data?.count ?? 0;
}

/** /admin/chat: its live count (realtime events) is the badge's count too. */
export function useSyncUnreadConversations(count: number, isKnown: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isKnown) queryClient.setQueryData<TUnreadConversations>(staffChatKeys.unread, { count });
  }, [count, isKnown, queryClient]);
}
