import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.js';
import { clearLocalCaches, SESSION_QUERY_KEY } from '#web/lib/session.js';

export function logout() {
  return apiRequest<{ ok: true }>('/api/session/logout', { method: 'POST', operation: 'Logout' });
}

/**
 * Signs out. Whether or not the server answered, everything cached in this browser goes:
 * the query cache and localStorage (shared computers are common, decisions/013 D10).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // A session fetch still in flight would otherwise put the signed-out user back.
      await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
      clearLocalCaches();
      // Drop every cached answer but keep the session query itself, so that everything
      // watching it sees the null at once (removing it would leave observers on a stale copy).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      // Past mutations hold what was typed (e.g. the login form's password).
      setTimeout(() => queryClient.getMutationCache().clear(), 0);
    },
  });
}
