import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, LazySchema } from '#web/lib/api.js';

/** Not 'coins': that key (and the 'coins' localStorage entry) belongs to the market data. */
export const TRADE_COINS_QUERY_KEY = ['trade', 'coins'] as const;

// The contract loads with the page's code; this module stays light for the route loaders (lib/api.ts LazySchema).
const coinListSchema = new LazySchema(() => import('#shared/contracts/orders.js').then((m) => m.ZCoinList));

export function listTradeCoins(signal?: AbortSignal) {
  return apiRequest('/api/coins', { schema: coinListSchema, operation: 'Loading coins', signal });
}

export const tradeCoinsQueryOptions = () =>
  queryOptions({
    queryKey: TRADE_COINS_QUERY_KEY,
    queryFn: ({ signal }) => listTradeCoins(signal),
    select: (data) => data.coins,
  });

/** The enabled coins with their networks (`canSell`: a deposit address is set there, so it can be sold on it). */
export function useTradeCoins() {
  return useQuery(tradeCoinsQueryOptions());
}
