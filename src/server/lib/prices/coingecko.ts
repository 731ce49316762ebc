import { z } from 'zod';
import { normalizeDecimal } from '#shared/money.js';
import { PRICED_COINS, type TPriceQuote } from './coins.js';
import { fetchJson, ProviderError, type ProviderGate } from './http.js';
import { joinUrl } from './options.js';

const ZSimplePrice = z.record(z.string(), z.object({ usd: z.number().positive().finite(), usd_24h_change: z.number().finite().nullish() }));

export type TCoinGeckoOptions = { baseUrl: string; apiKey?: string; timeoutMs: number; gate: ProviderGate };

/** GET /api/v3/simple/price: USD prices and the provider's 24 h change for the given coins. */
export async function fetchCoinGeckoPrices(options: TCoinGeckoOptions, symbols: readonly string[]): Promise<TPriceQuote[]> {
  const coins = PRICED_COINS.filter((coin) => symbols.includes(coin.symbol));
  if (coins.length === 0) return [];
  const query = new URLSearchParams({
    ids: coins.map((coin) => coin.coingeckoId).join(','),
    vs_currencies: 'usd',
    include_24hr_change: 'true',
  });
  const body = await fetchJson(joinUrl(options.baseUrl, `/api/v3/simple/price?${query.toString()}`), {
    gate: options.gate,
    timeoutMs: options.timeoutMs,
    headers: options.apiKey ? { 'x-cg-demo-api-key': options.apiKey } : undefined,
  });
  const parsed = ZSimplePrice.safeParse(body);
  if (!parsed.success) throw new ProviderError('coingecko', 'invalid', 'unexpected answer shape');
  const quotes: TPriceQuote[] = [];
  for (const coin of coins) {
    const entry = parsed.data[coin.coingeckoId];
    if (!entry) continue;
    quotes.push({
      symbol: coin.symbol,
      priceUsd: normalizeDecimal(entry.usd),
      change24h: entry.usd_24h_change == null ? null : normalizeDecimal(entry.usd_24h_change),
      source: 'coingecko',
    });
  }
  return quotes;
}
