import { useQuery } from '@tanstack/react-query';
import { ZQuote, type TQuote, type TQuoteRequest } from '#shared/contracts/orders.js';
import { ApiError, apiRequest } from '#web/lib/api.js';

export const QUOTE_QUERY_KEY = ['quote'] as const;

/** The server's default quote lifetime, used when the device clock disagrees with the server's. */
const FALLBACK_TTL_MS = 120_000;
const MAX_TTL_MS = 3_600_000;

/** A quote with its expiry on this device's clock (the countdown and renewal use it). */
export type TLocalQuote = TQuote & { localExpiresAt: number };

/**
 * POST /api/quotes (decisions/013 D2: the server prices every order). A phone's clock can be minutes
 * off, so when the server's expiry looks impossible from here, the default lifetime is assumed.
 */
export async function createQuote(request: TQuoteRequest, signal?: AbortSignal): Promise<TLocalQuote> {
  const quote = await apiRequest('/api/quotes', { method: 'POST', body: request, schema: ZQuote, operation: 'Getting a quote', signal });
  const now = Date.now();
  const remaining = Date.parse(quote.expiresAt) - now;
  const ttl = Number.isFinite(remaining) && remaining > 5_000 && remaining <= MAX_TTL_MS ? remaining : FALLBACK_TTL_MS;
  return { ...quote, localExpiresAt: now + ttl };
}

export function quoteQueryKey(request: TQuoteRequest | null) {
  return [...QUOTE_QUERY_KEY, request] as const;
}

/**
 * A live quote for the request (null: nothing to ask yet). It renews itself when it expires
 * (and when the person comes back to an expired tab); it is never reused once the page is left.
 */
export function useQuote(request: TQuoteRequest | null) {
  return useQuery({
    queryKey: quoteQueryKey(request),
    queryFn: ({ signal }) => createQuote(request!, signal),
    enabled: request !== null,
    staleTime: (query) => Math.max(0, (query.state.data?.localExpiresAt ?? 0) - Date.now()),
    gcTime: 0,
    // A dropped connection is tried once more; the server's answers (e.g. stale prices) are shown.
    retry: (failureCount, error) => error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT') && failureCount < 1,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.status === 'error') return false;
      return Math.max(1_000, data.localExpiresAt - Date.now());
    },
    refetchOnWindowFocus: (query) => !query.state.data || query.state.data.localExpiresAt <= Date.now(),
  });
}
