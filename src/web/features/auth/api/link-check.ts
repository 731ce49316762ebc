import { useQuery } from '@tanstack/react-query';

/**
 * Whether an emailed link (a password reset, an invitation) can still set a password, asked once
 * per page visit: never again on focus or reconnect, since once the password is set the answer
 * would be that the link is used. Nothing is asked without a token.
 */
export function useLinkCheck(name: string, token: string, check: (token: string, signal: AbortSignal) => Promise<unknown>) {
  return useQuery({
    queryKey: [name, token],
    queryFn: ({ signal }) => check(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
