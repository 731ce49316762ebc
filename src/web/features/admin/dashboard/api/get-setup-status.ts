import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSetupStatus } from '#shared/contracts/setup.js';
import { apiRequest } from '#web/lib/api.js';

/** In memory only (decisions/013 D10), like every staff answer. */
export const setupStatusKeys = { all: ['admin', 'setup-status'] as const };

export function getSetupStatus(signal?: AbortSignal) {
  return apiRequest('/api/admin/setup-status', { schema: ZSetupStatus, operation: 'Loading the setup checklist', signal });
}

/**
 * The first-run checklist (super admin only): read again each time the dashboard opens, so an
 * item done on another page is gone when the super admin comes back.
 */
export function useSetupStatus({ isEnabled }: { isEnabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: setupStatusKeys.all,
      queryFn: ({ signal }) => getSetupStatus(signal),
      staleTime: 0,
      enabled: isEnabled,
    }),
  );
}
