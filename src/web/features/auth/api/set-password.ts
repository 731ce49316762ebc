import { useMutation } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import { apiRequest } from '#web/lib/api.js';

/** An invited admin chooses a password with the single-use token from the invitation email. */
export function setPassword(input: { token: string; password: string }) {
  return apiRequest('/api/account/set-password', { method: 'POST', body: input, schema: ZOk, operation: 'Setting the password' });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
