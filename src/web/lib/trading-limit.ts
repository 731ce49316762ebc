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

/**
 * The customer's limit (docs/decisions/016): the tier, the $20 of Tier 0 (used and remaining USD;
 * isLimited: Tier 0), the daily and monthly GHS limits of Tiers 1 and 2 with what is left, and
 * what the next tier needs. Shared by Buy, Sell, the dashboard and the verification page.
 */
export function useTradingLimit() {
  return useQuery(tradingLimitQueryOptions());
}
