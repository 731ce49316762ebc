import { useMutation, useQuery } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import { apiRequest } from '#web/lib/api.js';

/** An invited admin chooses a password with the single-use token from the invitation email. */
export function setPassword(input: { token: string; password: string }) {
  return apiRequest('/api/account/set-password', { method: 'POST', body: input, schema: ZOk, operation: 'Setting the password' });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}

/**
 * Whether the invitation link can still set a password, asked when its page opens: resolves
 * when it can; fails with INVITATION_ALREADY_ACCEPTED (used) or INVALID_TOKEN (unknown, expired,
 * replaced). POST, so the token stays out of URLs and logs.
 */
export function checkInvitation(token: string, signal?: AbortSignal) {
  return apiRequest('/api/account/invitation/check', {
    method: 'POST',
    body: { token },
    schema: ZOk,
    operation: 'Checking the invitation',
    signal,
  });
}

/** Asked once per page visit; never again on focus (after the password is set, the answer would be 'used'). */
export function useInvitationCheck(token: string) {
  return useQuery({
    queryKey: ['invitation-check', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
