import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZStaffNotificationSettings, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';
import { apiRequest } from '#web/lib/api.js';

export const notificationSettingsKey = ['admin', 'me', 'notifications'] as const;

/** The signed-in staff member's sound and desktop notification (off by default, kept on the server). */
export function useNotificationSettings(isEnabled = true) {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/me/notifications', { schema: ZStaffNotificationSettings, operation: 'Loading your notifications', signal }),
    enabled: isEnabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStaffNotificationSettings) =>
      apiRequest('/api/admin/me/notifications', {
        method: 'PUT',
        body,
        schema: ZStaffNotificationSettings,
        operation: 'Saving your notifications',
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}
