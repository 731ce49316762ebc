import { z } from 'zod';
import { normalizeDecimal } from '#shared/money.js';
import { GHS_SYMBOL, type TPriceQuote } from './coins.js';
import { fetchJson, ProviderError, type ProviderGate } from './http.js';
import { joinUrl } from './options.js';

export type TRateProviderOptions = { baseUrl: string; timeoutMs: number; gate: ProviderGate };

const ZErApiLatest = z.object({
  result: z.literal('success'),
  rates: z.object({ GHS: z.number().positive().finite() }),
});

/** open.er-api.com GET /v6/latest/USD -> rates.GHS (updates daily: ask at most hourly). */
export async function fetchErApiGhsRate(options: TRateProviderOptions): Promise<TPriceQuote> {
  const body = await fetchJson(joinUrl(options.baseUrl, '/v6/latest/USD'), { gate: options.gate, timeoutMs: options.timeoutMs });
  const parsed = ZErApiLatest.safeParse(body);
  if (!parsed.success) throw new ProviderError('er-api', 'invalid', 'unexpected answer shape');
  return { symbol: GHS_SYMBOL, priceUsd: normalizeDecimal(parsed.data.rates.GHS), change24h: null, source: 'er-api' };
}

const ZCurrencyApiUsd = z.object({ usd: z.object({ ghs: z.number().positive().finite() }) });

/** fawazahmed0 currency-api GET {root}/v1/currencies/usd.json -> usd.ghs. */
export async function fetchCurrencyApiGhsRate(options: TRateProviderOptions): Promise<TPriceQuote> {
  const body = await fetchJson(joinUrl(options.baseUrl, '/v1/currencies/usd.json'), { gate: options.gate, timeoutMs: options.timeoutMs });
  const parsed = ZCurrencyApiUsd.safeParse(body);
  if (!parsed.success) throw new ProviderError('currency-api', 'invalid', 'unexpected answer shape');
  return { symbol: GHS_SYMBOL, priceUsd: normalizeDecimal(parsed.data.usd.ghs), change24h: null, source: 'currency-api' };
}
