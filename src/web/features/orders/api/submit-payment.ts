import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '#shared/contracts/orders.js';
import { orderResponseCheck } from '#web/lib/order-checks.js';
import { ORDER_MSG } from '#shared/order-rules.js';
import { ApiError, apiRequest, TIMEOUTS } from '#web/lib/api.js';
import { ORDERS_QUERY_KEY, orderDetailQueryKey, updateOrderInCaches } from '#web/lib/my-orders.js';

/** What "I have paid" / "I have sent" sends: empty optional fields are left out. */
export type TSubmitPaymentInput = { paymentTxId: string; payerNumber: string; payerName: string; proof: File | null };

/** A screenshot of up to 5 MB over slow mobile data takes a while; the text alone does not. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /api/orders/:id/payment as multipart/form-data (docs/decisions/014): `paymentTxId`,
 * `payerNumber`, `payerName` and the optional `proof` image. Rejects with ApiError (the server's
 * per-field messages included, ORDER_MSG.submitFailed when it gave no message); the answer is the
 * order, now submitted.
 */
export async function submitPayment(orderId: number, input: TSubmitPaymentInput, signal?: AbortSignal): Promise<TOrder> {
  const body = new FormData();
  body.append('paymentTxId', input.paymentTxId);
  if (input.payerNumber) body.append('payerNumber', input.payerNumber);
  if (input.payerName) body.append('payerName', input.payerName);
  if (input.proof) body.append('proof', input.proof, input.proof.name);
  const answer = await apiRequest(`/api/orders/${orderId}/payment`, {
    method: 'POST',
    body,
    schema: orderResponseCheck,
    operation: 'Sending your payment details',
    timeoutMs: input.proof ? UPLOAD_TIMEOUT_MS : TIMEOUTS.default,
    fallbackMessage: ORDER_MSG.submitFailed,
    signal,
  });
  return answer.order;
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
