import { useMutation } from '@tanstack/react-query';
import { ZSessionResponse } from '#shared/contracts/account.js';
import { apiRequest } from '#web/lib/api.js';

/** The emailed link's token (docs/decisions/024): the address is confirmed, and the first time the person is signed in. */
export function verifyEmail(token: string) {
  return apiRequest('/api/account/verify-email', {
    method: 'POST',
    body: { token },
    schema: ZSessionResponse,
    operation: 'Email confirmation',
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
