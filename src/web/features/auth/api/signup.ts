import { useMutation } from '@tanstack/react-query';
import type { TSignupRequest } from '#shared/contracts/account.js';
import { ZSignupChallenge, ZSignupResponse } from '#shared/contracts/email-verification.js';
import { apiRequest, TIMEOUTS } from '#web/lib/api.js';

export function signup(input: TSignupRequest) {
  return apiRequest('/api/account/signup', {
    method: 'POST',
    body: input,
    schema: ZSignupResponse,
    operation: 'Signup',
    timeoutMs: TIMEOUTS.signup,
  });
}

/** A proof-of-work challenge, asked for when the sign-up answered CHALLENGE_REQUIRED (docs/decisions/024). */
export function fetchSignupChallenge() {
  return apiRequest('/api/account/signup-challenge', { schema: ZSignupChallenge, operation: 'Signup' });
}

/** Asks for the account; the answer is "check your email", the same whether or not the address had one. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
