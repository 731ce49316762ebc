import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPhoneStatus, type TPhoneStatus } from '#shared/contracts/sms.js';
import { apiRequest } from '#web/lib/api.js';
import { phoneKeys } from '#web/lib/query-keys.js';

/** The customer's phone: the number, whether it is verified, and the code under way (issue 18). */
export function getPhoneStatus(signal?: AbortSignal) {
  return apiRequest('/api/account/phone', { schema: ZPhoneStatus, operation: 'Loading your phone number', signal });
}

export function usePhoneStatus() {
  return useQuery({ queryKey: phoneKeys.status, queryFn: ({ signal }) => getPhoneStatus(signal) });
}

/** Each answer is the phone status after the change: it replaces the cached one. */
function useStatusMutation<TInput>(request: (input: TInput) => Promise<TPhoneStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (status) => queryClient.setQueryData(phoneKeys.status, status),
  });
}

/** Sends a 6-digit code by SMS to a Ghana mobile number (as typed: the server writes it +233…). */
export function useSendPhoneCode() {
  return useStatusMutation((phone: string) =>
    apiRequest('/api/account/phone/code', { method: 'POST', body: { phone }, schema: ZPhoneStatus, operation: 'Sending the code' }),
  );
}

/** The code from the SMS: the right one makes the number the account's verified number. */
export function useVerifyPhoneCode() {
  return useStatusMutation((code: string) =>
    apiRequest('/api/account/phone/verify', { method: 'POST', body: { code }, schema: ZPhoneStatus, operation: 'Checking the code' }),
  );
}

/** Re-reads the status (a code that ran out is no longer under way). */
export function useRefreshPhoneStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: phoneKeys.status });
}
