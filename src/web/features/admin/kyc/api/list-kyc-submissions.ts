import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZKycSubmissionList } from '#shared/contracts/kyc.js';
import { apiRequest } from '#web/lib/api.js';
import { kycSubmissionKeys } from './query-keys';

export const KYC_STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type TKycStatusFilter = (typeof KYC_STATUS_FILTERS)[number];
export type TKycListFilter = { status: TKycStatusFilter; page: number };

export function listKycSubmissions(filter: TKycListFilter, signal?: AbortSignal) {
  return apiRequest('/api/admin/kyc-submissions', {
    query: { status: filter.status, page: String(filter.page) },
    schema: ZKycSubmissionList,
    operation: 'Loading KYC submissions',
    signal,
  });
}

export const kycSubmissionsQueryOptions = (filter: TKycListFilter) =>
  queryOptions({
    queryKey: kycSubmissionKeys.list(filter),
    queryFn: ({ signal }) => listKycSubmissions(filter, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of submissions (20 a page, newest first) for a status filter. */
export function useKycSubmissions(filter: TKycListFilter) {
  return useQuery(kycSubmissionsQueryOptions(filter));
}
