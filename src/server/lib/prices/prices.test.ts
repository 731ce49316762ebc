import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { fetchBinancePrices } from './binance.js';
import { PRICED_SYMBOLS } from './coins.js';
import { fetchCoinGeckoPrices } from './coingecko.js';
import { fetchCurrencyApiGhsRate, fetchErApiGhsRate } from './exchange-rates.js';
import { parseRetryAfter, ProviderError, ProviderGate } from './http.js';
import { simulateNextPrice } from './simulated.js';
import { firstOrThrow } from '#server/db/rows.js';

describe('price provider clients (against a local fake of each provider)', () => {
  let fake: TFakePriceServer;
  beforeAll(async () => {
    fake = await startFakePriceServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const gate = (name = 'test') => new ProviderGate(name, 60_000);

  it('reads CoinGecko simple prices with the 24 h change, and sends the demo key when given', async () => {
    const quotes = await fetchCoinGeckoPrices(
      { baseUrl: `${fake.url}/`, apiKey: 'demo-key', timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() },
      PRICED_SYMBOLS,
    );
    expect(quotes).toHaveLength(9);
    expect(quotes.find((q) => q.symbol === 'btc')).toEqual({
      symbol: 'btc',
      priceUsd: '91234.12',
      change24h: '-1.8423',
      source: 'coingecko',
    });
    expect(quotes.find((q) => q.symbol === 'ada')?.change24h).toBeNull();
    const request = firstOrThrow(fake.requests);
    expect(request.headers['x-cg-demo-api-key']).toBe('demo-key');
    const url = new URL(request.url, fake.url);
    expect(url.searchParams.get('ids')).toBe('bitcoin,ethereum,tether,binancecoin,litecoin,ripple,cardano,solana,dogecoin');
    expect(url.searchParams.get('include_24hr_change')).toBe('true');

    await fetchCoinGeckoPrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() }, ['btc']);
    const [, second] = fake.requests;
    if (!second) throw new Error('expected a second request to CoinGecko');
    expect(second.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('reads Binance USDT pairs as strings and counts tether as 1 USD', async () => {
    const quotes = await fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() }, PRICED_SYMBOLS);
    expect(quotes).toHaveLength(9);
    expect(quotes.find((q) => q.symbol === 'btc')).toEqual({ symbol: 'btc', priceUsd: '91210.01', change24h: null, source: 'binance' });
    expect(quotes.find((q) => q.symbol === 'doge')?.priceUsd).toBe('0.16038');
    expect(quotes.find((q) => q.symbol === 'usdt')?.priceUsd).toBe('1');
    const url = new URL(firstOrThrow(fake.requests).url, fake.url);
    expect(JSON.parse(url.searchParams.get('symbols')!)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'LTCUSDT',
      'XRPUSDT',
      'ADAUSDT',
      'SOLUSDT',
      'DOGEUSDT',
    ]);

    // Only tether asked: no call needed.
    expect(await fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() }, ['usdt'])).toHaveLength(1);
    expect(fake.hits.binance).toBe(1);
  });

  it('reads the USD->GHS rate from open.er-api.com and the currency-api', async () => {
    expect(await fetchErApiGhsRate({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() })).toMatchObject({
      symbol: 'ghs',
      priceUsd: '11.6421',
      source: 'er-api',
    });
    expect(await fetchCurrencyApiGhsRate({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() })).toMatchObject({
      symbol: 'ghs',
      priceUsd: '11.64619458',
      source: 'currency-api',
    });
  });

  it('turns errors, timeouts and malformed answers into ProviderErrors', async () => {
    fake.set('er-api', { kind: 'down', status: 503 });
    await expect(fetchErApiGhsRate({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() })).rejects.toMatchObject({
      kind: 'http',
    });
    fake.set('currency-api', { kind: 'invalid' });
    await expect(fetchCurrencyApiGhsRate({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() })).rejects.toMatchObject({
      kind: 'invalid',
    });
    fake.set('coingecko', { kind: 'hang' });
    // The fake never answers, so only the given 200 ms timeout ends the call (its message names it).
    await expect(fetchCoinGeckoPrices({ baseUrl: fake.url, timeoutMs: 200, gate: gate() }, ['btc'])).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/no answer within 200 ms$/),
    });
    await expect(
      fetchBinancePrices({ baseUrl: 'http://127.0.0.1:1', timeoutMs: UNREACHED_TIMEOUT_MS, gate: gate() }, ['btc']),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('does not call a provider again before its Retry-After', async () => {
    let now = 1_000_000;
    const binanceGate = new ProviderGate('binance', 60_000, () => now);
    fake.set('binance', { kind: 'rate-limited', retryAfter: '30' });
    await expect(
      fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: binanceGate }, ['btc']),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    fake.set('binance', { kind: 'ok' });
    now += 29_000;
    await expect(
      fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: binanceGate }, ['btc']),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(fake.hits.binance).toBe(1);
    now += 1_000;
    expect(await fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: binanceGate }, ['btc'])).toHaveLength(1);
    expect(fake.hits.binance).toBe(2);

    // 418 (Binance's ban) without a Retry-After: the provider's default back-off.
    fake.set('binance', { kind: 'rate-limited', status: 418 });
    await expect(
      fetchBinancePrices({ baseUrl: fake.url, timeoutMs: UNREACHED_TIMEOUT_MS, gate: binanceGate }, ['btc']),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(binanceGate.retryAt?.getTime()).toBe(now + 60_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('simulates small moves that stay near the anchor level', () => {
    let price = '90000';
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 500; i += 1) {
      const next = simulateNextPrice('btc', price, '90000', random);
      expect(Math.abs(Number(next) / Number(price) - 1)).toBeLessThan(0.02);
      price = next;
    }
    expect(Number(price)).toBeGreaterThan(85_000);
    expect(Number(price)).toBeLessThan(95_000);
    expect(simulateNextPrice('usdt', '1', '1', () => 0.999)).toBe('1.0001996');
  });
});
