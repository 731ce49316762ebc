import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTravelRuleDeclaration } from '#shared/contracts/travel-rule.js';
import { apiRequest } from '#web/lib/api.js';
import { orderDetailQueryKey } from '#web/lib/my-orders.js';

/*
 * The order's Travel Rule data (docs/decisions/076-travel-rule-data.md): PUT the declaration of the
 * other wallet, POST the signature over the server's challenge. The page reads the order again
 * after each: its answer (travelRule, and a released hold) is the order detail's.
 */

export function useDeclareTravelRule(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTravelRuleDeclaration) =>
      apiRequest(`/api/orders/${orderId}/travel-rule`, { method: 'PUT', body, operation: 'Saving the wallet details' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) }),
  });
}

export function useProveTravelRule(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) =>
      apiRequest(`/api/orders/${orderId}/travel-rule/proof`, { method: 'POST', body: { signature }, operation: 'Checking the signature' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) }),
  });
}
