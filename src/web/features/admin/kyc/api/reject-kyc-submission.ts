import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZKycDecisionResponse } from '#shared/contracts/kyc.js';
import { apiRequest } from '#web/lib/api.js';
import { useRefreshAfterDecision } from './use-refresh-after-decision';

export function rejectKycSubmission({ id, reason }: { id: number; reason: string }) {
  return apiRequest(`/api/admin/kyc-submissions/${id}/reject`, {
    method: 'POST',
    body: { reason: reason.trim() },
    schema: ZKycDecisionResponse,
    operation: 'Rejecting the submission',
  });
}

/** Rejects a pending submission with the reason the customer sees (required by the server); 409 as for approve. */
export function useRejectKycSubmission() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterDecision(queryClient);
  return useMutation({
    mutationFn: rejectKycSubmission,
    onSuccess: ({ submission }) => refresh(submission.id, submission),
    onError: (_error, { id }) => refresh(id),
  });
}
