import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseCheck } from '#web/lib/order-checks.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { ORDERS_QUERY_KEY, orderDetailQueryKey, updateOrderInCaches } from '#web/lib/my-orders.js';

/** PUT /api/orders/:id/payment-tx-id: the customer corrects the transaction id until staff decide (docs/decisions/009). */
export async function editTxId(orderId: number, paymentTxId: string) {
  const { order } = await apiRequest(`/api/orders/${orderId}/payment-tx-id`, {
    method: 'PUT',
    body: { paymentTxId },
    schema: orderResponseCheck,
    operation: 'Changing the transaction ID',
  });
  return order;
}

/**
 * The corrected id goes into the list and the page at once, and the page is read again for the
 * timeline's new step. Refused because staff decided meanwhile: the page is read again too.
 */
export function useEditTxId(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentTxId: string) => editTxId(orderId, paymentTxId),
    onSuccess: (order) => {
      updateOrderInCaches(queryClient, userId, order);
      void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.code === 'ORDER_ALREADY_DECIDED' || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) });
      }
    },
  });
}
