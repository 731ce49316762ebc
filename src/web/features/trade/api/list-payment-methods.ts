import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaymentMethodList } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';

export const PAYMENT_METHODS_QUERY_KEY = ['payment-methods'] as const;

export function listPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/api/payment-methods', { schema: ZPaymentMethodList, operation: 'Loading payment methods', signal });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => listPaymentMethods(signal),
    select: (data) => data.paymentMethods,
  });

/** The enabled payment methods, each with the account the customer pays into. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
