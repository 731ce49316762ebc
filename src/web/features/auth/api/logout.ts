import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOk } from '../../../../shared/contracts/common.js';
import { apiRequest } from '../../../lib/api';
import { clearLocalCaches, SESSION_QUERY_KEY } from '../../../lib/session';

export function logout() {
  return apiRequest('/api/session/logout', { method: 'POST', schema: ZOk, operation: 'Logout' });
}

/**
 * Signs out. Whether or not the server answered, everything cached in this browser goes:
 * the query cache and localStorage (shared computers are common, decision D10).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearLocalCaches();
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
