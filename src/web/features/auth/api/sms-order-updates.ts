import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPhoneStatus } from '#shared/contracts/sms.js';
import { apiRequest } from '#web/lib/api.js';
import { phoneKeys } from '#web/lib/query-keys.js';

/** The customer's phone status (issue 18): read here for the order SMS setting, verified on the KYC page. */
export function usePhoneSettings() {
  return useQuery({
    queryKey: phoneKeys.status,
    queryFn: ({ signal }) => apiRequest('/api/account/phone', { schema: ZPhoneStatus, operation: 'Loading your SMS settings', signal }),
  });
}

/** Order SMS on or off; on only with a verified number (the server says so otherwise). */
export function useSetSmsOrderUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (smsOrderUpdates: boolean) =>
      apiRequest('/api/account/phone/sms-order-updates', {
        method: 'PUT',
        body: { smsOrderUpdates },
        schema: ZPhoneStatus,
        operation: 'Saving your SMS settings',
      }),
    onSuccess: (status) => queryClient.setQueryData(phoneKeys.status, status),
  });
}
