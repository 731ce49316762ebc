import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, LazySchema } from '#web/lib/api.js';
import { refetchOnMountUnlessJustRead } from '#web/lib/query-client.js';

export const LIMIT_QUERY_KEY = ['orders-limit'] as const;

// The contract loads with the page's code; this module stays light for the route loaders (lib/api.ts LazySchema).
const limitSchema = new LazySchema(() => import('#shared/contracts/orders.js').then((m) => m.ZLimitResponse));

export function getTradingLimit(signal?: AbortSignal) {
  return apiRequest('/api/orders/limit', { schema: limitSchema, operation: 'Loading your limit', signal });
}

export const tradingLimitQueryOptions = () =>
  queryOptions({
    queryKey: LIMIT_QUERY_KEY,
    queryFn: ({ signal }) => getTradingLimit(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustRead,
  });

/** The $20 limit of customers not yet verified: used and remaining USD (isLimited false: none). */
export function useTradingLimit() {
  return useQuery(tradingLimitQueryOptions());
}
