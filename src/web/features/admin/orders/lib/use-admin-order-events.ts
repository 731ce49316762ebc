import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TOrderSocketEvent } from '#shared/contracts/orders.js';
import { adminDashboardKeys, chatCustomerKeys } from '#web/lib/query-keys.js';
import { useOrderEvents } from '#web/lib/use-order-events.js';
import { adminOrderKeys } from '#web/features/admin/orders/api/query-keys.js';
import { runInBackground } from '#web/lib/background-requests.js';

/** Events closer together than this are read once (a burst of new orders is one refresh, not one per order). */
const COALESCE_MS = 250;

/**
 * Staff with the orders area see every order change without a reload (docs/decisions/014,
 * "Live"): each event pushed on /api/admin/orders/socket re-reads the order lists, the open
 * order's details, the "Needs action" count and the dashboard; a resync (after a reconnect)
 * re-reads every order's details too. Mounted once, in the admin layout, so it runs on every
 * back-office page.
 */
export function useAdminOrderEvents(isEnabled: boolean): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ ids: Set<number>; all: boolean; timer: ReturnType<typeof setTimeout> | undefined }>({
    ids: new Set(),
    all: false,
    timer: undefined,
  });

  useEffect(() => {
    const state = pending.current;
    return () => clearTimeout(state.timer);
  }, []);

  useOrderEvents(
    '/api/admin/orders/socket',
    (event: TOrderSocketEvent) => {
      const state = pending.current;
      if (event.type === 'order') state.ids.add(event.orderId);
      else state.all = true;
      if (state.timer !== undefined) return;
      // The order queue's refreshes are background requests (docs/decisions/020).
      state.timer = setTimeout(() => {
        const { ids, all } = state;
        state.ids = new Set();
        state.all = false;
        state.timer = undefined;
        runInBackground(() => {
          void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists });
          void queryClient.invalidateQueries({ queryKey: adminOrderKeys.needsAction });
          void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all });
          // The last orders beside an open Live Chat conversation (docs/decisions/034).
          void queryClient.invalidateQueries({ queryKey: chatCustomerKeys.all });
          if (all) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.details });
          else for (const id of ids) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(id) });
        });
      }, COALESCE_MS);
    },
    isEnabled,
  );
}
