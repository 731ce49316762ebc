import { useMutation } from '@tanstack/react-query';
import { ZForgotPasswordResponse } from '#shared/contracts/account.js';
import { apiRequest } from '#web/lib/api.js';

export function requestPasswordReset(input: { email: string }) {
  return apiRequest('/api/account/forgot-password', {
    method: 'POST',
    body: input,
    schema: ZForgotPasswordResponse,
    operation: 'Password reset request',
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
