import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { accountState } from '#shared/account-state.js';
import type { TProfile } from '#shared/contracts/account.js';
import { ApiError, isSessionEnded, listenToAccountState, mayMeanAccountChanged } from './api';
import { backgroundAwareBehavior, installBackgroundTriggers, runInBackground } from './background-requests';
import { SESSION_QUERY_KEY, writeCachedProfile } from './session';

/**
 * How long an answer counts as this visit's read for a page that opens: a route loader
 * (app/route-loaders.ts) asks for the page's data while its code downloads, and the page, mounting
 * a moment later, does not ask again for data that is always re-read on a visit (staleTime 0).
 */
export const JUST_READ_MS = 5_000;

/**
 * refetchOnMount for queries re-read on every visit: not when the loader of this visit has just
 * read them; always when something changed them since (invalidated, e.g. the trading limit after
 * the phone is verified on the KYC page and the customer goes straight to the dashboard).
 */
export function refetchOnMountUnlessJustRead(query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The one place where answers of the server change what the browser believes about the session;
 * the route guards then show the right menu, Access Denied or the right login page.
 * - The server's "no session" answer (expired, signed out elsewhere, account deleted) forgets the
 *   session. Other 401s (a wrong password or code) are the form's business: the session is alive.
 * - A refusal (FORBIDDEN, TWO_FACTOR_REQUIRED), or an answer whose account state differs from the
 *   session held (a role changed by a super admin), re-reads the session from the server.
 * Closing a chat or order socket for an account change re-reads it too (lib/chat/use-chat-socket.ts, lib/use-order-events.ts).
 */
export function createQueryClient(): QueryClient {
  // Refetches TanStack Query makes on its own are background requests (docs/decisions/020).
  installBackgroundTriggers();
  const reReadSession = () => {
    if (queryClient.isFetching({ queryKey: SESSION_QUERY_KEY }) > 0) return;
    runInBackground(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }));
  };

  const onError = (error: unknown) => {
    if (isSessionEnded(error)) {
      writeCachedProfile(null);
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    } else if (mayMeanAccountChanged(error)) {
      reReadSession();
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        behavior: backgroundAwareBehavior,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });

  listenToAccountState((state) => {
    const user = queryClient.getQueryData<TProfile | null>(SESSION_QUERY_KEY);
    if (!user || accountState(user) !== state) reReadSession();
  });
  return queryClient;
}
