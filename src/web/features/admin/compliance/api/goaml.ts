import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GOAML_SETTINGS_PATH,
  LARGE_CASH_REPORTS_PATH,
  ZGoamlSettings,
  ZLargeCashReportList,
  type TGoamlSettingsUpdate,
} from '#shared/contracts/goaml.js';
import { apiRequest } from '#web/lib/api.js';

/** goAML reporting (docs/decisions/077): its settings and the daily large cash transaction reports. */
export const goamlKeys = {
  settings: ['admin', 'compliance', 'goaml-settings'] as const,
  largeCash: ['admin', 'compliance', 'large-cash-reports'] as const,
};

export function useGoamlSettings() {
  return useQuery({
    queryKey: goamlKeys.settings,
    queryFn: ({ signal }) => apiRequest(GOAML_SETTINGS_PATH, { schema: ZGoamlSettings, operation: 'Loading the goAML settings', signal }),
  });
}

export function useSaveGoamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TGoamlSettingsUpdate) =>
      apiRequest(GOAML_SETTINGS_PATH, { method: 'PUT', body: update, schema: ZGoamlSettings, operation: 'Saving the goAML settings' }),
    onSuccess: (saved) => queryClient.setQueryData(goamlKeys.settings, saved),
  });
}

export function useLargeCashReports() {
  return useQuery({
    queryKey: goamlKeys.largeCash,
    queryFn: ({ signal }) =>
      apiRequest(LARGE_CASH_REPORTS_PATH, { schema: ZLargeCashReportList, operation: 'Loading the large cash reports', signal }),
  });
}
