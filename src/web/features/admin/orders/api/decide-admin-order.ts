import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminOrderResponse } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminDashboardKeys } from '#web/lib/query-keys.js';
import type { TOrderDecision } from '#web/lib/order-labels.js';
import { adminOrderKeys } from './query-keys';

export function decideAdminOrder({ id, decision }: { id: number; decision: TOrderDecision }) {
  return apiRequest(`/api/admin/orders/${id}/${decision}`, {
    method: 'POST',
    schema: ZAdminOrderResponse,
    operation: decision === 'approve' ? 'Approving the order' : 'Cancelling the order',
  }).then(({ order }) => order);
}

/**
 * Approve (pending -> completed) or Cancel (pending -> cancelled). The server decides once
 * (decisions/013 D11): when another staff member was first it answers 409 'This order has
 * already been processed.'. Either way the detail, every list and the dashboard are re-read.
 */
export function useDecideAdminOrder() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all });
  };
  return useMutation({
    mutationFn: decideAdminOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKeys.detail(order.id), order);
      refresh();
    },
    onError: refresh,
  });
}
