import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ZUsernameAvailableResponse } from '#shared/contracts/account.js';
import { apiRequest } from '#web/lib/api.js';

export function checkUsernameAvailable(username: string, signal?: AbortSignal) {
  return apiRequest('/api/account/username-available', {
    query: { username },
    schema: ZUsernameAvailableResponse,
    operation: 'Username check',
    signal,
  });
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['account', 'username-available', username.toLowerCase()],
    queryFn: ({ signal }) => checkUsernameAvailable(username, signal),
    staleTime: 30_000,
    retry: false,
  });

/**
 * Returns a function that asks the server whether a username is free (used on blur); `reason`
 * says why a name no one has is refused all the same (it reads as staff).
 */
export function useCheckUsername() {
  const queryClient = useQueryClient();
  return useCallback(
    async (username: string): Promise<{ available: boolean; reason?: string }> =>
      queryClient.fetchQuery(usernameAvailabilityQueryOptions(username)),
    [queryClient],
  );
}
