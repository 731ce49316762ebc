import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZNeedsActionResponse } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminOrderKeys } from './query-keys';

export function getNeedsAction(signal?: AbortSignal) {
  return apiRequest('/api/admin/orders/needs-action', {
    schema: ZNeedsActionResponse,
    operation: 'Loading the orders that need action',
    signal,
  });
}

export const needsActionQueryOptions = () =>
  queryOptions({
    queryKey: adminOrderKeys.needsAction,
    queryFn: ({ signal }) => getNeedsAction(signal),
    // The order socket (features/admin/orders/lib/use-admin-order-events.ts) re-reads it on every change; a failure is
    // simply no badge, not worth asking again and again.
    retry: false,
  });

/**
 * Orders paid (or sent) and waiting for staff: the count on the Orders menu item, in the tab
 * title and on the "Needs action" view switch. `isEnabled`: the role may open the orders area.
 */
export function useNeedsAction(isEnabled = true) {
  return useQuery({ ...needsActionQueryOptions(), enabled: isEnabled });
}
