import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ZProfile, type TSignupRequest } from '#shared/contracts/account.js';
import { apiRequest, TIMEOUTS } from '#web/lib/api.js';

const ZSignupResponse = z.object({ user: ZProfile });

export function signup(input: TSignupRequest) {
  return apiRequest('/api/account/signup', {
    method: 'POST',
    body: input,
    schema: ZSignupResponse,
    operation: 'Signup',
    timeoutMs: TIMEOUTS.signup,
  });
}

/**
 * Creates the account (the server signs the person in). The session cache is adopted by the
 * 'Account Created!' page, so the signup page's guard does not redirect before it shows.
 */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
