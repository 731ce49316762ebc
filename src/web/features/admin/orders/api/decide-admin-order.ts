import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminOrderResponse,
  type TApproveOrderRequest,
  type TCancelOrderRequest,
  type TConfirmPaymentRequest,
  type TRefundOrderRequest,
} from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminDashboardKeys } from '#web/lib/query-keys.js';
import { adminOrderKeys } from './query-keys';

/**
 * Approve with the payout reference, or Cancel with the reason the customer is told (docs/decisions/014);
 * Confirm payment with what arrived and its evidence, Refund with its reference and reason (issue 28, docs/decisions/038).
 */
export type TDecisionRequest =
  | { id: number; decision: 'approve'; body: TApproveOrderRequest }
  | { id: number; decision: 'cancel'; body: TCancelOrderRequest }
  | { id: number; decision: 'confirm'; body: TConfirmPaymentRequest }
  | { id: number; decision: 'refund'; body: TRefundOrderRequest };

const ROUTES = { approve: 'approve', cancel: 'cancel', confirm: 'confirm-payment', refund: 'refund' } as const;
const OPERATIONS = {
  approve: 'Approving the order',
  cancel: 'Cancelling the order',
  confirm: 'Confirming the payment',
  refund: 'Refunding the order',
} as const;

export function decideAdminOrder({ id, decision, body }: TDecisionRequest) {
  return apiRequest(`/api/admin/orders/${id}/${ROUTES[decision]}`, {
    method: 'POST',
    body,
    schema: ZAdminOrderResponse,
    operation: OPERATIONS[decision],
  }).then(({ order }) => order);
}

/**
 * Approve (-> completed), Cancel (submitted -> cancelled), Confirm payment (submitted ->
 * confirmed) or Refund (-> refunded). The server decides once (decisions/013 D11): when another
 * staff member was first it answers 409 ORDER_ALREADY_DECIDED. Either way the details, every list,
 * the "Needs action" count and the dashboard are re-read.
 */
export function useDecideAdminOrder() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all });
  };
  return useMutation({ mutationFn: decideAdminOrder, onSuccess: refresh, onError: refresh });
}
