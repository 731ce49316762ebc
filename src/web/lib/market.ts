import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMarketResponse } from '#shared/contracts/market.js';
import { DEFAULT_SERVICE_FEE_PERCENTAGE, formatFeePercentage } from '#shared/fees.js';
import { apiRequest } from './api';

/**
 * Live market data (GET /api/market): every enabled coin in display order, fee applied, with
 * the server's per-source errors. The server fetches the price services once for everyone
 * (decisions/013 D9); browsers poll it every 60 s and revalidate cheaply with its ETag.
 *
 * Market data is public, so the last answer is kept in localStorage ('marketData', and the
 * enabled coin list under 'coins') and shown at once on the next visit, then refreshed.
 * Deliberately small: no zod, no decimal.js (the landing page's initial JavaScript budget).
 */

export const MARKET_QUERY_KEY = ['market'] as const;
/** docs/product.md §3, local cache keys. */
export const MARKET_CACHE_KEY = 'marketData';
export const COINS_CACHE_KEY = 'coins';
/** docs/product.md §9: prices refresh every 60 s. */
export const MARKET_REFETCH_INTERVAL_MS = 60_000;

export type TCachedCoin = { symbol: string; name: string };

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the cache is only a convenience.
  }
}

/** A cheap shape check of what a previous version of the app may have stored. */
function isMarketResponse(value: unknown): value is TMarketResponse {
  if (!value || typeof value !== 'object') return false;
  const data = value as Partial<Record<keyof TMarketResponse, unknown>>;
  return (
    typeof data.ghsRate === 'string' &&
    typeof data.feed === 'string' &&
    typeof data.isStale === 'boolean' &&
    !!data.errors &&
    typeof data.errors === 'object' &&
    Array.isArray(data.coins) &&
    data.coins.every(
      (coin: unknown) =>
        !!coin &&
        typeof coin === 'object' &&
        typeof (coin as { symbol?: unknown }).symbol === 'string' &&
        typeof (coin as { name?: unknown }).name === 'string' &&
        Array.isArray((coin as { history?: unknown }).history),
    )
  );
}

/** The market answer saved by the last successful fetch, or undefined. */
export function readCachedMarket(): TMarketResponse | undefined {
  const value = readJson(MARKET_CACHE_KEY);
  return isMarketResponse(value) ? value : undefined;
}

/** The enabled coins (display order) saved by the last successful market fetch. */
export function readCachedCoins(): TCachedCoin[] | undefined {
  const value = readJson(COINS_CACHE_KEY);
  if (!Array.isArray(value)) return undefined;
  const coins = value.filter(
    (coin: unknown): coin is TCachedCoin =>
      !!coin &&
      typeof coin === 'object' &&
      typeof (coin as TCachedCoin).symbol === 'string' &&
      typeof (coin as TCachedCoin).name === 'string',
  );
  return coins.length === value.length ? coins : undefined;
}

function writeMarketCache(data: TMarketResponse): void {
  writeJson(MARKET_CACHE_KEY, data);
  writeJson(
    COINS_CACHE_KEY,
    data.coins.map((coin) => ({ symbol: coin.symbol, name: coin.name })),
  );
}

export async function fetchMarket(signal?: AbortSignal): Promise<TMarketResponse> {
  const data = await apiRequest<TMarketResponse>('/api/market', { operation: 'Loading prices', signal });
  if (!isMarketResponse(data)) throw new Error('Malformed market response');
  writeMarketCache(data);
  return data;
}

export function marketQueryOptions() {
  return queryOptions({
    queryKey: MARKET_QUERY_KEY,
    queryFn: ({ signal }) => fetchMarket(signal),
    // Shown at once from the last visit, but treated as old so it is refreshed on mount.
    initialData: readCachedMarket,
    initialDataUpdatedAt: 0,
    staleTime: 10_000,
    refetchInterval: MARKET_REFETCH_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The live market, polled every 60 s and on window focus; starts from the local cache. */
export function useMarket() {
  return useQuery(marketQueryOptions());
}

/**
 * The service fee as set in the back-office, for the public texts ('2.5%'): from the market
 * answer (the local cache at first), the default until one has arrived. No polling of its own.
 */
export function useServiceFeeLabel(): string {
  return formatFeePercentage(useServiceFeePercentage());
}

/** The same fee as a number string ('2.50'), for texts that compute with it (the spread: src/shared/fees.ts). */
export function useServiceFeePercentage(): string {
  const { data } = useQuery({ ...marketQueryOptions(), refetchInterval: false, select: (market) => market.serviceFeePercentage });
  return data ?? DEFAULT_SERVICE_FEE_PERCENTAGE;
}
