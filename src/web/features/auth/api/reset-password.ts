import { useMutation } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import { apiRequest } from '#web/lib/api.js';

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
