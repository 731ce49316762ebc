import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAdminCoinList, ZDepositKeyPreview, type ZAdminCoin } from '#shared/contracts/admin.js';
import { ZCoinResponseWithChange, type TCoinRequest } from '#shared/contracts/destination-changes.js';
import { apiRequest } from '#web/lib/api.js';

export type TAdminCoin = z.infer<typeof ZAdminCoin>;
export type TCoinUpdate = TCoinRequest;
type TAdminCoinList = z.infer<typeof ZAdminCoinList>;

/** In memory only, never persisted (decisions/013 D10): deposit addresses are staff data. */
export const adminCoinKeys = {
  all: ['admin', 'coins'] as const,
};

export function listAdminCoins(signal?: AbortSignal) {
  return apiRequest('/api/admin/coins', { schema: ZAdminCoinList, operation: 'Loading currencies', signal });
}

export const adminCoinsQueryOptions = () =>
  queryOptions({
    queryKey: adminCoinKeys.all,
    queryFn: ({ signal }) => listAdminCoins(signal),
    select: (data) => data.coins,
    // A refetch on focus would be harmless (clean rows follow it), but rows being edited must not jump.
    refetchOnWindowFocus: false,
  });

/** Every coin, enabled or not, with its deposit address on each of its networks (docs/decisions/014). */
export function useAdminCoins() {
  return useQuery(adminCoinsQueryOptions());
}

/** Deposit addresses by network (only those named change; '' removes one) and the switch. */
export function updateCoin({ id, update }: { id: number; update: TCoinUpdate }) {
  return apiRequest(`/api/admin/coins/${id}`, {
    method: 'PATCH',
    body: update,
    schema: ZCoinResponseWithChange,
    operation: 'Saving the currency',
  });
}

/** Saves one coin row; the answer replaces that coin in the list (the other rows keep their edits). */
export function useUpdateCoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoin,
    onSuccess: ({ coin, pendingChange }) => {
      if (pendingChange) void queryClient.invalidateQueries({ queryKey: ['admin', 'destination-changes'] });
      queryClient.setQueryData<TAdminCoinList>(adminCoinKeys.all, (current) =>
        current ? { coins: current.coins.map((item) => (item.id === coin.id ? coin : item)) } : current,
      );
    },
  });
}

/**
 * The first receive addresses of a watch-only key the row holds, computed by the server before
 * anything is saved (docs/decisions/056); a key it cannot use is an ApiError saying why.
 */
export function previewDepositKey({ coinId, network, extendedKey }: { coinId: number; network: string; extendedKey: string }) {
  return apiRequest(`/api/admin/coins/${coinId}/deposit-key-preview`, {
    method: 'POST',
    body: { network, extendedKey },
    schema: ZDepositKeyPreview,
    operation: 'Checking the key',
  });
}

export function usePreviewDepositKey() {
  return useMutation({ mutationFn: previewDepositKey });
}
