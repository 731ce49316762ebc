import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_MSG, ZOrderResponse, type TCreateOrderRequest, type TOrder } from '#shared/contracts/orders.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { addOrderToList, ORDERS_QUERY_KEY } from '#web/lib/my-orders.js';
import { QUOTE_QUERY_KEY } from './create-quote';
import { LIMIT_QUERY_KEY } from './get-limit';
import { PORTFOLIO_QUERY_KEY } from '#web/lib/portfolio.js';

/** A fresh random key per submit attempt; the same key is sent again when that attempt is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * POST /api/orders with an Idempotency-Key header. Rejects with ApiError (ORDER_MSG.submitFailed
 * when the server gave no message). A network failure is code NETWORK, status 0: the order may or
 * may not exist, so the caller retries with the same key and the server answers with the order it
 * already has.
 */
export async function createOrder(body: TCreateOrderRequest, idempotencyKey: string, signal?: AbortSignal): Promise<TOrder> {
  const answer = await apiRequest('/api/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZOrderResponse,
    operation: 'Placing your order',
    fallbackMessage: ORDER_MSG.submitFailed,
    signal,
  });
  return answer.order;
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
