import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseCheck } from '#web/lib/order-checks.js';
import { apiRequest } from '#web/lib/api.js';
import { ORDERS_QUERY_KEY, orderDetailQueryKey, updateOrderInCaches } from '#web/lib/my-orders.js';
import { PORTFOLIO_QUERY_KEY } from '#web/lib/portfolio.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { isStaleOrderRefusal } from './submit-payment';

/** POST /api/orders/:id/cancel: the customer's own order, before "I have paid" only. */
export async function cancelOrder(orderId: number) {
  const { order } = await apiRequest(`/api/orders/${orderId}/cancel`, {
    method: 'POST',
    body: {},
    schema: orderResponseCheck,
    operation: 'Cancelling the order',
  });
  return order;
}

/**
 * Cancels an order that is still waiting for the customer. Its amount no longer counts against
 * the limit, so the session (trading volume) and the portfolio are read again with the orders.
 */
export function useCancelOrder(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => {
      updateOrderInCaches(queryClient, userId, order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) });
    },
  });
}
