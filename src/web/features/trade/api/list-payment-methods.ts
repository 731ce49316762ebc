import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, LazySchema } from '#web/lib/api.js';

export const PAYMENT_METHODS_QUERY_KEY = ['payment-methods'] as const;

// The contract loads with the page's code; this module stays light for the route loaders (lib/api.ts LazySchema).
const paymentMethodListSchema = new LazySchema(() => import('#shared/contracts/orders.js').then((m) => m.ZPaymentMethodList));

export function listPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/api/payment-methods', { schema: paymentMethodListSchema, operation: 'Loading payment methods', signal });
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
