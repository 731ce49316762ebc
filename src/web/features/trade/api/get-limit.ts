import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLimitResponse } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';

export const LIMIT_QUERY_KEY = ['orders-limit'] as const;

export function getTradingLimit(signal?: AbortSignal) {
  return apiRequest('/api/orders/limit', { schema: ZLimitResponse, operation: 'Loading your limit', signal });
}

export const tradingLimitQueryOptions = () =>
  queryOptions({
    queryKey: LIMIT_QUERY_KEY,
    queryFn: ({ signal }) => getTradingLimit(signal),
    staleTime: 0,
  });

/** The $20 limit of customers not yet verified: used and remaining USD (isLimited false: none). */
export function useTradingLimit() {
  return useQuery(tradingLimitQueryOptions());
}
