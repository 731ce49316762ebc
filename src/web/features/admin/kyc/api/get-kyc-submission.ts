import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZKycSubmissionDetail } from '#shared/contracts/kyc.js';
import { apiRequest } from '#web/lib/api.js';
import { kycSubmissionKeys } from './query-keys';

export function getKycSubmission(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/kyc-submissions/${id}`, {
    schema: ZKycSubmissionDetail,
    operation: 'Loading the submission',
    signal,
  });
}

export const kycSubmissionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: kycSubmissionKeys.detail(id),
    queryFn: ({ signal }) => getKycSubmission(id, signal),
  });

/** One submission with its ID details and which documents exist. */
export function useKycSubmission(id: number) {
  return useQuery(kycSubmissionQueryOptions(id));
}
