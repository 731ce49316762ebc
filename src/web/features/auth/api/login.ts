import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZProfile, type TLoginRequest } from '../../../../shared/contracts/account.js';
import { apiRequest, TIMEOUTS } from '../../../lib/api';
import { setSessionUser } from '../../../lib/session';

const ZLoginResponse = z.object({ user: ZProfile });

export function login(input: TLoginRequest) {
  return apiRequest('/api/session/login', {
    method: 'POST',
    body: input,
    schema: ZLoginResponse,
    operation: 'Login',
    timeoutMs: TIMEOUTS.login,
  });
}

/** Signs in; the session cache is updated, and the route guards take the person onwards. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
