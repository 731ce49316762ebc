import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDestinationChangeList,
  ZDestinationChangeResponse,
  type TDestinationChange,
  type TDestinationKind,
} from '#shared/contracts/destination-changes.js';
import { apiRequest } from '#web/lib/api.js';

/** In memory only, never persisted (decisions/013 D10). */
export const destinationChangeKeys = { all: ['admin', 'destination-changes'] as const };

export const destinationChangesQueryOptions = () =>
  queryOptions({
    queryKey: destinationChangeKeys.all,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/destination-changes', { schema: ZDestinationChangeList, operation: 'Loading pending changes', signal }),
    select: (data) => data.changes,
  });

/** Changes of where money goes: the waiting ones first, then the latest decided (docs/decisions/030). */
export function useDestinationChanges() {
  return useQuery(destinationChangesQueryOptions());
}

/** The change of this kind waiting for approval, by its target's id: the payment method's or the coin's row says so. */
export function usePendingChanges(kind: TDestinationKind): (targetId: number) => TDestinationChange | undefined {
  const pending = useDestinationChanges().data?.filter((change) => change.kind === kind && change.status === 'pending') ?? [];
  return (targetId) => pending.find((change) => change.targetId === String(targetId));
}

/** After a decision the list, the payment methods and the coins are read again. */
function useInvalidateDestinations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: destinationChangeKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'payment-methods'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'coins'] }),
    ]);
}

export function useApproveDestinationChange() {
  const invalidate = useInvalidateDestinations();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      apiRequest(`/api/admin/destination-changes/${id}/approve`, {
        method: 'POST',
        body: { code },
        schema: ZDestinationChangeResponse,
        operation: 'Approving the change',
      }),
    onSettled: invalidate,
  });
}

export function useRejectDestinationChange() {
  const invalidate = useInvalidateDestinations();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/destination-changes/${id}/reject`, {
        method: 'POST',
        body: {},
        schema: ZDestinationChangeResponse,
        operation: 'Rejecting the change',
      }),
    onSettled: invalidate,
  });
}
