import { MONITORING_SETTINGS } from '#shared/compliance-rules/index.js';
import {
  ALERT_ACTION_LABELS,
  ALERT_ACTIONS,
  ALERT_RULE_LABELS,
  ALERT_RULES,
  type TComplianceSettings,
} from '#shared/contracts/compliance.js';
import { Controller } from 'react-hook-form';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { Select, toOptions } from '#web/components/ui/select.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSaveComplianceSettings } from '#web/features/admin/compliance/api/compliance.js';
import {
  toSettingsFormValues,
  ZComplianceSettingsForm,
  type TComplianceSettingsFormValues,
} from '#web/features/admin/compliance/lib/settings-form.js';

/**
 * The monitoring thresholds, what each rule does and the retention period (docs/decisions/017):
 * the fields are the rules' own settings (src/shared/compliance-rules, docs/decisions/041).
 * Compliance reads them here; only the super admin (`canEdit`) changes them.
 */
export function ComplianceSettingsForm({ settings, canEdit }: { settings: TComplianceSettings; canEdit: boolean }) {
  const form = useZodForm<typeof ZComplianceSettingsForm, TComplianceSettingsFormValues>(ZComplianceSettingsForm, {
    defaultValues: toSettingsFormValues(settings),
  });
  const save = useSaveComplianceSettings();
  const toast = useToast();
  const isDisabled = !canEdit || save.isPending;

  return (
    <Form
      form={form}
      className="max-w-3xl space-y-6"
      autoComplete="off"
      onSubmit={(update) =>
        save.mutate(update, {
          onSuccess: (saved) => {
            form.reset(toSettingsFormValues(saved));
            toast.success('Monitoring settings saved.');
          },
          onError: (error) => showServerError(form, error),
        })
      }
    >
      {!canEdit && <p className="text-sm text-slate-700">Only the Super Admin can change these settings.</p>}
      <fieldset className="card grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Thresholds</legend>
        {MONITORING_SETTINGS.map((setting) => (
          <TextField
            key={setting.key}
            name={setting.key}
            disabled={isDisabled}
            label={setting.label}
            inputMode={setting.kind === 'ghs' ? 'decimal' : 'numeric'}
            hint={setting.hint}
          />
        ))}
        <TextField
          name="retentionYears"
          disabled={isDisabled}
          label="Records retention (years)"
          inputMode="numeric"
          hint="Closed accounts are anonymised after this."
        />
      </fieldset>
      <fieldset className="card grid gap-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold text-slate-900">What each rule does</legend>
        {ALERT_RULES.map((rule) => (
          // Controlled, so the saved action is what the select shows from the first render.
          <Controller
            key={rule}
            control={form.control}
            name={`ruleActions.${rule}`}
            render={({ field, fieldState }) => (
              <Select
                {...field}
                disabled={isDisabled}
                label={ALERT_RULE_LABELS[rule]}
                error={fieldState.error?.message}
                options={toOptions(ALERT_ACTIONS, ALERT_ACTION_LABELS)}
              />
            )}
          />
        ))}
      </fieldset>
      <FormAlert />
      {canEdit && (
        <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
          Save monitoring settings
        </Button>
      )}
    </Form>
  );
}
