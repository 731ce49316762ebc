import { useMutation } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import { apiRequest } from '#web/lib/api.js';
import { useLinkCheck } from './link-check';

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

/** Asked once per page visit (after the password is set, the answer would be 'used'). */
export function useInvitationCheck(token: string) {
  return useLinkCheck('invitation-check', token, checkInvitation);
}
