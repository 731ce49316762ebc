import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZAdminPaymentMethodList,
  ZAdminPaymentMethodResponse,
  type ZAdminPaymentMethod,
  type ZPaymentMethodInput,
} from '#shared/contracts/admin.js';
import { apiRequest } from '#web/lib/api.js';

export type TAdminPaymentMethod = z.infer<typeof ZAdminPaymentMethod>;
export type TPaymentMethodInput = z.infer<typeof ZPaymentMethodInput>;

/** In memory only, never persisted (decisions/013 D10). */
export const paymentMethodKeys = {
  all: ['admin', 'payment-methods'] as const,
};

export function listPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/api/admin/payment-methods', {
    schema: ZAdminPaymentMethodList,
    operation: 'Loading payment methods',
    signal,
  });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: ({ signal }) => listPaymentMethods(signal),
    select: (data) => data.paymentMethods,
  });

/** Every payment method, enabled or not. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

export function savePaymentMethod({ id, input }: { id: number | null; input: TPaymentMethodInput }) {
  return apiRequest(id === null ? '/api/admin/payment-methods' : `/api/admin/payment-methods/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: input,
    schema: ZAdminPaymentMethodResponse,
    operation: 'Saving the payment method',
  });
}

export function togglePaymentMethod({ id, isEnabled }: { id: number; isEnabled: boolean }) {
  return apiRequest(`/api/admin/payment-methods/${id}`, {
    method: 'PATCH',
    body: { isEnabled },
    schema: ZAdminPaymentMethodResponse,
    operation: 'Updating the payment method',
  });
}

export function deletePaymentMethod(id: number) {
  return apiRequest(`/api/admin/payment-methods/${id}`, { method: 'DELETE', operation: 'Deleting the payment method' });
}

/** Adds (id null) or updates a method; the list is re-read afterwards either way. */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

/** Turns a method on or off; the switch shows the new state at once and rolls back on failure. */
export function useTogglePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePaymentMethod,
    onMutate: async ({ id, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: paymentMethodKeys.all });
      const previous = queryClient.getQueryData<z.infer<typeof ZAdminPaymentMethodList>>(paymentMethodKeys.all);
      if (previous) {
        queryClient.setQueryData(paymentMethodKeys.all, {
          paymentMethods: previous.paymentMethods.map((method) => (method.id === id ? { ...method, isEnabled } : method)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(paymentMethodKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
