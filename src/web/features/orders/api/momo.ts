import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMomoOrderState, ZMomoPayment, type TMomoOrderState } from '#shared/contracts/momo.js';
import { z } from 'zod';
import { apiRequest } from '#web/lib/api.js';

/** GET /api/orders/:id/momo: whether "Pay with MTN MoMo" can be used now, and the order's latest prompt. */
export const momoStateQueryKey = (orderId: number) => ['momo', orderId] as const;

/** While a prompt is pending the page asks again this often, besides the order socket's notice. */
const PENDING_REFETCH_MS = 3_000;

export function useMomoState(orderId: number) {
  return useQuery({
    queryKey: momoStateQueryKey(orderId),
    queryFn: ({ signal }) =>
      apiRequest<TMomoOrderState>(`/api/orders/${orderId}/momo`, { schema: ZMomoOrderState, signal, operation: 'Loading MTN MoMo' }),
    refetchInterval: (query) => (query.state.data?.payment?.state === 'pending' ? PENDING_REFETCH_MS : false),
  });
}

/** POST /api/orders/:id/momo: sends the payment prompt to `phone`. */
export function useRequestMomo(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      apiRequest(`/api/orders/${orderId}/momo`, {
        method: 'POST',
        body: { phone },
        schema: z.object({ payment: ZMomoPayment }),
        operation: 'Sending the MoMo prompt',
        // The server checks the wallet, then asks MTN (each up to MOMO_TIMEOUT_MS): more than the usual 15 s.
        timeoutMs: 45_000,
      }),
    onSuccess: ({ payment }) => {
      queryClient.setQueryData<TMomoOrderState>(momoStateQueryKey(orderId), (state) => (state ? { ...state, payment } : state));
      void queryClient.invalidateQueries({ queryKey: momoStateQueryKey(orderId) });
    },
    // A refusal (already pending, order no longer waiting) may mean the page is behind: read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: momoStateQueryKey(orderId) }),
  });
}
