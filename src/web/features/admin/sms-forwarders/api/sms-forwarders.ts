import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSmsForwarderCreated, ZSmsForwarderRevoked, ZSmsForwarders, type TCreateSmsForwarder } from '#shared/contracts/sms-forwarders.js';
import { apiRequest } from '#web/lib/api.js';

/** SMS forwarder devices (docs/decisions/059). In memory only, never persisted (decisions/013 D10): the secret above all. */
const keys = { all: ['admin', 'sms-forwarders'] as const };

export function useSmsForwarders() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/sms-forwarders', { schema: ZSmsForwarders, operation: 'Loading the SMS forwarders', signal }),
    select: (data) => data.forwarders,
  });
}

export function useCreateSmsForwarder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateSmsForwarder) =>
      apiRequest('/api/admin/sms-forwarders', { method: 'POST', body, schema: ZSmsForwarderCreated, operation: 'Adding the forwarder' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRevokeSmsForwarder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/sms-forwarders/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        schema: ZSmsForwarderRevoked,
        operation: 'Revoking the forwarder',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
