import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZSettings, type ZSettingsUpdate } from '#shared/contracts/admin.js';
import { ZTestEmailResult } from '#shared/contracts/setup.js';
import { apiRequest } from '#web/lib/api.js';

export type TSettings = z.infer<typeof ZSettings>;
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;

/** In memory only (decisions/013 D10). The SMTP password is never in here: the API does not return it (D5). */
export const settingsKeys = { all: ['admin', 'settings'] as const };

export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/admin/settings', { schema: ZSettings, operation: 'Loading settings', signal });
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal), staleTime: 0 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

export function saveSettings(update: TSettingsUpdate) {
  return apiRequest('/api/admin/settings', { method: 'PUT', body: update, schema: ZSettings, operation: 'Saving settings' });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}

/** Settings' "Send test email" (issue 16): through the saved SMTP settings; up to the SMTP client's own time limits. */
export function sendTestEmail() {
  return apiRequest('/api/admin/settings/test-email', {
    method: 'POST',
    schema: ZTestEmailResult,
    operation: 'Sending the test email',
    timeoutMs: 45_000,
  });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
