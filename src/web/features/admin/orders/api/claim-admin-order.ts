import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminOrderResponse } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';
import { adminOrderKeys } from './query-keys';

/** Claim (or renew one's own claim), release it, or take another's over (docs/decisions/029). */
export type TClaimAction = 'claim' | 'release' | 'takeover';

const REQUESTS: Record<TClaimAction, { method: 'POST' | 'DELETE'; suffix: string; operation: string }> = {
  claim: { method: 'POST', suffix: 'claim', operation: 'Claiming the order' },
  release: { method: 'DELETE', suffix: 'claim', operation: 'Releasing the claim' },
  takeover: { method: 'POST', suffix: 'claim/takeover', operation: 'Taking over the claim' },
};

export function changeOrderClaim({ id, action }: { id: number; action: TClaimAction }) {
  const request = REQUESTS[action];
  return apiRequest(`/api/admin/orders/${id}/${request.suffix}`, {
    method: request.method,
    schema: ZAdminOrderResponse,
    operation: request.operation,
  }).then(({ order }) => order);
}

/**
 * Claim, then pay (issue 27 point 1): the answer is the order as it now is; the details and lists
 * are read again either way (a refused claim names who holds it, and the screen should show them).
 */
export function useChangeOrderClaim() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
  return useMutation({ mutationFn: changeOrderClaim, onSuccess: refresh, onError: refresh });
}
