import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZKycDecisionResponse } from '#shared/contracts/kyc.js';
import { apiRequest } from '#web/lib/api.js';
import { useRefreshAfterDecision } from './use-refresh-after-decision';

export function approveKycSubmission(id: number) {
  return apiRequest(`/api/admin/kyc-submissions/${id}/approve`, {
    method: 'POST',
    schema: ZKycDecisionResponse,
    operation: 'Approving the submission',
  });
}

/**
 * Approves a pending submission (level 1: the customer becomes verified at Tier 1; level 2: Tier 2). The server decides once
 * (decisions/013 D11): when someone else was quicker it answers 409 'This submission has
 * already been reviewed.', and the list and detail are re-read either way.
 */
export function useApproveKycSubmission() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterDecision(queryClient);
  return useMutation({
    mutationFn: approveKycSubmission,
    onSuccess: ({ submission }) => refresh(submission.id, submission),
    onError: (_error, id) => refresh(id),
  });
}
