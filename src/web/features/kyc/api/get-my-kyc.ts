import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyKyc } from '#shared/contracts/kyc.js';
import { apiRequest } from '#web/lib/api.js';

export const MY_KYC_QUERY_KEY = ['kyc', 'mine'] as const;

export function getMyKyc(signal?: AbortSignal) {
  return apiRequest('/api/kyc', { schema: ZMyKyc, operation: 'KYC status', signal });
}

export const myKycQueryOptions = () =>
  queryOptions({
    queryKey: MY_KYC_QUERY_KEY,
    queryFn: ({ signal }) => getMyKyc(signal),
  });

/** The customer's latest submission (status, date, rejection reason), or null when none. */
export function useMyKyc() {
  return useQuery(myKycQueryOptions());
}
