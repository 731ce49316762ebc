import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPriceOptions } from '#server/lib/prices/options.js';
import { UNREACHED_TIMEOUT_MS } from './timeouts.js';

/**
 * A local stand-in for every price provider, speaking each one's documented response format:
 * CoinGecko, Binance, open.er-api.com and the fawazahmed0
 * currency-api, all on one 127.0.0.1 port. Tests switch a provider down, slow, rate-limited or
 * malformed, change its prices, and count the hits it received.
 */

export type TFakeProvider = 'coingecko' | 'binance' | 'er-api' | 'currency-api';
export const FAKE_PROVIDERS: readonly TFakeProvider[] = ['coingecko', 'binance', 'er-api', 'currency-api'];

export type TFakeBehaviour =
  | { kind: 'ok' }
  /** Answers with an HTTP error (500 unless told). */
  | { kind: 'down'; status?: number }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** 429 (or Binance's 418) with an optional Retry-After header. */
  | { kind: 'rate-limited'; status?: 429 | 418; retryAfter?: string }
  /** 200 with a body of the wrong shape. */
  | { kind: 'invalid' };

export type TFakeRequest = { provider: TFakeProvider; url: string; headers: IncomingHttpHeaders };

type TCoinGeckoEntry = { usd: number; usd_24h_change: number | null };
type TCoinGeckoId = 'bitcoin' | 'ethereum' | 'tether' | 'binancecoin' | 'litecoin' | 'ripple' | 'cardano' | 'solana' | 'dogecoin';
/** CoinGecko's answer by coin id: the fixture's coins are always there. */
type TCoinGeckoPrices = Record<TCoinGeckoId, TCoinGeckoEntry> & Record<string, TCoinGeckoEntry>;

/** The fixture values (coingecko-simple-price.json and friends). */
export function defaultCoinGeckoPrices(): TCoinGeckoPrices {
  return {
    bitcoin: { usd: 91234.12, usd_24h_change: -1.8423 },
    ethereum: { usd: 3071.55, usd_24h_change: 0.9312 },
    tether: { usd: 1.0002, usd_24h_change: 0.0113 },
    binancecoin: { usd: 905.31, usd_24h_change: 2.2031 },
    litecoin: { usd: 98.44, usd_24h_change: -0.5521 },
    ripple: { usd: 2.2417, usd_24h_change: 3.1108 },
    cardano: { usd: 0.6123, usd_24h_change: null },
    solana: { usd: 141.87, usd_24h_change: -2.7711 },
    dogecoin: { usd: 0.16042, usd_24h_change: 1.0044 },
  };
}

export function defaultBinancePrices(): Record<string, string> {
  return {
    BTCUSDT: '91210.01000000',
    ETHUSDT: '3070.12000000',
    BNBUSDT: '905.20000000',
    LTCUSDT: '98.41000000',
    XRPUSDT: '2.24100000',
    ADAUSDT: '0.61210000',
    SOLUSDT: '141.80000000',
    DOGEUSDT: '0.16038000',
  };
}

export const DEFAULT_ER_API_GHS = 11.6421;
export const DEFAULT_CURRENCY_API_GHS = 11.64619458;

export type TFakePriceServer = {
  /** Base URL for every provider (they use distinct paths). */
  url: string;
  hits: Record<TFakeProvider, number>;
  requests: TFakeRequest[];
  coingecko: TCoinGeckoPrices;
  binance: Record<string, string>;
  ghs: { erApi: number; currencyApi: number };
  set(provider: TFakeProvider, behaviour: TFakeBehaviour): void;
  /** Every provider back to 'ok' with the fixture prices, and all counters to zero. */
  reset(): void;
  totalHits(): number;
  /** Price options pointing every provider here. */
  priceOptions(overrides?: Partial<TPriceOptions>): Partial<TPriceOptions>;
  /** The same as environment variables (for a server started as a process, e.g. e2e). */
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
};

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startFakePriceServer(): Promise<TFakePriceServer> {
  const behaviours = new Map<TFakeProvider, TFakeBehaviour>();
  const state: TFakePriceServer = {
    url: '',
    hits: { coingecko: 0, binance: 0, 'er-api': 0, 'currency-api': 0 },
    requests: [],
    coingecko: defaultCoinGeckoPrices(),
    binance: defaultBinancePrices(),
    ghs: { erApi: DEFAULT_ER_API_GHS, currencyApi: DEFAULT_CURRENCY_API_GHS },
    set: (provider, behaviour) => behaviours.set(provider, behaviour),
    reset: () => {
      behaviours.clear();
      for (const provider of FAKE_PROVIDERS) state.hits[provider] = 0;
      state.requests.length = 0;
      state.coingecko = defaultCoinGeckoPrices();
      state.binance = defaultBinancePrices();
      state.ghs = { erApi: DEFAULT_ER_API_GHS, currencyApi: DEFAULT_CURRENCY_API_GHS };
    },
    totalHits: () => FAKE_PROVIDERS.reduce((sum, provider) => sum + state.hits[provider], 0),
    priceOptions: (overrides = {}) => ({
      feed: 'live',
      coingeckoBaseUrl: state.url,
      binanceBaseUrl: state.url,
      erApiBaseUrl: state.url,
      currencyApiBaseUrl: state.url,
      timeoutMs: UNREACHED_TIMEOUT_MS,
      ...overrides,
    }),
    env: (overrides = {}) => ({
      PRICE_FEED: 'live',
      COINGECKO_BASE_URL: state.url,
      BINANCE_BASE_URL: state.url,
      ER_API_BASE_URL: state.url,
      CURRENCY_API_BASE_URL: state.url,
      PRICE_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      ...overrides,
    }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function answer(provider: TFakeProvider, res: ServerResponse, ok: () => void, invalidBody: unknown): void {
    const behaviour = behaviours.get(provider) ?? { kind: 'ok' };
    switch (behaviour.kind) {
      case 'ok':
        return ok();
      case 'down':
        return sendJson(res, behaviour.status ?? 500, { error: 'unavailable' });
      case 'hang':
        return; // the socket stays open until the client gives up or the server closes
      case 'rate-limited':
        return sendJson(
          res,
          behaviour.status ?? 429,
          { error: 'rate limited' },
          behaviour.retryAfter === undefined ? {} : { 'retry-after': behaviour.retryAfter },
        );
      case 'invalid':
        return sendJson(res, 200, invalidBody);
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const provider: TFakeProvider | null =
      url.pathname === '/api/v3/simple/price'
        ? 'coingecko'
        : url.pathname === '/api/v3/ticker/price'
          ? 'binance'
          : url.pathname === '/v6/latest/USD'
            ? 'er-api'
            : url.pathname === '/v1/currencies/usd.json'
              ? 'currency-api'
              : null;
    if (req.method !== 'GET' || !provider) return sendJson(res, 404, { error: 'not found' });
    state.hits[provider] += 1;
    state.requests.push({ provider, url: req.url ?? '', headers: req.headers });

    if (provider === 'coingecko') {
      return answer(
        provider,
        res,
        () => {
          const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
          if (url.searchParams.get('vs_currencies') !== 'usd') return sendJson(res, 400, { error: 'vs_currencies' });
          const body: Record<string, TCoinGeckoEntry> = {};
          for (const id of ids) if (state.coingecko[id]) body[id] = state.coingecko[id];
          sendJson(res, 200, body);
        },
        { bitcoin: { usd: 'lots' } },
      );
    }
    if (provider === 'binance') {
      return answer(
        provider,
        res,
        () => {
          let pairs: string[];
          try {
            pairs = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
          } catch {
            return sendJson(res, 400, { code: -1100, msg: "Illegal characters found in parameter 'symbols'." });
          }
          if (pairs.some((pair) => !state.binance[pair])) return sendJson(res, 400, { code: -1121, msg: 'Invalid symbol.' });
          sendJson(
            res,
            200,
            pairs.map((pair) => ({ symbol: pair, price: state.binance[pair] })),
          );
        },
        { code: 0, msg: 'surprise' },
      );
    }
    if (provider === 'er-api') {
      return answer(
        provider,
        res,
        () =>
          sendJson(res, 200, {
            result: 'success',
            provider: 'https://www.exchangerate-api.com',
            time_last_update_unix: 1795219351,
            time_last_update_utc: 'Sun, 22 Nov 2026 00:02:31 +0000',
            time_next_update_unix: 1795306061,
            time_next_update_utc: 'Mon, 23 Nov 2026 00:07:41 +0000',
            time_eol_unix: 0,
            base_code: 'USD',
            rates: { USD: 1, EUR: 0.861, GBP: 0.7594, GHS: state.ghs.erApi, NGN: 1452.33, XOF: 564.77 },
          }),
        { result: 'error', 'error-type': 'unsupported-code' },
      );
    }
    return answer(
      provider,
      res,
      () =>
        sendJson(res, 200, { date: '2026-11-21', usd: { eur: 0.86104512, gbp: 0.75938201, ghs: state.ghs.currencyApi, ngn: 1452.3301 } }),
      { date: '2026-11-21', usd: {} },
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
