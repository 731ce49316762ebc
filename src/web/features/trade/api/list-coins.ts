import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCoinList } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';

/** Not 'coins': that key (and the 'coins' localStorage entry) belongs to the market data. */
export const TRADE_COINS_QUERY_KEY = ['trade', 'coins'] as const;

export function listTradeCoins(signal?: AbortSignal) {
  return apiRequest('/api/coins', { schema: ZCoinList, operation: 'Loading coins', signal });
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
