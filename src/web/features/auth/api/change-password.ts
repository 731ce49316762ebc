import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSessionResponse, type TChangePasswordRequest } from '#shared/contracts/account.js';
import { apiRequest } from '#web/lib/api.js';
import { setSessionUser } from '#web/lib/session.js';

/** Change password while signed in (docs/decisions/023): the answer is the profile, on a new session. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      apiRequest('/api/account/password', { method: 'POST', body: input, schema: ZSessionResponse, operation: 'Changing the password' }),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
