import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import {
  SANCTIONS_LISTS_PATH,
  SANCTIONS_OPERATOR_ENTRIES_PATH,
  ZAddSanctionsEntryResponse,
  ZSanctionsEntries,
  ZSanctionsLists,
  type TAddSanctionsEntryRequest,
} from '#shared/contracts/sanctions.js';
import { apiRequest } from '#web/lib/api.js';

/** The sanctions lists in force and the operator's own entries (docs/decisions/075). */
export const sanctionsKeys = {
  lists: ['admin', 'compliance', 'sanctions-lists'] as const,
  entries: ['admin', 'compliance', 'sanctions-entries'] as const,
};

export function useSanctionsLists() {
  return useQuery({
    queryKey: sanctionsKeys.lists,
    queryFn: ({ signal }) =>
      apiRequest(SANCTIONS_LISTS_PATH, { schema: ZSanctionsLists, operation: 'Loading the sanctions lists', signal }),
  });
}

export function useOperatorEntries() {
  return useQuery({
    queryKey: sanctionsKeys.entries,
    queryFn: ({ signal }) =>
      apiRequest(SANCTIONS_OPERATOR_ENTRIES_PATH, { schema: ZSanctionsEntries, operation: 'Loading the operator list', signal }),
  });
}

/** Adding or removing an entry changes the operator list's count too: both queries are read again. */
function useRefreshSanctions() {
  const queryClient = useQueryClient();
  return () => Promise.all([sanctionsKeys.lists, sanctionsKeys.entries].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useAddOperatorEntry() {
  const refresh = useRefreshSanctions();
  return useMutation({
    mutationFn: (entry: TAddSanctionsEntryRequest) =>
      apiRequest(SANCTIONS_OPERATOR_ENTRIES_PATH, {
        method: 'POST',
        body: entry,
        schema: ZAddSanctionsEntryResponse,
        operation: 'Adding the entry',
      }),
    onSuccess: refresh,
  });
}

export function useRemoveOperatorEntry() {
  const refresh = useRefreshSanctions();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${SANCTIONS_OPERATOR_ENTRIES_PATH}/${id}`, { method: 'DELETE', schema: ZOk, operation: 'Removing the entry' }),
    onSuccess: refresh,
  });
}
