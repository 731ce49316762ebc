import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { STAFF_LIVE_MSG, ZStaffLiveEvent, type TStaffLiveEvent, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';
import { staffChatKeys } from '#web/features/admin/chat/lib/use-staff-chat.js';
import { complianceKeys } from '#web/features/admin/compliance/api/compliance.js';
import { destinationChangeKeys } from '#web/features/admin/destination-changes/api/destination-changes.js';
import { paymentMethodKeys } from '#web/features/admin/payment-methods/api/payment-methods.js';
import { kycSubmissionKeys } from '#web/features/admin/kyc/api/query-keys.js';
import { notifyStaff } from '#web/features/admin/notifications/lib/notify-staff.js';
import { adminOrderKeys } from '#web/features/admin/orders/api/query-keys.js';
import { adminUserKeys } from '#web/features/admin/users/api/users.js';
import { runInBackground } from '#web/lib/background-requests.js';
import { ChatSocket } from '#web/lib/chat/chat-socket.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';

/**
 * Every back-office page live (issue 27 point 6, docs/decisions/032): one socket,
 * /api/admin/live/socket, on the realtime channel of chat and orders. The server sends each role
 * only what it may see; this re-reads what an event names (KYC lists, the compliance desk and its
 * menu count, an order whose hold changed, the chat unread badge) and plays the staff member's
 * optional notification for a paid order or a customer's chat message. A reconnect re-reads all.
 */
export function useStaffLive(notifications: TStaffNotificationSettings | undefined): void {
  const queryClient = useQueryClient();
  const settings = useRef(notifications);
  useEffect(() => {
    settings.current = notifications;
  });

  useEffect(() => {
    const onEvent = (event: TStaffLiveEvent) => {
      const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
      switch (event.type) {
        case 'kyc':
          refresh(kycSubmissionKeys.all);
          refresh(adminUserKeys.all);
          return;
        case 'compliance':
          refresh(complianceKeys.all);
          return;
        case 'order':
          refresh(adminOrderKeys.lists);
          refresh(adminOrderKeys.needsAction);
          refresh(adminOrderKeys.detail(event.orderId));
          return;
        case 'destination':
          // The Pending changes page, and the methods and coins it changes (docs/decisions/035).
          refresh(destinationChangeKeys.all);
          refresh(paymentMethodKeys.all);
          refresh(['admin', 'coins']);
          return;
        case 'paid':
          notifyStaff(settings.current, STAFF_LIVE_MSG.paidOrder(event.orderId), `order-${event.orderId}`);
          return;
        case 'chat':
          refresh(staffChatKeys.unread);
          if (event.fromCustomer) notifyStaff(settings.current, STAFF_LIVE_MSG.newChat, `chat-${event.conversationId}`);
          return;
        case 'resync':
          for (const queryKey of [
            kycSubmissionKeys.all,
            adminUserKeys.all,
            complianceKeys.all,
            adminOrderKeys.all,
            staffChatKeys.unread,
            destinationChangeKeys.all,
          ]) {
            refresh(queryKey);
          }
      }
    };
    const socket = new ChatSocket<TStaffLiveEvent>(
      '/api/admin/live/socket',
      {
        // What a push makes the page read again is background (docs/decisions/020).
        onEvent: (event) => runInBackground(() => onEvent(event)),
        onOpen: (isReconnect) => {
          if (isReconnect) runInBackground(() => onEvent({ type: 'resync' }));
        },
        onSessionDoubt: () => runInBackground(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
        onAccountChanged: () => runInBackground(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
      },
      ZStaffLiveEvent,
    );
    socket.start();
    return () => socket.close();
  }, [queryClient]);
}
