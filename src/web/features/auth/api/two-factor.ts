import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSessionResponse } from '#shared/contracts/account.js';
import { ZTwoFactorEnrolment, ZTwoFactorStatus } from '#shared/contracts/two-factor.js';
import { apiRequest } from '#web/lib/api.js';
import { setSessionUser } from '#web/lib/session.js';

const statusKey = ['account', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/account/two-factor', { schema: ZTwoFactorStatus, operation: 'Loading security settings', signal }),
  });
}

/** Step 1: the password (and after a reset, the emailed link's token); the answer is the new secret and the backup codes. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: ({ password, enrolmentToken }: { password: string; enrolmentToken?: string }) =>
      apiRequest('/api/account/two-factor/enable', {
        method: 'POST',
        body: enrolmentToken ? { password, enrolmentToken } : { password },
        schema: ZTwoFactorEnrolment,
        operation: 'Two-factor setup',
      }),
  });
}

/** Step 2: a code from the app turns it on (the server renews the session). */
export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/api/account/two-factor/confirm', {
        method: 'POST',
        body: { code },
        schema: ZSessionResponse,
        operation: 'Two-factor setup',
      }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/api/account/two-factor/disable', {
        method: 'POST',
        body: { password },
        schema: ZSessionResponse,
        operation: 'Turning off two-factor',
      }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}
