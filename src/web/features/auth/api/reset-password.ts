import { useMutation } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import { apiRequest } from '#web/lib/api.js';
import { useLinkCheck } from './link-check';

export function resetPassword(input: { token: string; password: string }) {
  return apiRequest('/api/account/reset-password', {
    method: 'POST',
    body: input,
    schema: ZOk,
    operation: 'Password reset',
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * Whether the reset link can still set a password, asked when its page opens (issue 26 point
 * 16): resolves when it can; fails with INVALID_TOKEN when it was used, replaced or has expired.
 * Asking does not use it up. POST, so the token stays out of URLs and logs.
 */
export function checkResetLink(token: string, signal?: AbortSignal) {
  return apiRequest('/api/account/reset-password/check', {
    method: 'POST',
    body: { token },
    schema: ZOk,
    operation: 'Checking the reset link',
    signal,
  });
}

/** Asked once per page visit (after the reset, the answer would be 'invalid'). */
export function useResetLinkCheck(token: string) {
  return useLinkCheck('reset-link-check', token, checkResetLink);
}
