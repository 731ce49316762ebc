import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZSmsLogItem, ZSmsLogList } from '#shared/contracts/sms.js';
import { apiRequest } from '#web/lib/api.js';

/** SMS name people and their numbers: kept in memory only, never persisted (decisions/013 D10). */
export const smsLogKeys = {
  all: ['admin', 'sms'] as const,
  list: (page: number) => ['admin', 'sms', 'list', page] as const,
};

export function listSms(page: number, signal?: AbortSignal) {
  return apiRequest('/api/admin/sms', { query: { page: String(page) }, schema: ZSmsLogList, operation: 'Loading the SMS log', signal });
}

export const smsQueryOptions = (page: number) =>
  queryOptions({ queryKey: smsLogKeys.list(page), queryFn: ({ signal }) => listSms(page, signal), placeholderData: keepPreviousData });

/** One page of the SMS log (20 a page, newest first), one-time codes masked. */
export function useSmsLog(page: number) {
  return useQuery(smsQueryOptions(page));
}

export function revealSms(id: number, reason: string) {
  return apiRequest(`/api/admin/sms/${id}/reveal`, {
    method: 'POST',
    body: { reason },
    schema: ZSmsLogItem,
    operation: 'Revealing the code',
  });
}

/** The super admin's reveal of a masked code (docs/decisions/011): shown for this view only, never cached. */
export function useRevealSms(id: number) {
  return useMutation({ mutationFn: (reason: string) => revealSms(id, reason), gcTime: 0 });
}
