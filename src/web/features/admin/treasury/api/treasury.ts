import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TREASURY_PATHS, ZSettlementReport, ZTreasury } from '#shared/contracts/treasury.js';
import { apiRequest } from '#web/lib/api.js';

/** In memory only, never persisted (decisions/013 D10). */
export const treasuryKeys = {
  all: ['admin', 'treasury'] as const,
  settlement: (day: string) => ['admin', 'treasury', 'settlement', day] as const,
};

export const treasuryQueryOptions = () =>
  queryOptions({
    queryKey: treasuryKeys.all,
    queryFn: ({ signal }) => apiRequest(TREASURY_PATHS.treasury, { schema: ZTreasury, operation: 'Loading the treasury', signal }),
  });

/** Balances of every business account now, what customers are owed, and the coverage of waiting orders. */
export function useTreasury() {
  return useQuery(treasuryQueryOptions());
}

/** A day's settlement: its figures now, or the signed snapshot. */
export function useSettlement(day: string, isEnabled = true) {
  return useQuery({
    enabled: isEnabled,
    queryKey: treasuryKeys.settlement(day),
    queryFn: ({ signal }) =>
      apiRequest(`${TREASURY_PATHS.settlement}?day=${encodeURIComponent(day)}`, {
        schema: ZSettlementReport,
        operation: 'Loading the settlement',
        signal,
      }),
  });
}

/** Signs a day off; the answer is the signed report, shown at once. */
export function useSignOffSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: string) =>
      apiRequest(TREASURY_PATHS.signOff(day), { method: 'POST', body: {}, schema: ZSettlementReport, operation: 'Signing off' }),
    onSuccess: (report, day) => queryClient.setQueryData(treasuryKeys.settlement(day), report),
    onSettled: (_report, _error, day) => queryClient.invalidateQueries({ queryKey: treasuryKeys.settlement(day) }),
  });
}
