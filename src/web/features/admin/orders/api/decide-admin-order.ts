import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminOrderResponse, type TApproveOrderRequest, type TCancelOrderRequest } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminDashboardKeys } from '#web/lib/query-keys.js';
import { adminOrderKeys } from './query-keys';

/** Approve with the payout reference, or Cancel with the reason the customer is told (docs/decisions/014). */
export type TDecisionRequest =
  { id: number; decision: 'approve'; body: TApproveOrderRequest } | { id: number; decision: 'cancel'; body: TCancelOrderRequest };

export function decideAdminOrder({ id, decision, body }: TDecisionRequest) {
  return apiRequest(`/api/admin/orders/${id}/${decision}`, {
    method: 'POST',
    body,
    schema: ZAdminOrderResponse,
    operation: decision === 'approve' ? 'Approving the order' : 'Cancelling the order',
  }).then(({ order }) => order);
}

/**
 * Approve (submitted -> completed) or Cancel (submitted -> cancelled). The server decides once
 * (decisions/013 D11): when another staff member was first it answers 409 ORDER_ALREADY_DECIDED.
 * Either way the details, every list, the "Needs action" count and the dashboard are re-read.
 */
export function useDecideAdminOrder() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all });
  };
  return useMutation({ mutationFn: decideAdminOrder, onSuccess: refresh, onError: refresh });
}
