import { z } from 'zod';
import { ZDecimalString } from '#shared/contracts/common.js';
import { normalizeDecimal } from '#shared/money.js';
import { PRICED_COINS, type TPriceQuote } from './coins.js';
import { fetchJson, ProviderError, type ProviderGate } from './http.js';
import { joinUrl } from './options.js';

const ZTickerPrices = z.array(z.object({ symbol: z.string(), price: ZDecimalString }));

export type TBinanceOptions = { baseUrl: string; timeoutMs: number; gate: ProviderGate };

/**
 * GET /api/v3/ticker/price for the USDT pairs of the given coins. USDT pairs count as USD and
 * tether itself as 1 USD. Binance gives no 24 h change here (the caller computes it from history).
 */
export async function fetchBinancePrices(options: TBinanceOptions, symbols: readonly string[]): Promise<TPriceQuote[]> {
  const coins = PRICED_COINS.filter((coin) => symbols.includes(coin.symbol));
  const pairs = coins.flatMap((coin) => (coin.binancePair ? [coin.binancePair] : []));
  const quotes: TPriceQuote[] = [];
  if (pairs.length > 0) {
    const query = new URLSearchParams({ symbols: JSON.stringify(pairs) });
    const body = await fetchJson(joinUrl(options.baseUrl, `/api/v3/ticker/price?${query.toString()}`), {
      gate: options.gate,
      timeoutMs: options.timeoutMs,
    });
    const parsed = ZTickerPrices.safeParse(body);
    if (!parsed.success) throw new ProviderError('binance', 'invalid', 'unexpected answer shape');
    const byPair = new Map(parsed.data.map((ticker) => [ticker.symbol, ticker.price]));
    for (const coin of coins) {
      const price = coin.binancePair ? byPair.get(coin.binancePair) : undefined;
      if (price && Number(price) > 0)
        quotes.push({ symbol: coin.symbol, priceUsd: normalizeDecimal(price), change24h: null, source: 'binance' });
    }
  }
  if (coins.some((coin) => coin.symbol === 'usdt')) quotes.push({ symbol: 'usdt', priceUsd: '1', change24h: null, source: 'binance' });
  return quotes;
}
