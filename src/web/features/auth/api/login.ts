import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest } from '#shared/contracts/account.js';
import { ZLoginResponse } from '#shared/contracts/two-factor.js';
import { apiRequest, TIMEOUTS } from '#web/lib/api.js';
import { setSessionUser } from '#web/lib/session.js';

export function login(input: TLoginRequest) {
  return apiRequest('/api/session/login', {
    method: 'POST',
    body: input,
    schema: ZLoginResponse,
    operation: 'Login',
    timeoutMs: TIMEOUTS.login,
  });
}

/** The code step of a sign-in with two-factor on: an authenticator code or a backup code. */
export function verifySecondFactor(input: { code: string; portal: TLoginRequest['portal'] }) {
  return apiRequest('/api/session/two-factor', {
    method: 'POST',
    body: input,
    schema: ZLoginResponse,
    operation: 'Login',
    timeoutMs: TIMEOUTS.login,
  });
}

/**
 * Signs in (password step); with two-factor on the answer asks for a code instead. Once a
 * session exists the cache is updated, and the route guards take the person onwards.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      if (user) setSessionUser(queryClient, user);
    },
  });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: ({ user }) => {
      if (user) setSessionUser(queryClient, user);
    },
  });
}
