import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { SESSION_QUERY_KEY, writeCachedProfile } from './session';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session is gone (expired, logged out elsewhere): forget it,
  // and the route guards send the person to the right login page.
  const forgetSessionOn401 = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      writeCachedProfile(null);
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: forgetSessionOn401 }),
    mutationCache: new MutationCache({ onError: forgetSessionOn401 }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
