import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TKycSubmissionDetail } from '#shared/contracts/kyc.js';
import { kycSubmissionKeys } from './query-keys';

/** After a decision (or a failed one): the answer goes into the detail, and every list is re-read. */
export function useRefreshAfterDecision(queryClient: QueryClient) {
  return useCallback(
    (id: number, submission?: TKycSubmissionDetail) => {
      if (submission) queryClient.setQueryData(kycSubmissionKeys.detail(id), submission);
      void queryClient.invalidateQueries({ queryKey: kycSubmissionKeys.all });
    },
    [queryClient],
  );
}
