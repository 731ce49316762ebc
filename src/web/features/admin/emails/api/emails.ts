import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { EMAIL_LOG_FILTERS, ZEmailLogDetail, ZEmailLogList, type ZEmailLogItem } from '#shared/contracts/admin.js';
import { apiRequest } from '#web/lib/api.js';

export type TEmailStatus = z.infer<typeof ZEmailLogItem>['status'];

/** Emails name other people: kept in memory only, never persisted (decisions/013 D10). */
export const emailLogKeys = {
  all: ['admin', 'emails'] as const,
  list: (page: number, status: TEmailLogFilter) => ['admin', 'emails', 'list', page, status] as const,
  detail: (id: number) => ['admin', 'emails', 'detail', id] as const,
};

/** '' for every email; 'undelivered' for those that did not go out (docs/decisions/033). */
export type TEmailLogFilter = '' | (typeof EMAIL_LOG_FILTERS)[number];

export function listEmails(page: number, status: TEmailLogFilter, signal?: AbortSignal) {
  return apiRequest('/api/admin/emails', {
    query: { page: String(page), ...(status ? { status } : {}) },
    schema: ZEmailLogList,
    operation: 'Loading the email log',
    signal,
  });
}

export const emailsQueryOptions = (page: number, status: TEmailLogFilter = '') =>
  queryOptions({
    queryKey: emailLogKeys.list(page, status),
    queryFn: ({ signal }) => listEmails(page, status, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the email log (20 a page, newest first). */
export function useEmails(page: number, status: TEmailLogFilter = '') {
  return useQuery(emailsQueryOptions(page, status));
}

export function getEmail(id: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/emails/${id}`, { schema: ZEmailLogDetail, operation: 'Loading the email', signal });
}

/**
 * One email with its rendered HTML body (link tokens masked) and the last delivery error. Each
 * opening asks the server, which audits every view of a body; nothing is kept once closed.
 */
export function useEmail(id: number) {
  return useQuery({
    queryKey: emailLogKeys.detail(id),
    queryFn: ({ signal }) => getEmail(id, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function revealEmail(id: number, reason: string) {
  return apiRequest(`/api/admin/emails/${id}/reveal`, {
    method: 'POST',
    body: { reason },
    schema: ZEmailLogDetail,
    operation: 'Revealing the link',
  });
}

/** A super admin's reveal of the masked link (decisions/013 D15): shown for this view only, never cached. */
export function useRevealEmail(id: number) {
  return useMutation({ mutationFn: (reason: string) => revealEmail(id, reason), gcTime: 0 });
}
