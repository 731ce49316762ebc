import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  ZAlertCount,
  ZAlertDetail,
  ZAlertList,
  ZAlertResponse,
  ZCaseList,
  ZCaseResponse,
  ZLegalHoldResponse,
  legalHoldPath,
  ZComplianceSettings,
  ZEscalateResponse,
  ZNoteResponse,
  ZOverdueCaseCount,
  type TAlertQuery,
  type TCaseStatus,
  type TComplianceSettingsUpdate,
} from '#shared/contracts/compliance.js';
import { apiRequest } from '#web/lib/api.js';

/**
 * The compliance desk's requests (docs/decisions/017). What the desk reads names customers and
 * their suspicions: kept in the TanStack Query memory cache only, never in localStorage.
 */
export const complianceKeys = {
  all: ['admin', 'compliance'] as const,
  alerts: (filter: TAlertQuery) => ['admin', 'compliance', 'alerts', filter] as const,
  alert: (id: number) => ['admin', 'compliance', 'alert', id] as const,
  cases: (status: string) => ['admin', 'compliance', 'cases', status] as const,
  settings: ['admin', 'compliance', 'settings'] as const,
  count: ['admin', 'compliance', 'count'] as const,
};

/**
 * The count on the Compliance menu item (open alerts and escalated holds not released,
 * docs/decisions/017). `isEnabled`: the role may open the desk. Read again on every move to
 * another page (`pagePath`), after every change on the desk (useRefreshDesk), and whenever the
 * back-office socket says an alert, a hold or a case changed anywhere (docs/decisions/032).
 * A failure is simply no count.
 */
export function useAlertCount(isEnabled: boolean, pagePath?: string) {
  const query = useQuery({
    queryKey: complianceKeys.count,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/compliance/alerts/count', { schema: ZAlertCount, operation: 'Loading the alerts to review', signal }),
    enabled: isEnabled,
    // Kept live by the back-office socket (app/layouts/use-staff-live.ts, docs/decisions/032): no polling.
    retry: false,
  });
  const { refetch } = query;
  useEffect(() => {
    // A read already under way (the first one) is joined, not started again.
    if (isEnabled && pagePath !== undefined) void refetch({ cancelRefetch: false });
  }, [isEnabled, pagePath, refetch]);
  return query;
}

export function useAlerts(filter: TAlertQuery) {
  return useQuery({
    queryKey: complianceKeys.alerts(filter),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/compliance/alerts', {
        query: { status: filter.status, rule: filter.rule, page: String(filter.page) },
        schema: ZAlertList,
        operation: 'Loading alerts',
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAlertDetail(id: number) {
  return useQuery({
    queryKey: complianceKeys.alert(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/compliance/alerts/${id}`, { schema: ZAlertDetail, operation: 'Loading the alert', signal }),
    staleTime: 0,
  });
}

export function useCases(status: 'all' | TCaseStatus, isEnabled = true) {
  return useQuery({
    queryKey: complianceKeys.cases(status),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/compliance/cases', { query: { status }, schema: ZCaseList, operation: 'Loading cases', signal }),
    // The timers count down on screen; another officer's case or filing arrives on the back-office
    // socket (app/layouts/use-staff-live.ts, docs/decisions/032), no polling.
    enabled: isEnabled,
  });
}

export function useComplianceSettings() {
  return useQuery({
    queryKey: complianceKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/compliance/settings', { schema: ZComplianceSettings, operation: 'Loading the monitoring settings', signal }),
  });
}

/** After any change on the desk, everything it shows is read again (a 409 too: someone else decided). */
function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: complianceKeys.all });
}

export function useAddNote(alertId: number) {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`/api/admin/compliance/alerts/${alertId}/notes`, {
        method: 'POST',
        body: { body },
        schema: ZNoteResponse,
        operation: 'Saving the note',
      }),
    onSuccess: refresh,
  });
}

export type TAlertDecision = 'clear' | 'escalate';

export function useDecideAlert() {
  const refresh = useRefreshDesk();
  return useMutation({
    // Clearing carries its reason (required by the server, issue 27 point 5).
    mutationFn: ({ id, decision, reason = '' }: { id: number; decision: TAlertDecision; reason?: string }) =>
      decision === 'clear'
        ? apiRequest(`/api/admin/compliance/alerts/${id}/clear`, {
            method: 'POST',
            body: { note: reason },
            schema: ZAlertResponse,
            operation: 'Clearing the alert',
          })
        : apiRequest(`/api/admin/compliance/alerts/${id}/escalate`, {
            method: 'POST',
            body: {},
            schema: ZEscalateResponse,
            operation: 'Escalating the alert',
          }),
    onSuccess: refresh,
    onError: refresh,
  });
}

/** Releases the hold of an escalated alert with the officer's note (docs/decisions/017); a 409 refreshes too. */
export function useReleaseHold(alertId: number) {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (note: string) =>
      apiRequest(`/api/admin/compliance/alerts/${alertId}/release`, {
        method: 'POST',
        body: { note },
        schema: ZAlertResponse,
        operation: 'Releasing the hold',
      }),
    onSuccess: refresh,
    onError: refresh,
  });
}

export function useFileCase() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ id, ficReference }: { id: number; ficReference: string }) =>
      apiRequest(`/api/admin/compliance/cases/${id}/file`, {
        method: 'POST',
        body: { ficReference },
        schema: ZCaseResponse,
        operation: 'Marking the case filed',
      }),
    onSuccess: refresh,
  });
}

/** Open cases past their 24-hour deadline (issue 27 point 5): read with the cases list. */
export function useOverdueCaseCount() {
  return useQuery({
    queryKey: [...complianceKeys.all, 'overdue-count'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/compliance/cases/overdue-count', { schema: ZOverdueCaseCount, operation: 'Counting overdue cases', signal }),
    refetchInterval: 60_000,
  });
}

/** Ends a case without a report to the FIC, with the officer's reason (issue 27 point 5). */
export function useCloseCaseWithoutReport() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(`/api/admin/compliance/cases/${id}/no-report`, {
        method: 'POST',
        body: { reason },
        schema: ZCaseResponse,
        operation: 'Ending the case',
      }),
    onSuccess: refresh,
  });
}

/** Places or lifts a customer's legal hold (docs/decisions/074), with the reason; the cases list reads it again. */
export function useLegalHold() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ userId, reason, lift }: { userId: string; reason: string; lift: boolean }) =>
      apiRequest(`${legalHoldPath(userId)}${lift ? '/lift' : ''}`, {
        method: 'POST',
        body: { reason },
        schema: ZLegalHoldResponse,
        operation: lift ? 'Lifting the legal hold' : 'Placing the legal hold',
      }),
    onSuccess: refresh,
  });
}

export function useSaveComplianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TComplianceSettingsUpdate) =>
      apiRequest('/api/admin/compliance/settings', {
        method: 'PUT',
        body: update,
        schema: ZComplianceSettings,
        operation: 'Saving the monitoring settings',
      }),
    onSuccess: (saved) => queryClient.setQueryData(complianceKeys.settings, saved),
  });
}
