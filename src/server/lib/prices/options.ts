import type { TPriceFeed } from '#shared/contracts/market.js';

/** How prices are fetched. Mirrors the PRICE_* and *_BASE_URL environment variables. */
export type TPriceOptions = {
  feed: TPriceFeed;
  /** Seconds between refreshes (PRICE_REFRESH_SECONDS). */
  refreshSeconds: number;
  coingeckoBaseUrl: string;
  /** Optional CoinGecko demo key, sent as x-cg-demo-api-key. */
  coingeckoApiKey?: string;
  binanceBaseUrl: string;
  erApiBaseUrl: string;
  /** The fawazahmed0 currency-api root; the client asks {root}/v1/currencies/usd.json. */
  currencyApiBaseUrl: string;
  /** Per-request timeout (PRICE_TIMEOUT_MS). */
  timeoutMs: number;
};

export const DEFAULT_PRICE_OPTIONS: TPriceOptions = {
  feed: 'live',
  refreshSeconds: 60,
  coingeckoBaseUrl: 'https://api.coingecko.com',
  binanceBaseUrl: 'https://api.binance.com',
  erApiBaseUrl: 'https://open.er-api.com',
  currencyApiBaseUrl: 'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest',
  timeoutMs: 5000,
};

export function resolvePriceOptions(options: Partial<TPriceOptions> = {}): TPriceOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined && value !== ''));
  return { ...DEFAULT_PRICE_OPTIONS, ...defined };
}

/** 'https://host/path/' + '/v6/latest/USD' without a double slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
