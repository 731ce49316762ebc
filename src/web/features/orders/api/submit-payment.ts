import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_MSG, ZOrderResponse, type TOrder } from '#shared/contracts/orders.js';
import { ApiError, TIMEOUTS, toApiError, withTimeout } from '#web/lib/api.js';
import { ORDERS_QUERY_KEY, orderDetailQueryKey, updateOrderInCaches } from '#web/lib/my-orders.js';

/** What "I have paid" / "I have sent" sends: empty optional fields are left out. */
export type TSubmitPaymentInput = { paymentTxId: string; payerNumber: string; payerName: string; proof: File | null };

/** A screenshot of up to 5 MB over slow mobile data takes a while; the text alone does not. */
const UPLOAD_TIMEOUT_MS = 120_000;

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/orders/:id/payment as multipart/form-data (docs/decisions/014): `paymentTxId`,
 * `payerNumber`, `payerName` and the optional `proof` image. Rejects with ApiError like
 * apiRequest (the server's per-field messages included); the answer is the order, now submitted.
 */
export function submitPayment(orderId: number, input: TSubmitPaymentInput, signal?: AbortSignal): Promise<TOrder> {
  const body = new FormData();
  body.append('paymentTxId', input.paymentTxId);
  if (input.payerNumber) body.append('payerNumber', input.payerNumber);
  if (input.payerName) body.append('payerName', input.payerName);
  if (input.proof) body.append('proof', input.proof, input.proof.name);
  return withTimeout(
    'Sending your payment details',
    input.proof ? UPLOAD_TIMEOUT_MS : TIMEOUTS.default,
    async (abortSignal) => {
      let response: Response;
      try {
        response = await fetch(`/api/orders/${orderId}/payment`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          body,
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

/** The order is not waiting for this any more (paid from another tab, cancelled, expired): the page reads it again. */
export function isStaleOrderRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'ORDER_NOT_AWAITING' || error.code === 'ORDER_EXPIRED' || error.status === 404);
}

/**
 * "I have paid" / "I have sent". The order as the server now has it goes into the list and the
 * page at once; a refusal because the order moved on re-reads it. A repeat after a lost answer
 * is refused the same way (the order is no longer awaiting) and so also shows the order as it is.
 */
export function useSubmitPayment(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSubmitPaymentInput) => submitPayment(orderId, input),
    onSuccess: (order) => {
      updateOrderInCaches(queryClient, userId, order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) });
    },
  });
}
