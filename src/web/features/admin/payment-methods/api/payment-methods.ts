import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAdminPaymentMethodList, type ZAdminPaymentMethod, type ZPaymentMethodInput } from '#shared/contracts/admin.js';
import { ZPaymentMethodResponseWithChange } from '#shared/contracts/destination-changes.js';
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

/**
 * Adds (POST) or edits (PUT) a method. An edit of the account, and a new method, need `code` and
 * come back as a pending change (issue 27 point 3, docs/decisions/030 and 035); a new method is
 * stored disabled and the method itself is unchanged until approved.
 */
export function savePaymentMethod({ id, input, code }: { id: number | null; input: TPaymentMethodInput; code?: string }) {
  if (id === null) {
    return apiRequest('/api/admin/payment-methods', {
      method: 'POST',
      body: code ? { ...input, code } : input,
      schema: ZPaymentMethodResponseWithChange,
      operation: 'Saving the payment method',
    });
  }
  return apiRequest(`/api/admin/payment-methods/${id}`, {
    method: 'PUT',
    body: code ? { ...input, code } : input,
    schema: ZPaymentMethodResponseWithChange,
    operation: 'Saving the payment method',
  });
}

/** Off at once; on again only after a second admin approves, with `code` (docs/decisions/035). */
export function togglePaymentMethod({ id, isEnabled, code }: { id: number; isEnabled: boolean; code?: string }) {
  return apiRequest(`/api/admin/payment-methods/${id}`, {
    method: 'PATCH',
    body: code ? { isEnabled, code } : { isEnabled },
    schema: ZPaymentMethodResponseWithChange,
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'destination-changes'] }),
      ]),
  });
}

/** Turns a method off (shown at once, rolled back on failure) or asks to turn it on again. */
export function useTogglePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePaymentMethod,
    onMutate: async ({ id, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: paymentMethodKeys.all });
      const previous = queryClient.getQueryData<z.infer<typeof ZAdminPaymentMethodList>>(paymentMethodKeys.all);
      // Off shows at once; on waits for approval (docs/decisions/035), so the switch stays off.
      if (previous && !isEnabled) {
        queryClient.setQueryData(paymentMethodKeys.all, {
          paymentMethods: previous.paymentMethods.map((method) => (method.id === id ? { ...method, isEnabled } : method)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(paymentMethodKeys.all, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'destination-changes'] }),
      ]),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
