import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionEnded } from './api';
import { SESSION_QUERY_KEY, writeCachedProfile } from './session';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  // The server's "no session" answer (expired, logged out elsewhere) forgets the session and the
  // route guards send the person to the right login page. Other 401s (a wrong password or code)
  // are the form's business: the session is alive.
  const forgetSessionOn401 = (error: unknown) => {
    if (isSessionEnded(error)) {
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
