import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_MSG, ZOrderResponse, type TCreateOrderRequest, type TOrder } from '#shared/contracts/orders.js';
import { ApiError, TIMEOUTS, toApiError, withTimeout } from '#web/lib/api.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { addOrderToList, ORDERS_QUERY_KEY } from '#web/lib/my-orders.js';
import { QUOTE_QUERY_KEY } from './create-quote';
import { LIMIT_QUERY_KEY } from './get-limit';
import { PORTFOLIO_QUERY_KEY } from '#web/lib/portfolio.js';

/** A fresh random key per submit attempt; the same key is sent again when that attempt is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/orders with an Idempotency-Key header. apiRequest (src/web/lib/api.ts) cannot send
 * headers yet, so this is the same request written out; it rejects with ApiError the same way.
 * A network failure is code NETWORK, status 0: the order may or may not exist, so the caller
 * retries with the same key and the server answers with the order it already has.
 */
export function createOrder(body: TCreateOrderRequest, idempotencyKey: string, signal?: AbortSignal): Promise<TOrder> {
  return withTimeout(
    'Placing your order',
    TIMEOUTS.default,
    async (abortSignal) => {
      let response: Response;
      try {
        response = await fetch('/api/orders', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
          body: JSON.stringify(body),
          signal: abortSignal,
        });
      } catch (error) {
        if (abortSignal.aborted) throw error;
        throw new ApiError({ code: 'NETWORK', message: ORDER_MSG.submitFailed, status: 0 });
      }
      const data = await readJson(response);
      if (!response.ok) throw toApiError(response.status, data, ORDER_MSG.submitFailed);
      const parsed = ZOrderResponse.safeParse(data);
      if (!parsed.success) throw new ApiError({ code: 'BAD_RESPONSE', message: ORDER_MSG.submitFailed, status: response.status });
      return parsed.data.order;
    },
    signal,
  );
}

/**
 * True when the server may or may not have placed the order: the same attempt must be retried.
 * No answer (NETWORK, TIMEOUT), or a server error: ours (INTERNAL, UNAVAILABLE) or a proxy's,
 * which carries no code, hence the status.
 */
export function isUncertainFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'NETWORK' || error.code === 'TIMEOUT' || error.status >= 500;
}

type CreateOrderVariables = { body: TCreateOrderRequest; idempotencyKey: string };

/**
 * Places an order. On success its quote is forgotten, the new order heads the cached history at once, and the orders,
 * the limit, the portfolio and the session (trading volume) are re-read.
 */
export function useCreateOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateOrderVariables) => createOrder(body, idempotencyKey),
    onSuccess: (order) => {
      // A quote prices one order: once used it is never shown or sent again (the server would
      // refuse it), so a return to the form asks for a new one.
      queryClient.removeQueries({ queryKey: QUOTE_QUERY_KEY });
      addOrderToList(queryClient, userId, order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: LIMIT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (error) => {
      // The limit or the KYC status changed behind the page's back: re-read the limit (the
      // session, with the KYC status, is re-read on every FORBIDDEN: lib/query-client.ts).
      if (error instanceof ApiError && error.code === 'FORBIDDEN') void queryClient.invalidateQueries({ queryKey: LIMIT_QUERY_KEY });
    },
  });
}
