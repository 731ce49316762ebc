import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAuditList, type TAuditTargetType, type ZAuditEntry } from '#shared/contracts/admin.js';
import { apiRequest } from '#web/lib/api.js';

export type TAuditEntry = z.infer<typeof ZAuditEntry>;
/** The log's filter as the page holds it: '' for "any" (the target kind too). */
export type TAuditFilter = {
  actor: string;
  action: string;
  targetType: TAuditTargetType | '';
  target: string;
  from: string;
  to: string;
  page: number;
};

/** Staff actions on other people's data: in memory only, never persisted (decisions/013 D10). */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filter: TAuditFilter) => ['admin', 'audit', 'list', filter] as const,
};

export function listAuditEntries(filter: TAuditFilter, signal?: AbortSignal) {
  return apiRequest('/api/admin/audit', {
    query: {
      actor: filter.actor || undefined,
      action: filter.action || undefined,
      targetType: filter.targetType || undefined,
      target: filter.target || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      page: String(filter.page),
    },
    schema: ZAuditList,
    operation: 'Loading the audit log',
    signal,
  });
}

export const auditQueryOptions = (filter: TAuditFilter) =>
  queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ signal }) => listAuditEntries(filter, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the audit log (25 a page, newest first). */
export function useAuditEntries(filter: TAuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
